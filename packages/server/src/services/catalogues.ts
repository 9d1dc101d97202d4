/**
 * Catalogues of a library and their items (data-areas §3, §5, §7): the generic list engine for lists and
 * exports, unique names per library ('NameAlreadyExistsMessage'), sync URLs ('Invalid URL'), the
 * code/objectId rules, imports, sync and Add Items To. Every call is scoped to a library the caller holds;
 * a catalogue of another library answers exactly like a missing one (403).
 */
import {
  ERROR_CODES, parseIdList, type AddItemsFromBody, type Catalogue, type CatalogueExistsBody, type CatalogueInput,
  type CatalogueItemExistsBody, type ExportBody, type ImportBody, type ItemInput, type ItemsCountResult, type ListQuery,
} from '@portal/contract';
import type { CataloguesTable } from '../db/schema';
import { ApiError, badRequest, conflict, forbidden } from '../errors';
import { addItemsFrom } from '../lists/addFrom';
import { CATALOGUE_ITEMS_LIST, CATALOGUES_LIST, toApiCatalogue } from '../lists/definitions';
import { listPage, listParams } from '../lists/engine';
import { exportList, type ExportFile } from '../lists/export/export';
import { importFile } from '../lists/import';
import { normalizeItem, toApiItem, type ApiItem, type ItemValues } from '../lists/items';
import { itemViolation, type ItemTarget } from '../lists/itemWrites';
import { resolveItemSource } from '../lists/sources';
import { fetchSyncItems, storeSyncedItems } from '../lists/sync';
import * as q from '../queries/catalogues';
import { findStore } from '../queries/stores';
import { assertStoreReachable, type AuthUser } from './context';
import type { FilesDeps } from './files';
import { InvalidUrl, parseHttpUrl } from './outbound';

type D = FilesDeps;

const notAvailable = () => forbidden(ERROR_CODES.FORBIDDEN, 'Catalogue not available');

function reachable(user: AuthUser, storeId: number): void {
  assertStoreReachable(user, storeId);
}

async function ownCatalogue(deps: D, user: AuthUser, storeId: number, catalogueId: number) {
  reachable(user, storeId);
  const row = await q.findCatalogue(deps.db, storeId, catalogueId);
  if (!row) throw notAvailable();
  return row;
}

const itemTarget = (storeId: number, catalogueId: number): ItemTarget => ({ table: 'catalogue_items', parentColumn: 'catalogue_id', parentId: catalogueId, storeId });

/** '' or null → no sync URL; otherwise an absolute http(s) URL (400 INVALID_URL). */
function syncUrl(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  try {
    return parseHttpUrl(text).toString();
  } catch (e) {
    if (e instanceof InvalidUrl) throw new ApiError(400, ERROR_CODES.INVALID_URL, 'Invalid URL', { field: 'syncURL' });
    throw e;
  }
}

const nameTaken = (name: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `A catalogue named "${name}" already exists`);

// ---- catalogues ----

export function listCatalogues(deps: D, user: AuthUser, storeId: number, query: ListQuery) {
  reachable(user, storeId);
  return listPage(deps.db, CATALOGUES_LIST, { store_id: storeId }, listParams(query));
}

export async function getCatalogue(deps: D, user: AuthUser, storeId: number, id: number): Promise<Catalogue> {
  return toApiCatalogue(await ownCatalogue(deps, user, storeId, id));
}

export async function createCatalogue(deps: D, user: AuthUser, storeId: number, body: CatalogueInput): Promise<Catalogue> {
  reachable(user, storeId);
  const name = body.name.trim();
  const values: Omit<CataloguesTable, 'id'> = {
    store_id: storeId, name, sync_url: syncUrl(body.syncURL), auto_sync: body.autoSync ? 1 : 0, last_sync: null,
    created_at: deps.config.now().toISOString(),
  };
  if (await q.catalogueNameTaken(deps.db, storeId, name, null)) throw nameTaken(name);
  const id = await q.insertCatalogue(deps.db, values);
  return getCatalogue(deps, user, storeId, id);
}

export async function updateCatalogue(deps: D, user: AuthUser, storeId: number, id: number, body: CatalogueInput): Promise<Catalogue> {
  await ownCatalogue(deps, user, storeId, id);
  const name = body.name.trim();
  const changes = {
    name,
    ...(body.syncURL !== undefined ? { sync_url: syncUrl(body.syncURL) } : {}),
    ...(body.autoSync !== undefined ? { auto_sync: (body.autoSync ? 1 : 0) as 0 | 1 } : {}),
  };
  if (await q.catalogueNameTaken(deps.db, storeId, name, id)) throw nameTaken(name);
  await q.updateCatalogue(deps.db, id, changes);
  return getCatalogue(deps, user, storeId, id);
}

export async function deleteCatalogues(deps: D, user: AuthUser, storeId: number, ids: string | null): Promise<{ ids: number[] }> {
  reachable(user, storeId);
  return { ids: await q.deleteCatalogues(deps.db, storeId, ids === null ? null : parseIdList(ids)) };
}

export async function catalogueExists(deps: D, user: AuthUser, storeId: number, body: CatalogueExistsBody): Promise<{ exists: boolean }> {
  reachable(user, storeId);
  const name = body.name.trim();
  if (name === '') return { exists: false };
  return { exists: await q.catalogueNameTaken(deps.db, storeId, name, body.catalogueId ?? null) };
}

export function numCatalogueItems(deps: D, user: AuthUser, storeId: number) {
  reachable(user, storeId);
  return q.countStoreCatalogueItems(deps.db, storeId);
}

export function exportCatalogues(deps: D, user: AuthUser, storeId: number, body: ExportBody): Promise<ExportFile> {
  reachable(user, storeId);
  return exportList(deps, user, CATALOGUES_LIST, { store_id: storeId }, body, { maxXlsRows: deps.lists.maxXlsRows, baseName: 'catalogues' });
}

/** POST /import: one new catalogue per imported sheet, named after the sheet. */
export function importCatalogues(deps: D, user: AuthUser, storeId: number, body: ImportBody): Promise<ItemsCountResult> {
  reachable(user, storeId);
  return importFile(deps, user, body, {
    async check(sheets) {
      const names = sheets.map((s) => s.name.trim());
      const repeated = names.filter((n, i) => names.indexOf(n) !== i);
      const taken = [...new Set([...repeated, ...await q.takenCatalogueNames(deps.db, storeId, names)])];
      if (taken.length) throw new ApiError(409, ERROR_CODES.NAME_ALREADY_EXISTS, `Catalogue names already in use: ${taken.join(', ')}`, { names: taken });
    },
    async forSheet(trx, sheet) {
      const id = await q.insertCatalogue(trx, {
        store_id: storeId, name: sheet.name.trim(), sync_url: null, auto_sync: 0, last_sync: null, created_at: deps.config.now().toISOString(),
      });
      return itemTarget(storeId, id);
    },
  });
}

// ---- items ----

export async function listCatalogueItems(deps: D, user: AuthUser, storeId: number, catalogueId: number, query: ListQuery) {
  await ownCatalogue(deps, user, storeId, catalogueId);
  return listPage(deps.db, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, listParams(query));
}

/** With an objectId column (the library labels one) code or objectId; without, code. */
async function checkedValues(deps: D, storeId: number, input: ItemInput): Promise<ItemValues> {
  const values = normalizeItem(input);
  const store = await findStore(deps.db, storeId);
  const violation = itemViolation(values, (store?.field_object_id ?? '') !== '');
  if (violation) {
    const code = violation.code === ERROR_CODES.AT_LEAST_ONE_CODE || violation.code === ERROR_CODES.CODE_REQUIRED ? violation.code : ERROR_CODES.VALIDATION_ERROR;
    throw badRequest(code, violation.code, violation.field ? { field: violation.field } : undefined);
  }
  return values;
}

export async function createCatalogueItem(deps: D, user: AuthUser, storeId: number, catalogueId: number, input: ItemInput): Promise<ApiItem> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  const values = await checkedValues(deps, storeId, input);
  if (await q.itemPairTaken(deps.db, catalogueId, values.code, values.objectId, null)) throw conflict(ERROR_CODES.ALREADY_EXISTS, 'AlreadyExists');
  const id = await q.insertCatalogueItem(deps.db, storeId, catalogueId, values, deps.config.now().toISOString());
  return toApiItem((await q.findCatalogueItem(deps.db, catalogueId, id))!);
}

export async function updateCatalogueItem(deps: D, user: AuthUser, storeId: number, catalogueId: number, itemId: number, input: ItemInput): Promise<ApiItem> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  if (!(await q.findCatalogueItem(deps.db, catalogueId, itemId))) throw notAvailable();
  const values = await checkedValues(deps, storeId, input);
  if (await q.itemPairTaken(deps.db, catalogueId, values.code, values.objectId, itemId)) throw conflict(ERROR_CODES.ALREADY_EXISTS, 'AlreadyExists');
  await q.updateCatalogueItem(deps.db, itemId, values);
  return toApiItem((await q.findCatalogueItem(deps.db, catalogueId, itemId))!);
}

export async function deleteCatalogueItems(deps: D, user: AuthUser, storeId: number, catalogueId: number, ids: string): Promise<{ ids: number[] }> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  return { ids: await q.deleteCatalogueItems(deps.db, catalogueId, parseIdList(ids)) };
}

export async function deleteAllCatalogueItems(deps: D, user: AuthUser, storeId: number, catalogueId: number): Promise<{ deleted: number }> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  return { deleted: await q.deleteAllCatalogueItems(deps.db, catalogueId) };
}

export async function catalogueItemExists(deps: D, user: AuthUser, storeId: number, catalogueId: number, body: CatalogueItemExistsBody): Promise<{ exists: boolean }> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  const values = normalizeItem({ code: body.code, objectId: body.objectId });
  if (values.code === null && values.objectId === null) return { exists: false };
  return { exists: await q.itemPairTaken(deps.db, catalogueId, values.code, values.objectId, body.catalogueItemId ?? null) };
}

export async function importCatalogueItems(deps: D, user: AuthUser, storeId: number, catalogueId: number, body: ImportBody): Promise<ItemsCountResult> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  return importFile(deps, user, body, { forSheet: async () => itemTarget(storeId, catalogueId) });
}

export async function exportCatalogueItems(deps: D, user: AuthUser, storeId: number, catalogueId: number, body: ExportBody): Promise<ExportFile> {
  const catalogue = await ownCatalogue(deps, user, storeId, catalogueId);
  return exportList(deps, user, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, body, { maxXlsRows: deps.lists.maxXlsRows, baseName: catalogue.name });
}

export async function syncCatalogue(deps: D, user: AuthUser, storeId: number, catalogueId: number): Promise<ItemsCountResult> {
  const catalogue = await ownCatalogue(deps, user, storeId, catalogueId);
  if (!catalogue.sync_url) throw badRequest(ERROR_CODES.NO_SYNC_URL, 'The catalogue has no sync URL');
  const items = await fetchSyncItems(catalogue.sync_url, deps.lists);
  const now = deps.config.now();
  return storeSyncedItems(deps.db, itemTarget(storeId, catalogueId), items, now, (trx) => q.updateCatalogue(trx, catalogueId, { last_sync: now.toISOString() }));
}

export async function addItemsToCatalogue(deps: D, user: AuthUser, storeId: number, catalogueId: number, from: string, body: AddItemsFromBody): Promise<ItemsCountResult> {
  await ownCatalogue(deps, user, storeId, catalogueId);
  const source = await resolveItemSource(deps.db, storeId, from, body);
  return addItemsFrom(deps.db, itemTarget(storeId, catalogueId), source, body, deps.config.now());
}

