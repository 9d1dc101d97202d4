/**
 * Keyboard-only helpers: move the focus with Tab or arrow keys until it reaches what a test wants,
 * pressing nothing but keys.
 */
import type { Page } from 'playwright-core';

/** What the focused element must be: match a CSS selector and/or carry this accessible text (aria-label, else text). */
export interface FocusTarget {
  selector?: string;
  name?: string;
}

/** What has the focus, for failure messages. */
export const focused = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');

const isFocused = (page: Page, target: FocusTarget): Promise<boolean> =>
  page.evaluate(({ selector, name }) => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    if (selector && !el.matches(selector)) return false;
    return name === undefined || (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === name;
  }, target);

/** Presses `key` (Tab by default) until the focused element is `target`; fails after `max` presses. After each press
 * it waits (up to 300 ms) for the focus to move, so a key handled a moment later (a menu still opening) is not
 * outrun by the next press. */
export async function pressUntil(page: Page, target: FocusTarget, { key = 'Tab', max = 80 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(page, target)) return;
    if (i === max) break;
    const before = await focused(page);
    await page.keyboard.press(key);
    await page
      .waitForFunction((was) => (document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing') !== was, before, { timeout: 300 })
      .catch(() => undefined);
  }
  throw new Error(`the focus did not reach ${JSON.stringify(target)} with ${max} × ${key}; it is on ${await focused(page)}`);
}

/** After Enter on a dropdown's trigger: waits until its menu is open and done animating (rc-menu ignores arrow keys
 * on a menu it cannot see yet), then Tab moves the focus into it. */
export async function tabIntoOpenMenu(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')].some(
      (menu) => !/-(enter|appear|leave)/.test(menu.className) && menu.getBoundingClientRect().height > 0,
    ),
  );
  await page.keyboard.press('Tab');
  await page
    .waitForFunction(() => document.activeElement?.closest('.ant-dropdown') != null)
    .catch(async () => {
      throw new Error(`Tab did not move the focus into the open menu; it is on ${await focused(page)}`);
    });
}
