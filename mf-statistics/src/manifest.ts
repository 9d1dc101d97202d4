import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs. Counters statistics ('statistics' permission) and RFID alarms ('alarms' permission).
 * Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_statistics',
  namespace: 'statistics',
  routes: [
    { path: '/counters', permission: 'statistics', titleKey: 'statistics:titles.counters', group: 'statistics' },
    { path: '/alarms', permission: 'alarms', titleKey: 'statistics:titles.alarms', group: 'statistics' },
  ],
  menu: [
    {
      key: 'counters',
      group: 'statistics',
      path: '/counters',
      labelKey: 'statistics:menu.counters',
      icon: 'LineChartOutlined',
      permission: 'statistics',
      order: 10,
    },
    { key: 'alarms', group: 'statistics', path: '/alarms', labelKey: 'statistics:menu.alarms', icon: 'AlertOutlined', permission: 'alarms', order: 20 },
  ],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
