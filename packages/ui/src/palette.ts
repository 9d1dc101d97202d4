/** The fixed 16-colour palette of pies and multibars (spec §9), assigned by label. */
export const PALETTE: readonly string[] = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#13c2c2',
  '#722ed1',
  '#fadb14',
  '#f5222d',
  '#2f54eb',
  '#a0d911',
  '#fa541c',
  '#08979c',
  '#9254de',
  '#d4b106',
  '#597ef7',
  '#8c8c8c',
];

/** FNV-1a: a small, well-spread string hash, the same in every browser and every remote. */
function hash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Module state shared by every remote (this package is a Module Federation singleton).
const colorByLabel = new Map<string, string>();
const labelBySlot = new Map<number, string>();

/**
 * The colour of a label: the same label gets the same colour everywhere. A label starts at the slot of
 * its hash; while free slots remain, a taken slot moves it to the next free one, so up to 16 labels on
 * screen never share a colour.
 */
export function colorForLabel(label: string): string {
  const known = colorByLabel.get(label);
  if (known) return known;
  let slot = hash(label) % PALETTE.length;
  if (labelBySlot.size < PALETTE.length) {
    while (labelBySlot.has(slot)) slot = (slot + 1) % PALETTE.length;
    labelBySlot.set(slot, label);
  }
  const color = PALETTE[slot];
  colorByLabel.set(label, color);
  return color;
}

/** label → colour for a chart's labels. */
export function colorMapFor(labels: readonly string[]): Record<string, string> {
  return Object.fromEntries(labels.map((label) => [label, colorForLabel(label)]));
}
