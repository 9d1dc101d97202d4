import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps } from '@portal/ui';
import { DevicesPage } from './devices/DevicesPage';
import { manifest, type RoutePath } from './manifest';
import { ProfilePage } from './profile/ProfilePage';
import { StoreInfoPage } from './store/StoreInfoPage';
import { StoresPage } from './stores/StoresPage';
import { UsersPage } from './users/UsersPage';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/users': UsersPage,
  '/stores': StoresPage,
  '/store': StoreInfoPage,
  '/devices': DevicesPage,
  '/stores/:storeId/devices': DevicesPage,
  '/profile': ProfilePage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
