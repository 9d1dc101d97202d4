import { hasPermission } from '@portal/session';
import { SIDEBAR_GROUPS } from './groups';
import type { MenuEntry, MenuGroup, PermissionHolder, RouteEntry } from './types';

export interface MenuSection {
  group: Exclude<MenuGroup, 'profile'>;
  entries: MenuEntry[];
}

const byOrder = (a: MenuEntry, b: MenuEntry) => (a.order ?? 0) - (b.order ?? 0);

/** Entries the user may see (spec §6); the registry is the only source of what exists. */
export function permittedEntries(entries: readonly MenuEntry[], user: PermissionHolder): MenuEntry[] {
  return entries.filter((entry) => hasPermission(normalise(user), entry.permission));
}

/** The sidebar: permitted entries per group, groups in spec order; a group without entries is not shown. */
export function buildSidebar(entries: readonly MenuEntry[], user: PermissionHolder): MenuSection[] {
  const visible = permittedEntries(entries, user);
  return SIDEBAR_GROUPS
    .map((group) => ({ group, entries: visible.filter((entry) => entry.group === group).sort(byOrder) }))
    .filter((section) => section.entries.length > 0);
}

/** Every path the user may open: permitted menu entries plus permitted registry routes (/store, sub-routes). */
export function permittedPaths(entries: readonly MenuEntry[], routes: readonly RouteEntry[], user: PermissionHolder): { path: string }[] {
  const allowedRoutes = routes.filter((route) => hasPermission(normalise(user), route.permission));
  return [...permittedEntries(entries, user), ...allowedRoutes];
}

function normalise(user: PermissionHolder): { role: string; permissions: string[] } {
  return { role: user.role ?? '', permissions: [...(user.permissions ?? [])] };
}
