/**
 * What differs between the two item containers (data-areas §2): catalogues and search lists share these
 * screens, forms and hooks; a ContainerKind names the routes, the saved-column list names, the Add Items To
 * source, the texts and the calls of one of them.
 */
import {
  catalogueExists,
  catalogueExportUrl,
  catalogueItemExists,
  cataloguesUrl,
  createCatalogue,
  createCatalogueItem,
  deleteAllCatalogueItems,
  deleteAllCatalogues,
  deleteCatalogueItems,
  deleteCatalogues,
  getCatalogue,
  getCatalogueItems,
  getCatalogueNumItems,
  getCatalogues,
  getNumCatalogueItems,
  importCatalogueItems,
  importCatalogues,
  syncCatalogue,
  updateCatalogue,
  updateCatalogueItem,
  type Catalogue,
  type CatalogueInput,
  type CatalogueItem,
  type CatalogueItemInput,
  type ImportRequest,
  type ItemsCountResult,
  type ListParams,
  type ListResponse,
} from '@portal/api';

export interface ContainerCallsOf {
  list(storeId: number, params: ListParams): Promise<ListResponse<Catalogue>>;
  get(storeId: number, id: number): Promise<Catalogue>;
  create(storeId: number, input: CatalogueInput): Promise<Catalogue>;
  update(storeId: number, id: number, input: CatalogueInput): Promise<Catalogue>;
  remove(storeId: number, ids: (number | string)[]): Promise<unknown>;
  removeAll(storeId: number): Promise<unknown>;
  /** Is `name` taken by another list than editedId? */
  exists(storeId: number, editedId: number | null, name: string): Promise<{ exists: boolean }>;
  numAllItems(storeId: number): Promise<{ numItems: number; numItemsDistinct: number }>;
  importMany(storeId: number, request: ImportRequest): Promise<ItemsCountResult>;
  listExportUrl(storeId: number): string;
  items(storeId: number, id: number, params: ListParams): Promise<ListResponse<CatalogueItem>>;
  numItems(storeId: number, id: number): Promise<number>;
  removeItems(storeId: number, id: number, ids: (number | string)[]): Promise<unknown>;
  removeAllItems(storeId: number, id: number): Promise<unknown>;
  importItems(storeId: number, id: number, request: ImportRequest): Promise<ItemsCountResult>;
  exportUrl(storeId: number, id: number): string;
  sync(storeId: number, id: number): Promise<ItemsCountResult>;
  createItem(storeId: number, id: number, input: CatalogueItemInput): Promise<CatalogueItem>;
  updateItem(storeId: number, id: number, itemId: number, input: CatalogueItemInput): Promise<CatalogueItem>;
  itemExists(
    storeId: number,
    id: number,
    pair: { itemId: number | null; code: string | null; objectId: string | null },
  ): Promise<{ exists: boolean; code?: string | null }>;
}

export interface ContainerKind {
  /** Route base: /catalogues or /searchLists. */
  path: '/catalogues' | '/searchLists';
  /** Keys in the user's visibleColumns setting. */
  listName: string;
  itemsListName: string;
  /** The Add Items To source name of its items. */
  addFrom: 'catalogue' | 'searchList';
  /** Translation keys (with their namespace when not 'catalogues'). */
  texts: { newList: string; editList: string; saveFailed: string; importWarning?: string };
  /** Catalogues offer Compare on their items page. */
  compare: boolean;
  calls: ContainerCallsOf;
}

export const CATALOGUES: ContainerKind = {
  path: '/catalogues',
  listName: 'catalogues',
  itemsListName: 'catalogueItems',
  addFrom: 'catalogue',
  texts: { newList: 'newCatalogue', editList: 'editCatalogue', saveFailed: 'saveFailed' },
  compare: true,
  calls: {
    list: (storeId, params) => getCatalogues(storeId, params),
    get: (storeId, id) => getCatalogue(storeId, id),
    create: (storeId, input) => createCatalogue(storeId, input),
    update: (storeId, id, input) => updateCatalogue(storeId, id, input),
    remove: (storeId, ids) => deleteCatalogues(storeId, ids),
    removeAll: (storeId) => deleteAllCatalogues(storeId),
    exists: (storeId, catalogueId, name) => catalogueExists(storeId, { catalogueId, name }),
    numAllItems: (storeId) => getNumCatalogueItems(storeId),
    importMany: (storeId, request) => importCatalogues(storeId, request),
    listExportUrl: (storeId) => `${cataloguesUrl(storeId)}/export`,
    items: (storeId, id, params) => getCatalogueItems(storeId, id, params),
    numItems: (storeId, id) => getCatalogueNumItems(storeId, id),
    removeItems: (storeId, id, ids) => deleteCatalogueItems(storeId, id, ids),
    removeAllItems: (storeId, id) => deleteAllCatalogueItems(storeId, id),
    importItems: (storeId, id, request) => importCatalogueItems(storeId, id, request),
    exportUrl: (storeId, id) => catalogueExportUrl(storeId, id),
    sync: (storeId, id) => syncCatalogue(storeId, id),
    createItem: (storeId, id, input) => createCatalogueItem(storeId, id, input),
    updateItem: (storeId, id, itemId, input) => updateCatalogueItem(storeId, id, itemId, input),
    itemExists: (storeId, id, { itemId, code, objectId }) => catalogueItemExists(storeId, id, { catalogueItemId: itemId, code, objectId }),
  },
};
