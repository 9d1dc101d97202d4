import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { selectSession } from '@portal/session';
import { permittedEntries, permittedPaths } from './buildMenu';
import { useMenuEntries } from './MenuEntriesContext';
import { isUnder, longestMatch } from './paths';
import type { MenuEntry } from './types';

export interface CurrentSection {
  /** The permitted menu entry the current path belongs to, if any. */
  entry: MenuEntry | undefined;
  /** True inside the Items group (/inventories, /catalogues, /searchLists, /idModifications and sub-routes). */
  isItems: boolean;
  /** True when the user may open the current path (a permitted menu entry, its sub-routes or a registry route). */
  isPermitted: boolean;
}

export function useCurrentSection(): CurrentSection {
  const { menuEntries, routes } = useMenuEntries();
  const { role, permissions } = useSelector(selectSession);
  const { pathname } = useLocation();
  return useMemo(() => {
    const user = { role, permissions };
    const entry = longestMatch(pathname, permittedEntries(menuEntries, user));
    const isPermitted = permittedPaths(menuEntries, routes, user).some((allowed) => isUnder(pathname, allowed.path));
    return { entry, isItems: entry?.group === 'items', isPermitted };
  }, [menuEntries, routes, role, permissions, pathname]);
}
