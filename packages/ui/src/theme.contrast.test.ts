import { theme } from 'antd';
import { contrastRatio as contrast } from './contrast';
import { EXPIRED_ROW_COLORS, portalTheme } from './theme';

describe('portal theme colour contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  const token = theme.getDesignToken(portalTheme);

  it("reads the check itself right: antd's default blue on white is 4.1:1", () => {
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeLessThan(4.5);
  });

  it.each([
    ['white text on a primary button', '#ffffff', () => token.colorPrimary],
    ['a link on white', () => token.colorLink, '#ffffff'],
    ['the selected menu entry', () => token.colorPrimary, () => token.colorPrimaryBg],
    ['a primary link on the page background', () => token.colorLink, '#f5f5f5'],
    ['secondary text on white', () => token.colorTextDescription, '#ffffff'],
    ['secondary text on the page background', () => token.colorTextDescription, '#f5f5f5'],
    ['tertiary text on white', () => token.colorTextTertiary, '#ffffff'],
    ['placeholders on white', () => token.colorTextPlaceholder, '#ffffff'],
    ['the expired row style', EXPIRED_ROW_COLORS.color, EXPIRED_ROW_COLORS.background],
  ] as const)('%s', (_, fg, bg) => {
    const value = (c: string | (() => string)) => (typeof c === 'function' ? c() : c);
    expect(contrast(value(fg), value(bg))).toBeGreaterThanOrEqual(4.5);
  });
});
