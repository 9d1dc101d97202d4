import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps } from '@portal/ui';
import { AdditionalOperationsPage } from './additionalOperations';
import { CatalogueItemsPage, CataloguesPage } from './catalogues';
import { ComparePage } from './compare';
import { IdModificationsPage } from './idModifications';
import { ItemEventsPage } from './itemEvents';
import { SearchListItemsPage, SearchListsPage } from './searchLists';
import { AllItemsPage, GroupItemsPage, GroupsPage, SectionItemsPage, SectionsPage } from './inventories';
import { manifest, type RoutePath } from './manifest';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/itemEvents': ItemEventsPage,
  '/inventories': GroupsPage,
  '/inventories/items': AllItemsPage,
  '/inventories/:inventoryGroupId/sections': SectionsPage,
  '/inventories/:inventoryGroupId/sections/:inventoryId': SectionItemsPage,
  '/inventories/:inventoryGroupId/items': GroupItemsPage,
  '/inventories/:inventoryGroupId/additionalOperations': AdditionalOperationsPage,
  '/catalogues': CataloguesPage,
  '/catalogues/:catalogueId': CatalogueItemsPage,
  '/catalogues/:catalogueId/compare': ComparePage,
  '/searchLists': SearchListsPage,
  '/searchLists/:searchListId': SearchListItemsPage,
  '/idModifications': IdModificationsPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
