/** Catalogue calls under /api/stores/{storeId}/catalogues (data-areas §7 catalogues); types from @portal/contract. */
import type {
  Catalogue,
  CatalogueExistsBody,
  CatalogueInput,
  CatalogueItem,
  CatalogueItemExistsBody,
  ItemExistsResponse,
  ItemInput,
  NumCatalogueItems,
} from '@portal/contract';
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

export type { Catalogue, CatalogueInput, CatalogueItem };
/** A catalogue item's values (create and edit). */
export type CatalogueItemInput = ItemInput;

/** Base URL of a store's catalogues (also the generic list URL). */
export const cataloguesUrl = (storeId: number): string => `/api/stores/${storeId}/catalogues`;
export const catalogueUrl = (storeId: number, catalogueId: ListId): string => `${cataloguesUrl(storeId)}/${catalogueId}`;
/** Generic list URL of a catalogue's items. */
export const catalogueItemsUrl = (storeId: number, catalogueId: ListId): string => `${catalogueUrl(storeId, catalogueId)}/items`;
/** Export URL handed to the Export Items dialog. */
export const catalogueExportUrl = (storeId: number, catalogueId: ListId): string => `${catalogueUrl(storeId, catalogueId)}/export`;

export function getCatalogues(storeId: number, params: ListParams = {}): Promise<ListResponse<Catalogue>> {
  return getListPage<Catalogue>(cataloguesUrl(storeId), params);
}

export function getCatalogue(storeId: number, catalogueId: ListId): Promise<Catalogue> {
  return api.get(catalogueUrl(storeId, catalogueId));
}

export function createCatalogue(storeId: number, catalogue: CatalogueInput): Promise<Catalogue> {
  return api.post(cataloguesUrl(storeId), catalogue);
}

export function updateCatalogue(storeId: number, catalogueId: ListId, catalogue: CatalogueInput): Promise<Catalogue> {
  return api.put(catalogueUrl(storeId, catalogueId), catalogue);
}

export function deleteCatalogues(storeId: number, ids: readonly ListId[]): Promise<unknown> {
  return deleteListItems(cataloguesUrl(storeId), ids);
}

export function deleteAllCatalogues(storeId: number): Promise<unknown> {
  return deleteAllListItems(cataloguesUrl(storeId));
}

/** POST /exists (catalogueId, name): catalogueId is the one being edited, so its own name is accepted. */
export function catalogueExists(storeId: number, body: CatalogueExistsBody): Promise<{ exists: boolean }> {
  return listEntryExists(cataloguesUrl(storeId), body);
}

/** GET /numCatalogueItems → items over every catalogue of the store, and distinct ones. */
export function getNumCatalogueItems(storeId: number): Promise<NumCatalogueItems> {
  return api.get(`${cataloguesUrl(storeId)}/numCatalogueItems`);
}

/** POST /import: one new catalogue per sheet (multiple mode). */
export function importCatalogues(storeId: number, body: ImportRequest): Promise<ItemsCountResult> {
  return importListItems(cataloguesUrl(storeId), body);
}

export function getCatalogueItems(storeId: number, catalogueId: ListId, params: ListParams = {}): Promise<ListResponse<CatalogueItem>> {
  return getListPage<CatalogueItem>(catalogueItemsUrl(storeId, catalogueId), params);
}

/** The number of items of one catalogue (the list's Num Items column, filled in per row). */
export async function getCatalogueNumItems(storeId: number, catalogueId: ListId): Promise<number> {
  const page = await getCatalogueItems(storeId, catalogueId, { offset: 0, limit: 1 });
  return page.total;
}

export function deleteCatalogueItems(storeId: number, catalogueId: ListId, ids: readonly ListId[]): Promise<unknown> {
  return deleteListItems(catalogueItemsUrl(storeId, catalogueId), ids);
}

export function deleteAllCatalogueItems(storeId: number, catalogueId: ListId): Promise<unknown> {
  return deleteAllListItems(catalogueItemsUrl(storeId, catalogueId));
}

/** POST /{id}/import (fileName, fields, sheetIndex). */
export function importCatalogueItems(storeId: number, catalogueId: ListId, body: ImportRequest): Promise<ItemsCountResult> {
  return importListItems(catalogueUrl(storeId, catalogueId), body);
}

/** GET /{id}/sync → numItemsInserted of numItems. */
export function syncCatalogue(storeId: number, catalogueId: ListId): Promise<ItemsCountResult> {
  return syncListItems(catalogueUrl(storeId, catalogueId));
}

/** POST /{id}/items/{from} (parentId, compareId, itemIds, searchTexts). */
export function addItemsToCatalogue(storeId: number, catalogueId: ListId, from: string, body: AddItemsToRequest): Promise<ItemsCountResult> {
  return addItemsTo(catalogueUrl(storeId, catalogueId), from, body);
}

export function createCatalogueItem(storeId: number, catalogueId: ListId, item: CatalogueItemInput): Promise<CatalogueItem> {
  return api.post(catalogueItemsUrl(storeId, catalogueId), item);
}

export function updateCatalogueItem(storeId: number, catalogueId: ListId, itemId: ListId, item: CatalogueItemInput): Promise<CatalogueItem> {
  return api.put(`${catalogueItemsUrl(storeId, catalogueId)}/${itemId}`, item);
}

/** POST /{id}/items/exists: is the pair, as the ID modification script would store it (code), taken by an item other than catalogueItemId? */
export function catalogueItemExists(storeId: number, catalogueId: ListId, body: CatalogueItemExistsBody): Promise<ItemExistsResponse> {
  return listEntryExists<ItemExistsResponse>(catalogueItemsUrl(storeId, catalogueId), body);
}
