/**
 * Inventory calls (data-areas §7): groups under /api/stores/{storeId}/inventoryGroups (UNGROUPED included),
 * their sections ("inventories") and scanned items, additional operations, and Compare under
 * /api/stores/{storeId}/compare. Types from @portal/contract.
 */
import {
  comparePath,
  type AdditionalOperation,
  type AdditionalOperationInput,
  type CompareItem,
  type CompareMode,
  type CompareScope,
  type InventoryGroup,
  type InventoryGroupInput,
  type InventoryItem,
  type InventorySection,
  type InventorySectionInput,
  type InventorySectionSummary,
  type ItemExistsResponse,
  type ItemInput,
  type NumInventoryItems,
} from '@portal/contract';
import { api } from './client';
import {
  addItemsTo,
  deleteAllListItems,
  deleteListItems,
  getListPage,
  importListItems,
  listEntryExists,
  type AddItemsToRequest,
  type ImportRequest,
  type ItemsCountResult,
  type ListId,
} from './lists';
import type { ListParams, ListResponse } from './types';

export type {
  AdditionalOperation,
  AdditionalOperationInput,
  CompareItem,
  CompareMode,
  CompareScope,
  InventoryGroup,
  InventoryGroupInput,
  InventoryItem,
  InventorySection,
  InventorySectionInput,
  InventorySectionSummary,
};
/** A group id in a path: its id or 'UNGROUPED'. */
export type GroupRef = number | 'UNGROUPED';

export const inventoryGroupsUrl = (storeId: number): string => `/api/stores/${storeId}/inventoryGroups`;
export const inventoryGroupUrl = (storeId: number, groupId: GroupRef): string => `${inventoryGroupsUrl(storeId)}/${groupId}`;
export const inventorySectionsUrl = (storeId: number, groupId: GroupRef): string => `${inventoryGroupUrl(storeId, groupId)}/inventories`;
export const inventorySectionUrl = (storeId: number, groupId: GroupRef, inventoryId: ListId): string =>
  `${inventorySectionsUrl(storeId, groupId)}/${inventoryId}`;
export const inventoryItemsUrl = (storeId: number, groupId: GroupRef, inventoryId: ListId): string =>
  `${inventorySectionUrl(storeId, groupId, inventoryId)}/items`;
/** Export URLs handed to the Export Items dialog. */
export const inventoryItemsExportUrl = (storeId: number, groupId: GroupRef, inventoryId: ListId): string =>
  `${inventorySectionUrl(storeId, groupId, inventoryId)}/export`;
export const groupItemsExportUrl = (storeId: number, groupId: GroupRef): string => `${inventoryGroupUrl(storeId, groupId)}/export`;
export const allInventoryItemsExportUrl = (storeId: number): string => `${inventoryGroupsUrl(storeId)}/allItems/export`;
export const additionalOperationsUrl = (storeId: number, groupId: GroupRef): string => `${inventoryGroupUrl(storeId, groupId)}/additionalOperations`;
export const compareUrl = (storeId: number, catalogueId: number, mode: CompareMode, scope: CompareScope): string =>
  `/api/stores/${storeId}/compare/${comparePath(catalogueId, mode, scope)}`;

// ---- groups ----
export const getInventoryGroups = (storeId: number, params: ListParams = {}): Promise<ListResponse<InventoryGroup>> =>
  getListPage(inventoryGroupsUrl(storeId), params);
export const getInventoryGroup = (storeId: number, groupId: GroupRef): Promise<InventoryGroup> => api.get(inventoryGroupUrl(storeId, groupId));
export const createInventoryGroup = (storeId: number, body: InventoryGroupInput): Promise<InventoryGroup> => api.post(inventoryGroupsUrl(storeId), body);
export const updateInventoryGroup = (storeId: number, groupId: number, body: InventoryGroupInput): Promise<InventoryGroup> =>
  api.put(inventoryGroupUrl(storeId, groupId), body);
export const deleteInventoryGroups = (storeId: number, ids: readonly ListId[]): Promise<unknown> =>
  deleteListItems(
    inventoryGroupsUrl(storeId),
    ids.filter((id) => id !== 'UNGROUPED'),
  );
/** POST /exists (inventoryGroupId, name): the group being edited keeps its own name. */
export const inventoryGroupExists = (storeId: number, body: { inventoryGroupId?: number | null; name: string }) =>
  listEntryExists(inventoryGroupsUrl(storeId), body);
export const getNumInventoryItems = (storeId: number): Promise<NumInventoryItems> => api.get(`${inventoryGroupsUrl(storeId)}/numInventoryItems`);

// ---- sections ----
export const getInventorySections = (storeId: number, groupId: GroupRef, params: ListParams = {}): Promise<ListResponse<InventorySection>> =>
  getListPage(inventorySectionsUrl(storeId, groupId), params);
/** GET /api/stores/{storeId}/inventories: every section of the library (tid, comment, date, groupId). */
export const getAllInventorySections = (storeId: number, params: ListParams = {}): Promise<ListResponse<InventorySectionSummary>> =>
  getListPage(`/api/stores/${storeId}/inventories`, params);
export const getInventorySection = (storeId: number, groupId: GroupRef, inventoryId: ListId): Promise<InventorySection> =>
  api.get(inventorySectionUrl(storeId, groupId, inventoryId));
export const createInventorySection = (storeId: number, groupId: GroupRef, body: InventorySectionInput): Promise<InventorySection> =>
  api.post(inventorySectionsUrl(storeId, groupId), body);
export const updateInventorySection = (storeId: number, groupId: GroupRef, inventoryId: ListId, body: InventorySectionInput): Promise<InventorySection> =>
  api.put(inventorySectionUrl(storeId, groupId, inventoryId), body);
export const deleteInventorySections = (storeId: number, groupId: GroupRef, ids: readonly ListId[]): Promise<unknown> =>
  deleteListItems(inventorySectionsUrl(storeId, groupId), ids);
export const inventorySectionExists = (storeId: number, groupId: GroupRef, body: { inventoryId?: number | null; comment: string }) =>
  listEntryExists(inventorySectionsUrl(storeId, groupId), body);

// ---- scanned items ----
export const getInventoryItems = (storeId: number, groupId: GroupRef, inventoryId: ListId, params: ListParams = {}): Promise<ListResponse<InventoryItem>> =>
  getListPage(inventoryItemsUrl(storeId, groupId, inventoryId), params);
export const getGroupItems = (storeId: number, groupId: GroupRef, params: ListParams = {}): Promise<ListResponse<InventoryItem>> =>
  getListPage(`${inventoryGroupUrl(storeId, groupId)}/items`, params);
export const getAllInventoryItems = (storeId: number, params: ListParams = {}): Promise<ListResponse<InventoryItem>> =>
  getListPage(`${inventoryGroupsUrl(storeId)}/allItems`, params);
export const createInventoryItem = (storeId: number, groupId: GroupRef, inventoryId: ListId, item: ItemInput): Promise<InventoryItem> =>
  api.post(inventoryItemsUrl(storeId, groupId, inventoryId), item);
export const updateInventoryItem = (storeId: number, groupId: GroupRef, inventoryId: ListId, itemId: ListId, item: ItemInput): Promise<InventoryItem> =>
  api.put(`${inventoryItemsUrl(storeId, groupId, inventoryId)}/${itemId}`, item);
export const deleteInventoryItems = (storeId: number, groupId: GroupRef, inventoryId: ListId, ids: readonly ListId[]): Promise<unknown> =>
  deleteListItems(inventoryItemsUrl(storeId, groupId, inventoryId), ids);
export const deleteAllInventoryItems = (storeId: number, groupId: GroupRef, inventoryId: ListId): Promise<unknown> =>
  deleteAllListItems(inventoryItemsUrl(storeId, groupId, inventoryId));
export const inventoryItemExists = (
  storeId: number,
  groupId: GroupRef,
  inventoryId: ListId,
  body: { inventoryItemId?: number | null; code?: string | null; objectId?: string | null },
): Promise<ItemExistsResponse> => listEntryExists<ItemExistsResponse>(inventoryItemsUrl(storeId, groupId, inventoryId), body);
export const importInventoryItems = (storeId: number, groupId: GroupRef, inventoryId: ListId, body: ImportRequest): Promise<ItemsCountResult> =>
  importListItems(inventorySectionUrl(storeId, groupId, inventoryId), body);
export const addItemsToInventory = (
  storeId: number,
  groupId: GroupRef,
  inventoryId: ListId,
  from: string,
  body: AddItemsToRequest,
): Promise<ItemsCountResult> => addItemsTo(inventorySectionUrl(storeId, groupId, inventoryId), from, body);

// ---- additional operations ----
export const getAdditionalOperations = (storeId: number, groupId: GroupRef, params: ListParams = {}): Promise<ListResponse<AdditionalOperation>> =>
  getListPage(additionalOperationsUrl(storeId, groupId), params);
export const createAdditionalOperation = (storeId: number, groupId: GroupRef, body: AdditionalOperationInput): Promise<AdditionalOperation> =>
  api.post(additionalOperationsUrl(storeId, groupId), body);
export const updateAdditionalOperation = (
  storeId: number,
  groupId: GroupRef,
  operationId: number,
  body: AdditionalOperationInput,
): Promise<AdditionalOperation> => api.put(`${additionalOperationsUrl(storeId, groupId)}/${operationId}`, body);
export const deleteAdditionalOperations = (storeId: number, groupId: GroupRef, ids: readonly ListId[]): Promise<unknown> =>
  deleteListItems(additionalOperationsUrl(storeId, groupId), ids);
/** POST .../exists (name, groupId, additionalOperationId). */
export const additionalOperationExists = (
  storeId: number,
  groupId: GroupRef,
  body: { name: string; groupId?: number | string | null; additionalOperationId?: number | null },
) => listEntryExists(additionalOperationsUrl(storeId, groupId), body);

// ---- compare ----
export const getCompare = (
  storeId: number,
  catalogueId: number,
  mode: CompareMode,
  scope: CompareScope,
  params: ListParams = {},
): Promise<ListResponse<CompareItem>> => getListPage(compareUrl(storeId, catalogueId, mode, scope), params);
/** The number of items of a compare list (the Missing / Exceeded counts). */
export async function getCompareCount(storeId: number, catalogueId: number, mode: CompareMode, scope: CompareScope): Promise<number> {
  return (await getCompare(storeId, catalogueId, mode, scope, { offset: 0, limit: 1 })).total;
}
