/**
 * Item containers of a library — catalogues and search lists — and their items (data-areas §3, §5, §7):
 * the generic list engine for lists and exports, unique names per library ('NameAlreadyExistsMessage'),
 * sync URLs ('Invalid URL'), the code/objectId rules, imports, sync and Add Items To. Both kinds behave
 * alike; a ContainerKind names the tables, list definitions and words that differ. Every call is scoped
 * to a library the caller holds; a container of another library answers exactly like a missing one (403).
 */
import {
  ERROR_CODES,
  foldText,
  parseIdList,
  type AddItemsFromBody,
  type Catalogue,
  type CatalogueInput,
  type ExportBody,
  type ImportBody,
  type ItemInput,
  type ItemsCountResult,
  type ListQuery,
} from '@portal/contract';
import { ApiError, badRequest, conflict, forbidden } from '../errors';
import { addItemsFrom } from '../lists/addFrom';
import type { ListDefinition } from '../lists/definition';
import { CATALOGUE_ITEMS_LIST, CATALOGUES_LIST, SEARCH_LIST_ITEMS_LIST, SEARCH_LISTS_LIST, toApiContainer } from '../lists/definitions';
import { listPage, listParams } from '../lists/engine';
import { exportList, type ExportFile } from '../lists/export/export';
import { importFile } from '../lists/import';
import { editedItem, normalizeItem, toApiItem, type ApiItem, type ItemValues } from '../lists/items';
import type { Row } from '../lists/definition';
import { idScriptFor } from '../lists/idModification';
import { intakeBatch } from '../lists/itemIntake';
import type { ItemTarget } from '../lists/itemWrites';
import { entryPairs, reflagScans, type ScansToFlag } from '../lists/searchListFlags';
import { resolveItemSource } from '../lists/sources';
import { fetchSyncItems, storeSyncedItems } from '../lists/sync';
import { withSlot } from '../lists/userSlots';
import * as q from '../queries/containers';
import { findStore } from '../queries/stores';
import { assertStoreReachable, type AuthUser } from './context';
import type { FilesDeps } from './files';
import { InvalidUrl, parseHttpUrl } from './outbound';
import { unlessTaken } from '../db/uniqueViolation';

export interface ContainerKind extends q.ContainerTables {
  list: ListDefinition<Catalogue>;
  itemsList: ListDefinition<ApiItem>;
  /** In messages: 'catalogue', 'search list'. */
  noun: string;
  /** File name of the export of the whole list. */
  exportName: string;
}

export const CATALOGUES: ContainerKind = {
  table: 'catalogues',
  itemsTable: 'catalogue_items',
  parentColumn: 'catalogue_id',
  list: CATALOGUES_LIST,
  itemsList: CATALOGUE_ITEMS_LIST,
  noun: 'catalogue',
  exportName: 'catalogues',
};

export const SEARCH_LISTS: ContainerKind = {
  table: 'search_lists',
  itemsTable: 'search_list_items',
  parentColumn: 'search_list_id',
  list: SEARCH_LISTS_LIST,
  itemsList: SEARCH_LIST_ITEMS_LIST,
  noun: 'search list',
  exportName: 'searchLists',
};

type D = FilesDeps;
type K = ContainerKind;

const capitalised = (k: K) => k.noun[0]!.toUpperCase() + k.noun.slice(1);
const notAvailable = (k: K) => forbidden(ERROR_CODES.FORBIDDEN, `${capitalised(k)} not available`);

async function ownContainer(k: K, deps: D, user: AuthUser, storeId: number, id: number) {
  assertStoreReachable(user, storeId);
  const row = await q.findContainer(deps.db, k, storeId, id);
  if (!row) throw notAvailable(k);
  return row;
}

const itemTarget = (k: K, storeId: number, parentId: number): ItemTarget => ({ table: k.itemsTable, parentColumn: k.parentColumn, parentId, storeId });

const flags = (k: K) => k.itemsTable === 'search_list_items';

/**
 * After a write to a library's search lists: the flags of the scans it concerns follow them
 * (lists/searchListFlags). Catalogues flag nothing.
 */
async function flagsFollow<R>(k: K, deps: D, storeId: number, result: R, ...scans: ScansToFlag[]): Promise<R> {
  if (flags(k)) for (const only of scans) await reflagScans(deps.db, storeId, only);
  return result;
}

/** Before search lists (or their entries) go: the scans they flag take their next list. */
async function flagsLeave(k: K, deps: D, storeId: number, listIds: readonly number[]): Promise<void> {
  if (flags(k)) await reflagScans(deps.db, storeId, { flaggedBy: listIds }, listIds);
}

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

const nameTaken = (k: K, name: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `A ${k.noun} named "${name}" already exists`);

// ---- containers ----

export function listContainers(k: K, deps: D, user: AuthUser, storeId: number, query: ListQuery) {
  assertStoreReachable(user, storeId);
  return listPage(deps.db, k.list, { store_id: storeId }, listParams(query));
}

export async function getContainer(k: K, deps: D, user: AuthUser, storeId: number, id: number): Promise<Catalogue> {
  return toApiContainer(await ownContainer(k, deps, user, storeId, id));
}

export async function createContainer(k: K, deps: D, user: AuthUser, storeId: number, body: CatalogueInput): Promise<Catalogue> {
  assertStoreReachable(user, storeId);
  const name = body.name.trim();
  const values: q.ContainerValues = {
    store_id: storeId,
    name,
    sync_url: syncUrl(body.syncURL),
    auto_sync: body.autoSync ? 1 : 0,
    last_sync: null,
    created_at: deps.config.now().toISOString(),
  };
  if (await q.containerNameTaken(deps.db, k, storeId, name, null)) throw nameTaken(k, name);
  // The unique index (0013) settles a race between two creators: the loser gets the same answer.
  const id = await unlessTaken(
    () => q.insertContainer(deps.db, k, values),
    () => nameTaken(k, name),
  );
  return getContainer(k, deps, user, storeId, id);
}

export async function updateContainer(k: K, deps: D, user: AuthUser, storeId: number, id: number, body: CatalogueInput): Promise<Catalogue> {
  await ownContainer(k, deps, user, storeId, id);
  const name = body.name.trim();
  const changes = {
    name,
    ...(body.syncURL !== undefined ? { sync_url: syncUrl(body.syncURL) } : {}),
    ...(body.autoSync !== undefined ? { auto_sync: (body.autoSync ? 1 : 0) as 0 | 1 } : {}),
  };
  if (await q.containerNameTaken(deps.db, k, storeId, name, id)) throw nameTaken(k, name);
  await unlessTaken(
    () => q.updateContainer(deps.db, k, id, changes),
    () => nameTaken(k, name),
  );
  return getContainer(k, deps, user, storeId, id);
}

export async function deleteContainers(k: K, deps: D, user: AuthUser, storeId: number, ids: string | null): Promise<{ ids: number[] }> {
  assertStoreReachable(user, storeId);
  const listIds = ids === null ? null : parseIdList(ids);
  // Every list deleted: the foreign key clears every flag.
  if (listIds) await flagsLeave(k, deps, storeId, listIds);
  return { ids: await q.deleteContainers(deps.db, k, storeId, listIds) };
}

/** Is the name taken by a container other than exceptId (the one being edited)? */
export async function containerExists(k: K, deps: D, user: AuthUser, storeId: number, name: string, exceptId: number | null): Promise<{ exists: boolean }> {
  assertStoreReachable(user, storeId);
  const trimmed = name.trim();
  if (trimmed === '') return { exists: false };
  return { exists: await q.containerNameTaken(deps.db, k, storeId, trimmed, exceptId) };
}

export function numItems(k: K, deps: D, user: AuthUser, storeId: number) {
  assertStoreReachable(user, storeId);
  return q.countStoreItems(deps.db, k, storeId);
}

export function exportContainers(k: K, deps: D, user: AuthUser, storeId: number, body: ExportBody): Promise<ExportFile> {
  assertStoreReachable(user, storeId);
  return exportList(deps, user, k.list, { store_id: storeId }, body, { maxXlsRows: deps.lists.maxXlsRows, baseName: k.exportName });
}

/** POST /import: one new container per imported sheet, named after the sheet. */
export async function importContainers(
  k: K,
  deps: D,
  user: AuthUser,
  storeId: number,
  body: ImportBody,
  clientSignal?: AbortSignal,
): Promise<ItemsCountResult> {
  assertStoreReachable(user, storeId);
  const created: number[] = [];
  const result = await importFile(
    deps,
    user,
    body,
    {
      idScript: await idScriptFor(deps.db, storeId, k.itemsTable),
      async check(sheets) {
        const names = sheets.map((s) => s.name.trim());
        const folded = names.map(foldText);
        const repeated = names.filter((n, i) => folded.indexOf(foldText(n)) !== i);
        const taken = [...new Set([...repeated, ...(await q.takenContainerNames(deps.db, k, storeId, names))])];
        if (taken.length)
          throw new ApiError(409, ERROR_CODES.NAME_ALREADY_EXISTS, `${capitalised(k)} names already in use: ${taken.join(', ')}`, { names: taken });
      },
      async forSheet(trx, sheet) {
        const name = sheet.name.trim();
        const id = await unlessTaken(
          () =>
            q.insertContainer(trx, k, {
              store_id: storeId,
              name,
              sync_url: null,
              auto_sync: 0,
              last_sync: null,
              created_at: deps.config.now().toISOString(),
            }),
          () => new ApiError(409, ERROR_CODES.NAME_ALREADY_EXISTS, `${capitalised(k)} names already in use: ${name}`, { names: [name] }),
        );
        created.push(id);
        return itemTarget(k, storeId, id);
      },
      async undoSheet(trx, target) {
        await q.deleteContainers(trx, k, storeId, [target.parentId]);
      },
    },
    clientSignal,
  );
  return flagsFollow(k, deps, storeId, result, ...created.map((onList) => ({ onList })));
}

// ---- items ----

export async function listItems(k: K, deps: D, user: AuthUser, storeId: number, parentId: number, query: ListQuery) {
  await ownContainer(k, deps, user, storeId, parentId);
  return listPage(deps.db, k.itemsList, { [k.parentColumn]: parentId }, listParams(query));
}

/**
 * A manual add or edit through the one intake (lists/itemIntake): the library's ID modification script for
 * the list's items when the code is new (an add, or an edit that changes it), then the §5 rule with the
 * library's objectId label saying whether there is an objectId column.
 */
export async function checkedValues(deps: D, storeId: number, table: ItemTarget['table'], values: ItemValues, codeIsNew = true): Promise<ItemValues> {
  const store = await findStore(deps.db, storeId);
  const script = codeIsNew ? await idScriptFor(deps.db, storeId, table) : '';
  const [outcome] = await intakeBatch({ script, objectIdColumn: { path: 'manual', objectIdLabel: store?.field_object_id } }, [values]);
  const refusal = outcome!.refusal;
  if (refusal?.code === ERROR_CODES.SCRIPT_ERROR)
    throw badRequest(ERROR_CODES.SCRIPT_ERROR, refusal.message ?? 'SCRIPT_ERROR', { field: 'code', error: refusal.message });
  if (refusal) {
    const code = refusal.code === ERROR_CODES.AT_LEAST_ONE_CODE || refusal.code === ERROR_CODES.CODE_REQUIRED ? refusal.code : ERROR_CODES.VALIDATION_ERROR;
    throw badRequest(code, refusal.code, refusal.field ? { field: refusal.field } : undefined);
  }
  return outcome!.values;
}

/** The values an edit stores and whether it brings a new code (which then gets the ID modification script). */
export function editOf(current: Row, input: ItemInput): { values: ItemValues; codeIsNew: boolean } {
  const { tid: _tid, ...currentValues } = toApiItem(current);
  const values = editedItem(currentValues, input);
  return { values, codeIsNew: values.code !== currentValues.code };
}

/** 409 'AlreadyExists' naming the pair that is taken, as it would be stored (details: code, objectId). */
export const alreadyExists = (values?: ItemValues) =>
  new ApiError(409, ERROR_CODES.ALREADY_EXISTS, 'AlreadyExists', values ? { code: values.code, objectId: values.objectId } : undefined);

/**
 * The pair an add or edit of `typed` would store: the library's ID modification script applied when the code
 * is new (as checkedValues does on save); null when the script refuses the code (the save reports why).
 */
export async function storedPair(deps: D, storeId: number, table: ItemTarget['table'], typed: ItemValues, codeIsNew: boolean): Promise<ItemValues | null> {
  const script = codeIsNew ? await idScriptFor(deps.db, storeId, table) : '';
  const [outcome] = await intakeBatch({ script, objectIdColumn: { path: 'addTo' } }, [typed]);
  return outcome!.refusal?.code === ERROR_CODES.SCRIPT_ERROR ? null : outcome!.values;
}

/**
 * Is the pair an add or edit would store taken by an item other than exceptId (the one being edited)? An edit
 * keeping the item's code stores it as it is; a new code goes through the script first.
 */
export async function pairExists(
  deps: D,
  storeId: number,
  t: q.ContainerTables,
  parentId: number,
  pair: { code?: string | null; objectId?: string | null },
  exceptId: number | null,
): Promise<{ exists: boolean; code?: string | null }> {
  const typed = normalizeItem({ code: pair.code, objectId: pair.objectId });
  if (typed.code === null && typed.objectId === null) return { exists: false };
  const current = exceptId === null ? undefined : await q.findItem(deps.db, t, parentId, exceptId);
  const stored = await storedPair(deps, storeId, t.itemsTable, typed, !current || toApiItem(current).code !== typed.code);
  if (!stored || (stored.code === null && stored.objectId === null)) return { exists: false };
  return { exists: await q.itemPairTaken(deps.db, t, parentId, stored.code, stored.objectId, exceptId), code: stored.code };
}

export async function createItem(k: K, deps: D, user: AuthUser, storeId: number, parentId: number, input: ItemInput): Promise<ApiItem> {
  await ownContainer(k, deps, user, storeId, parentId);
  const values = await checkedValues(deps, storeId, k.itemsTable, normalizeItem(input));
  if (await q.itemPairTaken(deps.db, k, parentId, values.code, values.objectId, null)) throw alreadyExists(values);
  const id = await unlessTaken(
    () => q.insertItem(deps.db, k, storeId, parentId, values, deps.config.now().toISOString()),
    () => alreadyExists(values),
  );
  return flagsFollow(k, deps, storeId, toApiItem((await q.findItem(deps.db, k, parentId, id))!), { pairs: [values] });
}

export async function updateItem(k: K, deps: D, user: AuthUser, storeId: number, parentId: number, itemId: number, input: ItemInput): Promise<ApiItem> {
  await ownContainer(k, deps, user, storeId, parentId);
  const current = await q.findItem(deps.db, k, parentId, itemId);
  if (!current) throw notAvailable(k);
  const edit = editOf(current, input);
  const values = await checkedValues(deps, storeId, k.itemsTable, edit.values, edit.codeIsNew);
  if (await q.itemPairTaken(deps.db, k, parentId, values.code, values.objectId, itemId)) throw alreadyExists(values);
  await unlessTaken(
    () => q.updateItem(deps.db, k, itemId, values),
    () => alreadyExists(values),
  );
  return flagsFollow(k, deps, storeId, toApiItem((await q.findItem(deps.db, k, parentId, itemId))!), { pairs: [toApiItem(current), values] });
}

export async function deleteItems(k: K, deps: D, user: AuthUser, storeId: number, parentId: number, ids: string): Promise<{ ids: number[] }> {
  await ownContainer(k, deps, user, storeId, parentId);
  const itemIds = parseIdList(ids);
  const pairs = flags(k) ? await entryPairs(deps.db, parentId, itemIds) : [];
  return flagsFollow(k, deps, storeId, { ids: await q.deleteItems(deps.db, k, parentId, itemIds) }, { pairs });
}

export async function deleteAllItems(k: K, deps: D, user: AuthUser, storeId: number, parentId: number): Promise<{ deleted: number }> {
  await ownContainer(k, deps, user, storeId, parentId);
  await flagsLeave(k, deps, storeId, [parentId]);
  return { deleted: await q.deleteAllItems(deps.db, k, parentId) };
}

/** Is the code/objectId pair, as it would be stored, taken by an item other than exceptId (the one being edited)? */
export async function itemExists(
  k: K,
  deps: D,
  user: AuthUser,
  storeId: number,
  parentId: number,
  pair: { code?: string | null; objectId?: string | null },
  exceptId: number | null,
): Promise<{ exists: boolean; code?: string | null }> {
  await ownContainer(k, deps, user, storeId, parentId);
  return pairExists(deps, storeId, k, parentId, pair, exceptId);
}

export async function importItems(
  k: K,
  deps: D,
  user: AuthUser,
  storeId: number,
  parentId: number,
  body: ImportBody,
  clientSignal?: AbortSignal,
): Promise<ItemsCountResult> {
  await ownContainer(k, deps, user, storeId, parentId);
  const result = await importFile(
    deps,
    user,
    body,
    { idScript: await idScriptFor(deps.db, storeId, k.itemsTable), forSheet: async () => itemTarget(k, storeId, parentId) },
    clientSignal,
  );
  return flagsFollow(k, deps, storeId, result, { onList: parentId });
}

export async function exportItems(k: K, deps: D, user: AuthUser, storeId: number, parentId: number, body: ExportBody): Promise<ExportFile> {
  const row = await ownContainer(k, deps, user, storeId, parentId);
  return exportList(deps, user, k.itemsList, { [k.parentColumn]: parentId }, body, { maxXlsRows: deps.lists.maxXlsRows, baseName: row.name });
}

export async function syncContainer(k: K, deps: D, user: AuthUser, storeId: number, parentId: number): Promise<ItemsCountResult> {
  const row = await ownContainer(k, deps, user, storeId, parentId);
  if (!row.sync_url) throw badRequest(ERROR_CODES.NO_SYNC_URL, `The ${k.noun} has no sync URL`);
  const url = row.sync_url;
  // Sync and Add Items To write into a list like an import: they share the per-user import cap.
  return withSlot(user.id, 'import', deps.lists.slots, async () => {
    const items = await fetchSyncItems(url, deps.lists);
    const now = deps.config.now();
    const result = await storeSyncedItems(deps.db, itemTarget(k, storeId, parentId), items, now, (trx) =>
      q.updateContainer(trx, k, parentId, { last_sync: now.toISOString() }),
    );
    return flagsFollow(k, deps, storeId, result, { onList: parentId });
  });
}

export async function addItemsTo(
  k: K,
  deps: D,
  user: AuthUser,
  storeId: number,
  parentId: number,
  from: string,
  body: AddItemsFromBody,
): Promise<ItemsCountResult> {
  await ownContainer(k, deps, user, storeId, parentId);
  const source = await resolveItemSource(deps.db, storeId, from, body);
  return withSlot(user.id, 'import', deps.lists.slots, async () =>
    flagsFollow(k, deps, storeId, await addItemsFrom(deps.db, itemTarget(k, storeId, parentId), source, body, deps.config.now()), { onList: parentId }),
  );
}
