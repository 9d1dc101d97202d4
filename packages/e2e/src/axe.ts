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
