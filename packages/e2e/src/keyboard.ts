/**
 * Keyboard-only helpers (issue 16): move the focus with Tab or arrow keys until it reaches what a test wants,
 * pressing nothing but keys.
 */
import type { Page } from 'playwright-core';

/** What the focused element must be: match a CSS selector and/or carry this accessible text (aria-label, else text). */
export interface FocusTarget { selector?: string; name?: string }

/** What has the focus, for failure messages. */
export const focused = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');

const isFocused = (page: Page, target: FocusTarget): Promise<boolean> => page.evaluate(({ selector, name }) => {
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  if (selector && !el.matches(selector)) return false;
  return name === undefined || (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === name;
}, target);

/** Presses `key` (Tab by default) until the focused element is `target`; fails after `max` presses. */
export async function pressUntil(page: Page, target: FocusTarget, { key = 'Tab', max = 80 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(page, target)) return;
    if (i < max) await page.keyboard.press(key);
  }
  throw new Error(`the focus did not reach ${JSON.stringify(target)} with ${max} × ${key}; it is on ${await focused(page)}`);
}
