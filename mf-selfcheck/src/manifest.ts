import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs. Self-check image sets and SIP operations: the SelfChecks group, 'imagesets' permission.
 * Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_selfcheck',
  namespace: 'selfcheck',
  routes: [
    { path: '/imagesets', permission: 'imagesets', titleKey: 'selfcheck:titles.imagesets', group: 'selfchecks' },
    { path: '/sipOperations', permission: 'imagesets', titleKey: 'selfcheck:titles.sipOperations', group: 'selfchecks' },
  ],
  menu: [
    {
      key: 'imagesets',
      group: 'selfchecks',
      path: '/imagesets',
      labelKey: 'selfcheck:menu.imagesets',
      icon: 'PictureOutlined',
      permission: 'imagesets',
      order: 10,
    },
    {
      key: 'sipOperations',
      group: 'selfchecks',
      path: '/sipOperations',
      labelKey: 'selfcheck:menu.sipOperations',
      icon: 'SwapOutlined',
      permission: 'imagesets',
      order: 20,
    },
  ],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
