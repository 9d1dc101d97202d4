/** The sections' widget grid (DashboardGrid.css): every column span a widget declares has its class there. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_SECTIONS } from '../model/sections';
import { DEFAULT_SPAN } from '../model/types';
import { spanClassName } from './DashboardSectionView';

const css = readFileSync(path.join(__dirname, 'DashboardGrid.css'), 'utf8');
const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 };

/** The breakpoint's min-width media query (none for xs) holding `.dashboard-<breakpoint>-<span>`. */
function ruleOf(className: string): { minWidth: number; span: number } | undefined {
  const at = css.indexOf(`.${className} {`);
  if (at < 0) return undefined;
  const media = [...css.slice(0, at).matchAll(/@media \(min-width: (\d+)px\) \{|^\}/gm)].pop();
  const minWidth = media?.[1] ? Number(media[1]) : 0;
  const span = Number(/grid-column: span (\d+);/.exec(css.slice(at))?.[1]);
  return { minWidth, span };
}

it('has a class for every span of every widget, in its breakpoint, spanning that many of 24 columns', () => {
  expect(css).toMatch(/grid-template-columns: repeat\(24, minmax\(0, 1fr\)\)/);
  const spans = [DEFAULT_SPAN, ...DASHBOARD_SECTIONS.flatMap((section) => section.children.map((widget) => widget.span ?? DEFAULT_SPAN))];
  for (const span of spans) {
    for (const className of spanClassName(span).split(' ')) {
      const [, breakpoint, columns] = /^dashboard-(\w+)-(\d+)$/.exec(className)!;
      expect([className, ruleOf(className)]).toEqual([className, { minWidth: BREAKPOINTS[breakpoint as keyof typeof BREAKPOINTS], span: Number(columns) }]);
    }
  }
  expect(spanClassName({ xs: 24, sm: 12, md: 8, lg: 6, xl: 6 })).toBe('dashboard-xs-24 dashboard-sm-12 dashboard-md-8 dashboard-lg-6 dashboard-xl-6');
});
