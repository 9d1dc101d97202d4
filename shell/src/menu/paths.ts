import { matchPath } from 'react-router-dom';

/**
 * True when `pathname` is the route `pattern` (react-router syntax, e.g. /searchLists/:searchListId) or one
 * of its sub-routes, at segment boundaries: /inventories/3 is under /inventories, /stores is not under /store.
 */
export function isUnder(pathname: string, pattern: string): boolean {
  return matchPath({ path: pattern, end: false }, pathname) !== null;
}

/** The entry with the longest path that `pathname` is under, so /inventories/3/items picks /inventories. */
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
