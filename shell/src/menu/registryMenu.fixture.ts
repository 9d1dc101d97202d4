// Test fixture: the menu entries and routes the remotes' manifests declare (spec access-shell-dashboard §2
// table and §6), in the remotes' own namespaces as in registry.json.
import type { MenuEntry, RouteEntry } from './types';

export const REGISTRY_MENU: MenuEntry[] = [
  { key: 'dashboard', group: 'home', path: '/dashboard', labelKey: 'dashboard:menu.dashboard', icon: 'DashboardOutlined', permission: 'manager', order: 10 },
  { key: 'itemEvents', group: 'home', path: '/itemEvents', labelKey: 'items:menu.itemEvents', icon: 'SearchOutlined', permission: 'inventories', order: 20 },
  { key: 'inventories', group: 'items', path: '/inventories', labelKey: 'items:menu.inventories', icon: 'ContainerOutlined', permission: 'inventories', order: 10 },
  { key: 'catalogues', group: 'items', path: '/catalogues', labelKey: 'items:menu.catalogues', icon: 'BookOutlined', permission: 'inventories', order: 20 },
  { key: 'searchLists', group: 'items', path: '/searchLists', labelKey: 'items:menu.searchLists', icon: 'UnorderedListOutlined', permission: 'inventories', order: 30 },
  { key: 'idModifications', group: 'items', path: '/idModifications', labelKey: 'items:menu.idModifications', icon: 'CodeOutlined', permission: 'inventories', order: 40 },
  { key: 'counters', group: 'statistics', path: '/counters', labelKey: 'statistics:menu.counters', icon: 'LineChartOutlined', permission: 'statistics', order: 10 },
  { key: 'alarms', group: 'statistics', path: '/alarms', labelKey: 'statistics:menu.alarms', icon: 'AlertOutlined', permission: 'alarms', order: 20 },
  { key: 'imagesets', group: 'selfchecks', path: '/imagesets', labelKey: 'selfcheck:menu.imagesets', icon: 'PictureOutlined', permission: 'imagesets', order: 10 },
  { key: 'sipOperations', group: 'selfchecks', path: '/sipOperations', labelKey: 'selfcheck:menu.sipOperations', icon: 'SwapOutlined', permission: 'imagesets', order: 20 },
  { key: 'users', group: 'settings', path: '/users', labelKey: 'settings:menu.users', icon: 'TeamOutlined', permission: 'supervisor', order: 10 },
  { key: 'stores', group: 'settings', path: '/stores', labelKey: 'settings:menu.stores', icon: 'ShopOutlined', permission: 'manager', order: 20 },
  { key: 'profile', group: 'profile', path: '/profile', labelKey: 'settings:menu.profile', icon: 'UserOutlined', permission: 'manager', order: 10 },
];

export const REGISTRY_ROUTES: RouteEntry[] = [
  { path: '/dashboard', permission: 'manager', titleKey: 'dashboard:titles.dashboard', group: 'home' },
  { path: '/inventories', permission: 'inventories', titleKey: 'items:titles.inventories', group: 'items' },
  { path: '/inventories/:inventoryGroupId/sections', permission: 'inventories', titleKey: 'items:titles.sections', group: 'items' },
  { path: '/searchLists/:searchListId', permission: 'inventories', titleKey: 'items:titles.searchList', group: 'items' },
  { path: '/store', permission: 'manager', titleKey: 'settings:titles.store', group: 'settings' },
  { path: '/users', permission: 'supervisor', titleKey: 'settings:titles.users', group: 'settings' },
  { path: '/capacities/:token', titleKey: 'public:titles.capacities' },
];

/** Demo accounts of the brief: who signs in and with what. */
export const DEMO_USERS = {
  admin: { role: 'admin', permissions: [] as string[] },
  supervisor: { role: 'supervisor', permissions: ['manager', 'inventories', 'statistics', 'alarms', 'imagesets'] },
  manager: { role: 'user', permissions: ['manager'] },
  librarian: { role: 'user', permissions: ['manager', 'inventories'] },
};
