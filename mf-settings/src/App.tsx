import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps, PlaceholderPage } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/users': PlaceholderPage,
  '/stores': PlaceholderPage,
  '/store': PlaceholderPage,
  '/profile': PlaceholderPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
