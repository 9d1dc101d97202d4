/**
 * The accessibility check: axe-core through @axe-core/playwright on the page as it is now, against
 * WCAG 2.1 A/AA. Only serious and critical violations count; each is reported once (first place seen) as
 * "place: rule (impact) help — element — why".
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const COUNTED = new Set(['serious', 'critical']);

export class AxeReport {
  readonly lines: string[] = [];
  private readonly seen = new Set<string>();
  /** Places checked, with how long each took (the test prints them). */
  readonly checked: string[] = [];

  /**
   * Runs axe on the page, or only inside `scope` (a CSS selector: the content area once the header and sidebar
   * were checked, an open dialog), and records what counts.
   */
  async check(page: Page, place: string, scope?: string): Promise<void> {
    const started = Date.now();
    await atRest(page, place);
    // Legacy mode: axe.run in the page itself. The default runs each frame partially and then finishes in a new
    // blank page with axe injected again, which cost most of each check's time (the portal has no frames).
    const builder = new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true);
    const result = await (scope ? builder.include(scope) : builder).analyze();
    for (const violation of result.violations) {
      if (!COUNTED.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        const target = node.target.map(String).join(' ');
        const key = `${violation.id} ${target}`;
        if (this.seen.has(key)) continue;
        this.seen.add(key);
        const why = (node.failureSummary ?? '').split('\n').slice(0, 2).join(' ').trim();
        this.lines.push(`${place}: ${violation.id} (${violation.impact}) ${violation.help} — ${target} — ${node.html.slice(0, 160)} — ${why}`);
        if (process.env.E2E_PROGRESS) process.stderr.write(`${this.lines[this.lines.length - 1]}\n`);
      }
    }
    this.checked.push(`${place} ${Date.now() - started} ms`);
    if (process.env.E2E_PROGRESS) process.stderr.write(`axe ${place}: ${Date.now() - started} ms\n`);
  }
}

/**
 * Waits until no finite animation runs (spinners loop and are left alone). An element fading in, such as antd's
 * upload list appearing, has the contrast of its current opacity: axe must see the page as it ends up.
 */
async function atRest(page: Page, place: string): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(async () => {
      const running = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => (animation as CSSAnimation).animationName ?? String(animation.id)),
      );
      throw new Error(`${place}: animations still running after 10 s: ${running.join(', ')}`);
    });
}
