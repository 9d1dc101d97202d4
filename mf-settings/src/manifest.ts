import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs. Users ('supervisor'), Libraries and the selected library's information ('manager'), a library's
 * devices ('devices': /devices is the selected library's) and the user's profile (profile menu, 'manager').
 * Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_settings',
  namespace: 'settings',
  routes: [
    { path: '/users', permission: 'supervisor', titleKey: 'settings:titles.users', group: 'settings' },
    { path: '/stores', permission: 'manager', titleKey: 'settings:titles.stores', group: 'settings' },
    { path: '/store', permission: 'manager', titleKey: 'settings:titles.store' },
    { path: '/devices', permission: 'devices', titleKey: 'settings:titles.devices', group: 'settings' },
    { path: '/stores/:storeId/devices', permission: 'devices', titleKey: 'settings:titles.devices', group: 'settings' },
    { path: '/profile', permission: 'manager', titleKey: 'settings:titles.profile', group: 'profile' },
  ],
  menu: [
    { key: 'users', group: 'settings', path: '/users', labelKey: 'settings:menu.users', icon: 'TeamOutlined', permission: 'supervisor', order: 10 },
    { key: 'stores', group: 'settings', path: '/stores', labelKey: 'settings:menu.stores', icon: 'ShopOutlined', permission: 'manager', order: 20 },
    { key: 'devices', group: 'settings', path: '/devices', labelKey: 'settings:menu.devices', icon: 'ApiOutlined', permission: 'devices', order: 30 },
    { key: 'profile', group: 'profile', path: '/profile', labelKey: 'settings:menu.profile', icon: 'UserOutlined', permission: 'manager', order: 10 },
  ],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
