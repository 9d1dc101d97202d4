import type { ComponentType } from 'react';
import { lazyPage, ManifestRoutes, type PageProps } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';

/** The page of each route the manifest declares (a route without a page does not compile), each fetched when first shown. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/imagesets': lazyPage(() => import('./imagesets/ImageSetsPage'), 'ImageSetsPage'),
  '/sipOperations': lazyPage(() => import('./sipOperations/SipOperationsPage'), 'SipOperationsPage'),
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
