import { hasPermission, type PermissionHolder } from '@portal/session';
import { SIDEBAR_GROUPS } from './groups';
import type { MenuEntry, RouteEntry, SidebarGroup } from './types';

export interface MenuSection {
  group: SidebarGroup;
  entries: MenuEntry[];
}

type Holder = PermissionHolder | null;

const byOrder = (a: MenuEntry, b: MenuEntry) => a.order - b.order;

/** Entries the user may see (spec §6); the registry is the only source of what exists. */
export function permittedEntries(entries: readonly MenuEntry[], user: Holder): MenuEntry[] {
  return entries.filter((entry) => hasPermission(user, entry.permission));
}

/** Registry routes the user may open; public routes (no permission) belong to the public entry, not the shell. */
export function permittedRoutes(routes: readonly RouteEntry[], user: Holder): RouteEntry[] {
  return routes.filter((route) => route.permission !== undefined && hasPermission(user, route.permission));
}

/** The sidebar: permitted entries per group, groups in spec order; a group without entries is not shown. */
export function buildSidebar(entries: readonly MenuEntry[], user: Holder): MenuSection[] {
  const visible = permittedEntries(entries, user);
  return SIDEBAR_GROUPS.map((group) => ({ group, entries: visible.filter((entry) => entry.group === group).sort(byOrder) })).filter(
    (section) => section.entries.length > 0,
  );
}

/** Every path pattern the user may open: permitted menu entries (with their sub-routes) and permitted routes. */
export function permittedPaths(entries: readonly MenuEntry[], routes: readonly RouteEntry[], user: Holder): { path: string }[] {
  return [...permittedEntries(entries, user), ...permittedRoutes(routes, user)];
}
