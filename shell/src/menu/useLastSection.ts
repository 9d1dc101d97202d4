import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { selectPermissionHolder } from '@portal/session';
import { buildSidebar, permittedPaths } from './buildMenu';
import { DEFAULT_SECTION } from './groups';
import { useMenuEntries } from './MenuEntriesContext';
import { isUnder, longestMatch } from './paths';

export const LAST_SECTION_KEY = 'portal.lastSection';

function readLastSection(): string | null {
  try {
    return window.localStorage.getItem(LAST_SECTION_KEY);
  } catch {
    return null;
  }
}

/**
 * Remembers the last sidebar section the user opened and answers where unknown paths go (spec: "the last
 * selected menu section, by default the dashboard"). A remembered section the current user may not open
 * (another user signed in since) falls back to the dashboard, or to the first section the user has.
 */
export function useLastSection(): string {
  const { menuEntries, routes } = useMenuEntries();
  const user = useSelector(selectPermissionHolder);
  const { pathname } = useLocation();

  const sidebarEntries = useMemo(() => buildSidebar(menuEntries, user).flatMap((section) => section.entries), [menuEntries, user]);
  const section = longestMatch(pathname, sidebarEntries)?.path;

  useEffect(() => {
    if (!section) return;
    try {
      window.localStorage.setItem(LAST_SECTION_KEY, section);
    } catch {
      // Storage may be unavailable (private mode); remembering is only a convenience.
    }
  }, [section]);

  const remembered = section ?? readLastSection();
  const allowed = permittedPaths(menuEntries, routes, user);
  const isAllowed = (path: string) => allowed.some((entry) => isUnder(path, entry.path));
  if (remembered && isAllowed(remembered)) return remembered;
  // Without the dashboard (its remote missing from the registry) the first section the user has will do.
  return isAllowed(DEFAULT_SECTION) ? DEFAULT_SECTION : (sidebarEntries[0]?.path ?? DEFAULT_SECTION);
}
