import { createContext, useContext, type ReactNode } from 'react';
import type { MenuEntry, RouteEntry } from './types';

export interface MenuEntriesValue {
  menuEntries: readonly MenuEntry[];
  /** Registry routes that are not menu entries (e.g. /store); sub-routes of menu paths need no entry. */
  routes: readonly RouteEntry[];
  /** False while the registry is still loading: unknown paths must not redirect yet. */
  ready: boolean;
}

const MenuEntriesContext = createContext<MenuEntriesValue>({ menuEntries: [], routes: [], ready: true });

export function MenuEntriesProvider({ children, ...value }: MenuEntriesValue & { children: ReactNode }) {
  return <MenuEntriesContext.Provider value={value}>{children}</MenuEntriesContext.Provider>;
}

export function useMenuEntries(): MenuEntriesValue {
  return useContext(MenuEntriesContext);
}
