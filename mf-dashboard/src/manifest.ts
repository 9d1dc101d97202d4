import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs (access-shell-dashboard §2 and §6). Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_dashboard',
  namespace: 'dashboard',
  routes: [{ path: '/dashboard', permission: 'manager', titleKey: 'dashboard:titles.dashboard', group: 'home' }],
  menu: [
    { key: 'dashboard', group: 'home', path: '/dashboard', labelKey: 'dashboard:menu.dashboard', icon: 'DashboardOutlined', permission: 'manager', order: 10 },
  ],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
