// The registry's entries, as @portal/contract declares them (interfaces.md, registry section).
import type { MenuGroup, RegistryMenuEntry, RegistryRoute } from '@portal/contract';

export type { MenuGroup };
export type MenuEntry = RegistryMenuEntry;
/** A registry route; one without permission is public and never opened by the shell. */
export type RouteEntry = RegistryRoute;
export type SidebarGroup = Exclude<MenuGroup, 'profile'>;
