import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { selectPermissionHolder } from '@portal/session';
import { permittedEntries, permittedRoutes } from './buildMenu';
import { useMenuEntries } from './MenuEntriesContext';
import { longestMatch } from './paths';
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
  const user = useSelector(selectPermissionHolder);
  const { pathname } = useLocation();
  return useMemo(() => {
    const entry = longestMatch(pathname, permittedEntries(menuEntries, user));
    const route = longestMatch(pathname, permittedRoutes(routes, user));
    const isPermitted = entry !== undefined || route !== undefined;
    // The route's own group wins: it is declared for exactly this path (e.g. every Items sub-route).
    const group = route?.group ?? entry?.group;
    return { entry, isItems: group === 'items', isPermitted };
  }, [menuEntries, routes, user, pathname]);
}
