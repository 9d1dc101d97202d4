/** True when `pathname` is `base` itself or one of its sub-routes (/searchLists/12 is under /searchLists, /stores is not under /store). */
export function isUnder(pathname: string, base: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clean === base || clean.startsWith(`${base}/`);
}

/** The longest of `bases` that `pathname` is under, so /inventories/3/items picks /inventories. */
export function longestMatch<T extends { path: string }>(pathname: string, entries: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const entry of entries) {
    if (isUnder(pathname, entry.path) && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best;
}

/** The root of the section a path belongs to: its first segment (/inventories/3 → /inventories). */
export function sectionRoot(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}
