/** Simple wordmark logos, inline SVG as data URLs so an <img src> needs no extra request or asset loader. */
function wordmark(text: string, color: string, accent: string): string {
  const width = 40 + text.length * 14;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40">` +
    `<rect x="2" y="6" width="12" height="28" rx="2" fill="${color}"/>` +
    `<rect x="16" y="10" width="8" height="24" rx="2" fill="${accent}"/>` +
    `<rect x="26" y="4" width="6" height="30" rx="2" fill="${color}" opacity="0.7"/>` +
    `<text x="38" y="28" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="${color}">${text}</text>` +
    '</svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const productLogo = (name: string) => wordmark(name, '#1677ff', '#69b1ff');
export const libtecsLogo = wordmark('LIBTECS', '#0b6e4f', '#52c41a');
export const dialocidLogo = wordmark('DIALOCID', '#531dab', '#eb2f96');
