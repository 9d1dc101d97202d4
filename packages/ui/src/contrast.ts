/**
 * WCAG 2.1 contrast ratio between a text colour and its background (1 to 21; AA asks 4.5 for normal text).
 * Colours are #rrggbb or rgb()/rgba(); a translucent text colour is blended on the background first.
 */
export function contrastRatio(foreground: string, background: string): number {
  const back = toRgb(background);
  const [a, b] = [luminance(toRgb(foreground, back)), luminance(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

function toRgb(color: string, under: number[] = [255, 255, 255]): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16));
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(color)?.[1]
    .split(',')
    .map((p) => Number(p.trim()));
  if (!parts || parts.length < 3) throw new Error(`unreadable colour ${color}`);
  const alpha = parts[3] ?? 1;
  return parts.slice(0, 3).map((c, i) => c * alpha + under[i] * (1 - alpha));
}

function luminance([r, g, b]: number[]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
