import type { ComponentType } from 'react';
import { lazyPage, ManifestRoutes, type PageProps } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';

const devices = () => import('./devices/DevicesPage');

/** The page of each route the manifest declares (a route without a page does not compile), each fetched when first shown. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/users': lazyPage(() => import('./users/UsersPage'), 'UsersPage'),
  '/stores': lazyPage(() => import('./stores/StoresPage'), 'StoresPage'),
  '/store': lazyPage(() => import('./store/StoreInfoPage'), 'StoreInfoPage'),
  '/devices': lazyPage(devices, 'DevicesPage'),
  '/stores/:storeId/devices': lazyPage(devices, 'DevicesPage'),
  '/profile': lazyPage(() => import('./profile/ProfilePage'), 'ProfilePage'),
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
