import type { ComponentType } from 'react';
import { lazyPage, ManifestRoutes, type PageProps } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';

const catalogues = () => import('./catalogues');
const inventories = () => import('./inventories');
const searchLists = () => import('./searchLists');

/** The page of each route the manifest declares (a route without a page does not compile), each area fetched when first shown. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/itemEvents': lazyPage(() => import('./itemEvents'), 'ItemEventsPage'),
  '/inventories': lazyPage(inventories, 'GroupsPage'),
  '/inventories/items': lazyPage(inventories, 'AllItemsPage'),
  '/inventories/:inventoryGroupId/sections': lazyPage(inventories, 'SectionsPage'),
  '/inventories/:inventoryGroupId/sections/:inventoryId': lazyPage(inventories, 'SectionItemsPage'),
  '/inventories/:inventoryGroupId/items': lazyPage(inventories, 'GroupItemsPage'),
  '/inventories/:inventoryGroupId/additionalOperations': lazyPage(() => import('./additionalOperations'), 'AdditionalOperationsPage'),
  '/catalogues': lazyPage(catalogues, 'CataloguesPage'),
  '/catalogues/:catalogueId': lazyPage(catalogues, 'CatalogueItemsPage'),
  '/catalogues/:catalogueId/compare': lazyPage(() => import('./compare'), 'ComparePage'),
  '/searchLists': lazyPage(searchLists, 'SearchListsPage'),
  '/searchLists/:searchListId': lazyPage(searchLists, 'SearchListItemsPage'),
  '/idModifications': lazyPage(() => import('./idModifications'), 'IdModificationsPage'),
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
