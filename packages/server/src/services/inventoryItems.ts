/**
 * Scanned items of a section, of a group (UNGROUPED included) and of every inventory of the library
 * (data-areas §2 Inventories, §3 Inventory item, §5, §7): lists and exports through the one list engine,
 * and every write path (manual, import, Add Items To) through the shared item rules (lists/itemWrites) with
 * the section's group and date on each row, then the search list flagging each scan (lists/searchListFlags).
 * Section items are unique by code/objectId pair in the section.
 */
import {
  parseIdList,
  type AddItemsFromBody,
  type ExportBody,
  type ImportBody,
  type InventoryItem,
  type ItemInput,
  type ItemsCountResult,
  type ListQuery,
} from '@portal/contract';
import { addItemsFrom } from '../lists/addFrom';
import type { ListScope } from '../lists/definition';
import { listPage, listParams } from '../lists/engine';
import { exportList, type ExportFile } from '../lists/export/export';
import { importFile } from '../lists/import';
import { normalizeItem } from '../lists/items';
import { idScriptFor } from '../lists/idModification';
import type { ItemTarget } from '../lists/itemWrites';
import { lastScanId } from '../lists/inventoryEvents';
import { reflagScans } from '../lists/searchListFlags';
import { resolveItemSource } from '../lists/sources';
import * as cq from '../queries/containers';
import * as q from '../queries/inventories';
import type { SectionRow } from '../queries/inventories';
import { alreadyExists, checkedValues, editOf, pairExists } from './containers';
import { unlessTaken } from '../db/uniqueViolation';
import { assertStoreReachable, type AuthUser } from './context';
import type { FilesDeps } from './files';
import { ownGroup, ownSection, sectionNotAvailable } from './inventories';
import { labelItems, SCANNED_ITEMS_LIST } from './inventoryLists';

type D = FilesDeps;

/** The section's items table, as the container queries and the item writers know it. */
const SECTION_ITEMS: cq.ContainerTables = { table: 'catalogues', itemsTable: 'inventory_items', parentColumn: 'inventory_id' };

export function sectionTarget(section: SectionRow): ItemTarget {
  return {
    table: 'inventory_items',
    parentColumn: 'inventory_id',
    parentId: section.id,
    storeId: section.store_id,
    extra: { group_id: section.group_id, date: section.date },
  };
}

async function page(deps: D, scope: ListScope, query: ListQuery): Promise<{ items: InventoryItem[]; total: number }> {
  const result = await listPage(deps.db, SCANNED_ITEMS_LIST, scope, listParams(query));
  return { ...result, items: await labelItems(deps.db, result.items) };
}

export async function listSectionItems(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number, query: ListQuery) {
  await ownSection(deps, user, storeId, groupText, inventoryId);
  return page(deps, { inventory_id: inventoryId }, query);
}

export async function listGroupItems(deps: D, user: AuthUser, storeId: number, groupText: string, query: ListQuery) {
  const group = await ownGroup(deps, user, storeId, groupText);
  // A group is the library's own (ownGroup): its id alone scopes the list, so SQLite pages it through the
  // (group_id, id) or sort indexes instead of (store_id, group_id, code, ...) and a sort of the whole group.
  return page(deps, group.id === null ? { store_id: storeId, group_id: null } : { group_id: group.id }, query);
}

export function listAllItems(deps: D, user: AuthUser, storeId: number, query: ListQuery) {
  assertStoreReachable(user, storeId);
  return page(deps, { store_id: storeId }, query);
}

const exportOptions = (deps: D, baseName: string) => ({ maxXlsRows: deps.lists.maxXlsRows, baseName });

export async function exportSectionItems(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  body: ExportBody,
): Promise<ExportFile> {
  const section = await ownSection(deps, user, storeId, groupText, inventoryId);
  return exportList(deps, user, SCANNED_ITEMS_LIST, { inventory_id: inventoryId }, body, exportOptions(deps, section.comment));
}

export async function exportGroupItems(deps: D, user: AuthUser, storeId: number, groupText: string, body: ExportBody): Promise<ExportFile> {
  const group = await ownGroup(deps, user, storeId, groupText);
  return exportList(deps, user, SCANNED_ITEMS_LIST, { store_id: storeId, group_id: group.id }, body, exportOptions(deps, group.row?.name ?? 'UNGROUPED'));
}

export function exportAllItems(deps: D, user: AuthUser, storeId: number, body: ExportBody): Promise<ExportFile> {
  assertStoreReachable(user, storeId);
  return exportList(deps, user, SCANNED_ITEMS_LIST, { store_id: storeId }, body, exportOptions(deps, 'inventoryItems'));
}

async function oneItem(deps: D, inventoryId: number, itemId: number): Promise<InventoryItem> {
  const row = await cq.findItem(deps.db, SECTION_ITEMS, inventoryId, itemId);
  if (!row) throw sectionNotAvailable();
  return (await labelItems(deps.db, [SCANNED_ITEMS_LIST.toItem(row as unknown as Record<string, unknown>)]))[0]!;
}

export async function createItem(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number, input: ItemInput): Promise<InventoryItem> {
  const section = await ownSection(deps, user, storeId, groupText, inventoryId);
  const values = await checkedValues(deps, storeId, 'inventory_items', normalizeItem(input));
  if (await cq.itemPairTaken(deps.db, SECTION_ITEMS, inventoryId, values.code, values.objectId, null)) throw alreadyExists(values);
  const id = await unlessTaken(
    () => q.insertScannedItem(deps.db, section, values, deps.config.now().toISOString()),
    () => alreadyExists(values),
  );
  await reflagScans(deps.db, storeId, { id });
  return oneItem(deps, inventoryId, id);
}

export async function updateItem(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  itemId: number,
  input: ItemInput,
): Promise<InventoryItem> {
  await ownSection(deps, user, storeId, groupText, inventoryId);
  const current = await cq.findItem(deps.db, SECTION_ITEMS, inventoryId, itemId);
  if (!current) throw sectionNotAvailable();
  const edit = editOf(current, input);
  const values = await checkedValues(deps, storeId, 'inventory_items', edit.values, edit.codeIsNew);
  if (await cq.itemPairTaken(deps.db, SECTION_ITEMS, inventoryId, values.code, values.objectId, itemId)) throw alreadyExists(values);
  await unlessTaken(
    () => cq.updateItem(deps.db, SECTION_ITEMS, itemId, values),
    () => alreadyExists(values),
  );
  await reflagScans(deps.db, storeId, { id: itemId });
  return oneItem(deps, inventoryId, itemId);
}

export async function deleteItems(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number, ids: string): Promise<{ ids: number[] }> {
  await ownSection(deps, user, storeId, groupText, inventoryId);
  return { ids: await cq.deleteItems(deps.db, SECTION_ITEMS, inventoryId, parseIdList(ids)) };
}

export async function deleteAllItems(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number): Promise<{ deleted: number }> {
  await ownSection(deps, user, storeId, groupText, inventoryId);
  return { deleted: await cq.deleteAllItems(deps.db, SECTION_ITEMS, inventoryId) };
}

export async function itemExists(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  pair: { code?: string | null; objectId?: string | null },
  exceptId: number | null,
): Promise<{ exists: boolean; code?: string | null }> {
  await ownSection(deps, user, storeId, groupText, inventoryId);
  return pairExists(deps, storeId, SECTION_ITEMS, inventoryId, pair, exceptId);
}

export async function importItems(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  body: ImportBody,
  clientSignal?: AbortSignal,
): Promise<ItemsCountResult> {
  const section = await ownSection(deps, user, storeId, groupText, inventoryId);
  const after = await lastScanId(deps.db);
  const result = await importFile(
    deps,
    user,
    body,
    { idScript: await idScriptFor(deps.db, storeId, 'inventory_items'), forSheet: async () => sectionTarget(section) },
    clientSignal,
  );
  await reflagScans(deps.db, storeId, { inventoryId, after });
  return result;
}

export async function addItemsTo(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  from: string,
  body: AddItemsFromBody,
): Promise<ItemsCountResult> {
  const section = await ownSection(deps, user, storeId, groupText, inventoryId);
  const source = await resolveItemSource(deps.db, storeId, from, body);
  const after = await lastScanId(deps.db);
  const result = await addItemsFrom(deps.db, sectionTarget(section), source, body, deps.config.now());
  await reflagScans(deps.db, storeId, { inventoryId, after });
  return result;
}
