/**
 * The calls of an item container (data-areas §7): catalogues and search lists answer the same routes under
 * /api/stores/{storeId}/{path}; only the base path and the id names in the exists bodies differ.
 */
import type { Catalogue, CatalogueInput, CatalogueItem, ItemExistsResponse, ItemInput, NumCatalogueItems } from '@portal/contract';
import { api } from './client';
import {
  addItemsTo,
  deleteAllListItems,
  deleteListItems,
  getListPage,
  importListItems,
  listEntryExists,
  syncListItems,
  type AddItemsToRequest,
  type ImportRequest,
  type ItemsCountResult,
  type ListId,
} from './lists';
import type { ListParams, ListResponse } from './types';

export type ContainerPath = 'catalogues' | 'searchLists';

/** Every call of one container kind; NameBody/PairBody are its POST /exists and /items/exists bodies. */
export function containerCalls<NameBody extends Record<string, unknown>, PairBody extends Record<string, unknown>>(path: ContainerPath) {
  const listUrl = (storeId: number): string => `/api/stores/${storeId}/${path}`;
  const url = (storeId: number, id: ListId): string => `${listUrl(storeId)}/${id}`;
  const itemsUrl = (storeId: number, id: ListId): string => `${url(storeId, id)}/items`;
  const items = (storeId: number, id: ListId, params: ListParams = {}): Promise<ListResponse<CatalogueItem>> =>
    getListPage<CatalogueItem>(itemsUrl(storeId, id), params);
  return {
    listUrl,
    url,
    itemsUrl,
    exportUrl: (storeId: number, id: ListId): string => `${url(storeId, id)}/export`,
    list: (storeId: number, params: ListParams = {}): Promise<ListResponse<Catalogue>> => getListPage<Catalogue>(listUrl(storeId), params),
    get: (storeId: number, id: ListId): Promise<Catalogue> => api.get(url(storeId, id)),
    create: (storeId: number, input: CatalogueInput): Promise<Catalogue> => api.post(listUrl(storeId), input),
    update: (storeId: number, id: ListId, input: CatalogueInput): Promise<Catalogue> => api.put(url(storeId, id), input),
    remove: (storeId: number, ids: readonly ListId[]): Promise<unknown> => deleteListItems(listUrl(storeId), ids),
    removeAll: (storeId: number): Promise<unknown> => deleteAllListItems(listUrl(storeId)),
    /** POST /exists (the edited one's id, name). */
    exists: (storeId: number, body: NameBody): Promise<{ exists: boolean }> => listEntryExists(listUrl(storeId), body),
    /** GET /num{Kind}Items → items over every list of the store, and distinct ones. */
    numAllItems: (storeId: number): Promise<NumCatalogueItems> =>
      api.get(`${listUrl(storeId)}/${path === 'catalogues' ? 'numCatalogueItems' : 'numSearchListItems'}`),
    /** POST /import: one new list per sheet. */
    importMany: (storeId: number, body: ImportRequest): Promise<ItemsCountResult> => importListItems(listUrl(storeId), body),
    items,
    /** The number of items of one list (a Num Items cell). */
    numItems: async (storeId: number, id: ListId): Promise<number> => (await items(storeId, id, { offset: 0, limit: 1 })).total,
    removeItems: (storeId: number, id: ListId, ids: readonly ListId[]): Promise<unknown> => deleteListItems(itemsUrl(storeId, id), ids),
    removeAllItems: (storeId: number, id: ListId): Promise<unknown> => deleteAllListItems(itemsUrl(storeId, id)),
    importItems: (storeId: number, id: ListId, body: ImportRequest): Promise<ItemsCountResult> => importListItems(url(storeId, id), body),
    sync: (storeId: number, id: ListId): Promise<ItemsCountResult> => syncListItems(url(storeId, id)),
    addItemsTo: (storeId: number, id: ListId, from: string, body: AddItemsToRequest): Promise<ItemsCountResult> => addItemsTo(url(storeId, id), from, body),
    createItem: (storeId: number, id: ListId, item: ItemInput): Promise<CatalogueItem> => api.post(itemsUrl(storeId, id), item),
    updateItem: (storeId: number, id: ListId, itemId: ListId, item: ItemInput): Promise<CatalogueItem> => api.put(`${itemsUrl(storeId, id)}/${itemId}`, item),
    /** POST /{id}/items/exists: is the pair, as it would be stored (code), taken by another item? */
    itemExists: (storeId: number, id: ListId, body: PairBody): Promise<ItemExistsResponse> => listEntryExists<ItemExistsResponse>(itemsUrl(storeId, id), body),
  };
}

export type ContainerCalls = ReturnType<typeof containerCalls<Record<string, unknown>, Record<string, unknown>>>;
