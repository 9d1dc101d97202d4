import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { LibraryGuard } from '@portal/ui';
import { CatalogueItemsPage, CataloguesPage } from './catalogues';
import { manifest, type RoutePath } from './manifest';
import { PlaceholderPage } from './pages/PlaceholderPage';

/** Every page receives its route's translated title (from the manifest) for its PageFrame. */
export interface PageProps {
  title: string;
}

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
  const { t } = useTranslation(manifest.namespace);
  return (
    <Routes>
      {manifest.routes.map(({ path, titleKey, group }) => {
        const Page = PAGES[path];
        const page = <Page title={t(titleKey)} />;
        // The Items routes need a usable library: their pages (and their calls) wait behind the guard screens.
        return <Route key={path} path={path} element={group === 'items' ? <LibraryGuard>{page}</LibraryGuard> : page} />;
      })}
    </Routes>
  );
}
