/** Catalogue calls under /api/stores/{storeId}/catalogues (data-areas §7): the shared container routes. */
import { CatalogueExistsBody, CatalogueItemExistsBody } from '@portal/contract';
import type { App } from '../app';
import { CATALOGUES } from '../services/containers';
import type { FilesDeps } from '../services/files';
import { containerRoutes } from './containers';

export function cataloguesRoutes(app: App, deps: FilesDeps): void {
  containerRoutes(app, deps, {
    path: 'catalogues',
    kind: CATALOGUES,
    numItemsPath: 'numCatalogueItems',
    existsBody: CatalogueExistsBody,
    existsExceptId: (body) => body.catalogueId,
    itemExistsBody: CatalogueItemExistsBody,
    itemExistsExceptId: (body) => body.catalogueItemId,
  });
}
