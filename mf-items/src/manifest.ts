import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs. Item search, inventories, catalogues (with compare), search lists and ID modifications: Search and
 * the Items group, all behind the 'inventories' permission (access-shell-dashboard §6, data-areas §6).
 * Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_items',
  namespace: 'items',
  routes: [
    { path: '/itemEvents', permission: 'inventories', titleKey: 'items:titles.itemEvents', group: 'home' },
    { path: '/inventories', permission: 'inventories', titleKey: 'items:titles.inventories', group: 'items' },
    { path: '/inventories/items', permission: 'inventories', titleKey: 'items:titles.allInventoryItems', group: 'items' },
    { path: '/inventories/:inventoryGroupId/sections', permission: 'inventories', titleKey: 'items:titles.inventorySections', group: 'items' },
    { path: '/inventories/:inventoryGroupId/sections/:inventoryId', permission: 'inventories', titleKey: 'items:titles.inventoryItems', group: 'items' },
    { path: '/inventories/:inventoryGroupId/items', permission: 'inventories', titleKey: 'items:titles.inventoryGroupItems', group: 'items' },
    { path: '/inventories/:inventoryGroupId/additionalOperations', permission: 'inventories', titleKey: 'items:titles.additionalOperations', group: 'items' },
    { path: '/catalogues', permission: 'inventories', titleKey: 'items:titles.catalogues', group: 'items' },
    { path: '/catalogues/:catalogueId', permission: 'inventories', titleKey: 'items:titles.catalogueItems', group: 'items' },
    { path: '/catalogues/:catalogueId/compare', permission: 'inventories', titleKey: 'items:titles.compare', group: 'items' },
    { path: '/searchLists', permission: 'inventories', titleKey: 'items:titles.searchLists', group: 'items' },
    { path: '/searchLists/:searchListId', permission: 'inventories', titleKey: 'items:titles.searchListItems', group: 'items' },
    { path: '/idModifications', permission: 'inventories', titleKey: 'items:titles.idModifications', group: 'items' },
  ],
  menu: [
    { key: 'itemEvents', group: 'home', path: '/itemEvents', labelKey: 'items:menu.itemEvents', icon: 'SearchOutlined', permission: 'inventories', order: 20 },
    {
      key: 'inventories',
      group: 'items',
      path: '/inventories',
      labelKey: 'items:menu.inventories',
      icon: 'ContainerOutlined',
      permission: 'inventories',
      order: 10,
    },
    { key: 'catalogues', group: 'items', path: '/catalogues', labelKey: 'items:menu.catalogues', icon: 'BookOutlined', permission: 'inventories', order: 20 },
    {
      key: 'searchLists',
      group: 'items',
      path: '/searchLists',
      labelKey: 'items:menu.searchLists',
      icon: 'UnorderedListOutlined',
      permission: 'inventories',
      order: 30,
    },
    {
      key: 'idModifications',
      group: 'items',
      path: '/idModifications',
      labelKey: 'items:menu.idModifications',
      icon: 'CodeOutlined',
      permission: 'inventories',
      order: 40,
    },
  ],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
