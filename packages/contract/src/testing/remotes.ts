import type { RegistryRemote } from '../registry';

/** A well-formed registry entry (the dashboard's), for the registry checks' tests. */
export const dashboardRemote: RegistryRemote = {
  name: 'mf_dashboard',
  app: 'mf-dashboard',
  namespace: 'dashboard',
  version: '0.1.0',
  manifestUrl: '/remotes/mf-dashboard/mf-manifest.json',
  expose: './lifecycles',
  routes: [{ path: '/dashboard', permission: 'manager', titleKey: 'dashboard:titles.dashboard', group: 'home' }],
  menu: [
    { key: 'dashboard', group: 'home', path: '/dashboard', labelKey: 'dashboard:menu.dashboard', icon: 'DashboardOutlined', permission: 'manager', order: 10 },
  ],
  translations: { es: { menu: { dashboard: 'Panel' } } },
};
