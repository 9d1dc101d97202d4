import type { RemoteManifest } from '@portal/contract';

/**
 * What this remote provides (registry.json is built from it): routes and menu entries with the permission
 * each needs. The public capacity displays (no login, no permission: served by the public entry, public.html,
 * never mounted by the shell).
 * Titles and labels live in src/locales.
 */
export const manifest = {
  name: 'mf_public',
  namespace: 'public',
  routes: [
    { path: '/capacities/:token', titleKey: 'public:titles.capacities' },
    { path: '/capacities/:token/:storeCode/:language?', titleKey: 'public:titles.trafficLight' },
  ],
  menu: [],
} as const satisfies RemoteManifest;

export type RoutePath = (typeof manifest.routes)[number]['path'];
