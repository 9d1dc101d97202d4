// Shapes of the registry's menu and route entries (interfaces.md, registry section). Declared here
// structurally so the shell compiles on its own; the registry schema in @portal/contract produces
// objects of the same shape.
export type MenuGroup = 'home' | 'items' | 'statistics' | 'selfchecks' | 'settings' | 'profile';

export interface MenuEntry {
  key: string;
  group: MenuGroup;
  path: string;
  labelKey: string;
  icon?: string;
  permission: string;
  order?: number;
}

export interface RouteEntry {
  path: string;
  permission: string;
  titleKey?: string;
}

export interface PermissionHolder {
  role: string | null | undefined;
  permissions: readonly string[] | null | undefined;
}
