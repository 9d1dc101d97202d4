// Test fixture: the menu entries the remotes' manifests declare (spec access-shell-dashboard §2 table and §6).
import type { MenuEntry, RouteEntry } from './types';

export const REGISTRY_MENU: MenuEntry[] = [
  { key: 'dashboard', group: 'home', path: '/dashboard', labelKey: 'shell:menu.dashboard', icon: 'DashboardOutlined', permission: 'manager', order: 10 },
  { key: 'itemEvents', group: 'home', path: '/itemEvents', labelKey: 'shell:menu.itemEvents', icon: 'SearchOutlined', permission: 'inventories', order: 20 },
  { key: 'inventories', group: 'items', path: '/inventories', labelKey: 'shell:menu.inventories', icon: 'ContainerOutlined', permission: 'inventories', order: 10 },
  { key: 'catalogues', group: 'items', path: '/catalogues', labelKey: 'shell:menu.catalogues', icon: 'BookOutlined', permission: 'inventories', order: 20 },
  { key: 'searchLists', group: 'items', path: '/searchLists', labelKey: 'shell:menu.searchLists', icon: 'UnorderedListOutlined', permission: 'inventories', order: 30 },
  { key: 'idModifications', group: 'items', path: '/idModifications', labelKey: 'shell:menu.idModifications', icon: 'CodeOutlined', permission: 'inventories', order: 40 },
  { key: 'counters', group: 'statistics', path: '/counters', labelKey: 'shell:menu.counters', icon: 'LineChartOutlined', permission: 'statistics', order: 10 },
  { key: 'alarms', group: 'statistics', path: '/alarms', labelKey: 'shell:menu.alarms', icon: 'AlertOutlined', permission: 'alarms', order: 20 },
  { key: 'imagesets', group: 'selfchecks', path: '/imagesets', labelKey: 'shell:menu.imagesets', icon: 'PictureOutlined', permission: 'imagesets', order: 10 },
  { key: 'sipOperations', group: 'selfchecks', path: '/sipOperations', labelKey: 'shell:menu.sipOperations', icon: 'SwapOutlined', permission: 'imagesets', order: 20 },
  { key: 'users', group: 'settings', path: '/users', labelKey: 'shell:menu.users', icon: 'TeamOutlined', permission: 'supervisor', order: 10 },
  { key: 'stores', group: 'settings', path: '/stores', labelKey: 'shell:menu.stores', icon: 'ShopOutlined', permission: 'manager', order: 20 },
  { key: 'profile', group: 'profile', path: '/profile', labelKey: 'shell:menu.profile', icon: 'UserOutlined', permission: 'manager', order: 10 },
];

export const REGISTRY_ROUTES: RouteEntry[] = [
  { path: '/store', permission: 'manager' },
];

/** Demo accounts of the brief: who signs in and with what. */
export const DEMO_USERS = {
  admin: { role: 'admin', permissions: [] as string[] },
  supervisor: { role: 'supervisor', permissions: ['manager', 'inventories', 'statistics', 'alarms', 'imagesets'] },
  manager: { role: 'user', permissions: ['manager'] },
  librarian: { role: 'user', permissions: ['manager', 'inventories'] },
};
