import { contrastRatio } from '@portal/ui';
import { SCRIPT_TOKEN_COLORS } from './scriptHighlightStyle';

describe("the ID modification editor's token colours (WCAG 2.1 AA)", () => {
  it("reads CodeMirror's default regexp orange as failing (the colour axe found)", () => {
    expect(contrastRatio('#ee4400', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(Object.entries(SCRIPT_TOKEN_COLORS))('%s (%s) reads 4.5:1 or more on white', (_, color) => {
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
