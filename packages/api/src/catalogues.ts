/**
 * Catalogue calls under /api/stores/{storeId}/catalogues (data-areas §7 catalogues).
 * TODO(contract): switch these interfaces to Static<typeof …> from @portal/contract/catalogues once committed.
 */
import { api } from './client';
import {
  addItemsTo, deleteAllListItems, deleteListItems, getListPage, importListItems, listEntryExists, syncListItems,
  type AddItemsToRequest, type ImportRequest, type ItemsCountResult, type ListId,
} from './lists';
import type { ListParams, ListResponse } from './types';

export interface Catalogue {
  tid: number;
  name: string;
  syncURL: string | null;
  autoSync: boolean;
  /** YYYY-MM-DD HH:mm:ss, null before the first sync. */
  lastSync: string | null;
  /** Filled in later per row. */
  numItems?: number;
}
export interface CatalogueInput {
  name: string;
  syncURL?: string | null;
  autoSync?: boolean;
}
export interface CatalogueItem {
  tid: number;
  code: string | null;
  objectId: string | null;
  field1: string | null;
  field2: string | null;
  field3: string | null;
  field4: string | null;
  field5: string | null;
  field6: string | null;
}

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
export function catalogueExists(storeId: number, body: { catalogueId?: ListId; name: string }): Promise<{ exists: boolean }> {
  return listEntryExists(cataloguesUrl(storeId), body);
}

/** GET /numCatalogueItems → items over every catalogue of the store, and distinct ones. */
export function getNumCatalogueItems(storeId: number): Promise<{ numItems: number; numItemsDistinct: number }> {
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
