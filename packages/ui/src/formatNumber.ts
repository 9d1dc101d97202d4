/**
 * Widget numbers (spec §9): over 999 as K with one decimal, over 999999 as M with one decimal.
 * 999 → '999', 1234 → '1.2K', 2500000 → '2.5M'.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs > 999999) return `${sign}${(abs / 1_000_000).toFixed(1)}M`;
  if (abs > 999) {
    const k = (abs / 1000).toFixed(1);
    // 999 950 and up would round to '1000.0K': that is a million.
    return k === '1000.0' ? `${sign}1.0M` : `${sign}${k}K`;
  }
  return String(n);
}
