import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps } from '@portal/ui';
import { ImageSetsPage } from './imagesets/ImageSetsPage';
import { manifest, type RoutePath } from './manifest';
import { SipOperationsPage } from './sipOperations/SipOperationsPage';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/imagesets': ImageSetsPage,
  '/sipOperations': SipOperationsPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
