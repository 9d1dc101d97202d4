import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps, PlaceholderPage } from '@portal/ui';
import { CatalogueItemsPage, CataloguesPage } from './catalogues';
import { manifest, type RoutePath } from './manifest';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/itemEvents': PlaceholderPage,
  '/inventories': PlaceholderPage,
  '/inventories/items': PlaceholderPage,
  '/inventories/:inventoryGroupId/sections': PlaceholderPage,
  '/inventories/:inventoryGroupId/sections/:inventoryId': PlaceholderPage,
  '/inventories/:inventoryGroupId/items': PlaceholderPage,
  '/inventories/:inventoryGroupId/additionalOperations': PlaceholderPage,
  '/catalogues': CataloguesPage,
  '/catalogues/:catalogueId': CatalogueItemsPage,
  '/catalogues/:catalogueId/compare': PlaceholderPage,
  '/searchLists': PlaceholderPage,
  '/searchLists/:searchListId': PlaceholderPage,
  '/idModifications': PlaceholderPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
