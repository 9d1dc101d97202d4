/**
 * Compare a catalogue with what was scanned (data-areas §2 Compare page, §3 Compare item, §7): MISSING lists the
 * catalogue's items no scan found, EXCEEDED the scans the catalogue does not hold (with their date, section and
 * the library's catalogue that holds them, if any), against every inventory (ALL_GROUPS), one group (UNGROUPED
 * included) or one section. Items match by code, and also by objectId when the library has an objectId column.
 * Both lists go through the one list engine (search, order, page + total, export) with a "not found" condition
 * in their scope; compare results also feed Add Items To (source 'compare', compareId 'MODE/ALL_GROUPS',
 * 'MODE/group/{id}' or 'MODE/inventory/{id}', parentId the catalogue).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  ERROR_CODES,
  MAX_LIST_LIMIT,
  MAX_LIST_OFFSET,
  UNGROUPED,
  type AddItemsFromBody,
  type ListParams,
  type CompareItem,
  type CompareMode,
  type CompareScope,
  type ExportBody,
  type ListQuery,
} from '@portal/contract';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { defineList, type ListDefinition, type ListLabels, type ListScope, type Row } from '../lists/definition';
import { CATALOGUE_ITEMS_LIST } from '../lists/definitions';
import { listPage, listParams, orderSql, selectColumns } from '../lists/engine';
import { planSearch, whereSql } from '../lists/search';
import { dialectOf } from '../db/connect';
import { countAndStore, storedTotal, type CompareTotalKey, type TotalCounter } from './compareTotals';
import { sqliteFile } from '../lists/sqlite';
import { runInWorker } from '../lists/searchWorker';
import { cancellablePostgres, countSignal } from '../lists/countCancel';
import { exportList, type ExportFile } from '../lists/export/export';
import { ITEM_LIST_COLUMNS, ITEM_SEARCH_TEXT, toApiItem, type ApiItem } from '../lists/items';
import { registerItemSource, type ResolvedSource } from '../lists/sources';
import { findGroup } from '../queries/inventories';
import { findStore } from '../queries/stores';
import { assertStoreReachable, type AuthUser } from './context';
import type { FilesDeps } from './files';
import { groupNotAvailable, sectionNotAvailable } from './inventories';
import { labelItems, SCANNED_ITEM_COLUMNS, SCANNED_ITEM_LABELS, toScannedItem } from './inventoryLists';

type Db = Kysely<Database>;

/** EXCEEDED rows: scanned items with their date and section. */
export const EXCEEDED_LIST = defineList<ApiItem & { date: string; inventoryId: number }>({
  table: 'inventory_items',
  columns: { ...ITEM_LIST_COLUMNS, date: SCANNED_ITEM_COLUMNS.date, inventoryId: SCANNED_ITEM_COLUMNS.inventoryId },
  searchText: ITEM_SEARCH_TEXT,
  toItem: (r) => {
    const s = toScannedItem(r);
    return { ...toApiItem(r), date: s.date, inventoryId: s.inventoryId };
  },
});

/**
 * The matching rule, written once: no row of `other` (aliased `m`, restricted by `within`) matches the row of
 * `row` (the list's own table): same code, or, when the library labels an objectId column, same objectId. One
 * NOT EXISTS per key (each probes its own index); the same SQL on SQLite and PostgreSQL. The page, the count
 * and the export all filter with it (MISSING and EXCEEDED scopes below).
 */
export function unmatchedSql(
  row: 'catalogue_items' | 'inventory_items',
  other: 'catalogue_items' | 'inventory_items',
  within: RawBuilder<SqlBool>,
  byObjectId: boolean,
): RawBuilder<SqlBool> {
  const none = (column: 'code' | 'object_id') =>
    sql<SqlBool>`not exists (select 1 from ${sql.table(other)} m where ${within} and m.${sql.raw(column)} = ${sql.ref(`${row}.${column}`)})`;
  return byObjectId ? sql<SqlBool>`${none('code')} and ${none('object_id')}` : none('code');
}

/** The scans compared: a condition on inventory_items aliased `m`. */
function scansIn(storeId: number, scope: CompareScope): RawBuilder<SqlBool> {
  if (scope.kind === 'inventory') return sql<SqlBool>`m.inventory_id = ${scope.inventoryId}`;
  if (scope.kind === 'group') {
    return scope.groupId === UNGROUPED
      ? sql<SqlBool>`m.store_id = ${storeId} and m.group_id is null`
      : sql<SqlBool>`m.store_id = ${storeId} and m.group_id = ${scope.groupId}`;
  }
  return sql<SqlBool>`m.store_id = ${storeId}`;
}

/** Catalogue items no scan in scope matched. */
const missingCondition = (storeId: number, scope: CompareScope, byObjectId: boolean) =>
  unmatchedSql('catalogue_items', 'inventory_items', scansIn(storeId, scope), byObjectId);

/** Scans the catalogue does not hold. */
const exceededCondition = (catalogueId: number, byObjectId: boolean) =>
  unmatchedSql('inventory_items', 'catalogue_items', sql<SqlBool>`m.catalogue_id = ${catalogueId}`, byObjectId);

function exceededScope(storeId: number, scope: CompareScope, catalogueId: number, byObjectId: boolean): ListScope {
  const base: Record<string, number | null> =
    scope.kind === 'inventory'
      ? { inventory_id: scope.inventoryId }
      : scope.kind === 'group'
        ? { store_id: storeId, group_id: scope.groupId === UNGROUPED ? null : scope.groupId }
        : { store_id: storeId };
  return { ...base, exceeded: exceededCondition(catalogueId, byObjectId) };
}

interface Resolved {
  def: typeof CATALOGUE_ITEMS_LIST | typeof EXCEEDED_LIST;
  scope: ListScope;
  catalogueName: string;
}

/** Checks the catalogue, group or section belong to the library (403 otherwise) and builds the list. */
export async function resolveCompare(db: Db, storeId: number, catalogueId: number, mode: CompareMode, scope: CompareScope): Promise<Resolved> {
  const catalogue = await db.selectFrom('catalogues').select(['id', 'name']).where('id', '=', catalogueId).where('store_id', '=', storeId).executeTakeFirst();
  if (!catalogue) throw forbidden(ERROR_CODES.FORBIDDEN, 'Catalogue not available');
  if (scope.kind === 'group' && scope.groupId !== UNGROUPED && !(await findGroup(db, storeId, scope.groupId))) throw groupNotAvailable();
  if (scope.kind === 'inventory') {
    const section = await db.selectFrom('inventories').select('id').where('id', '=', scope.inventoryId).where('store_id', '=', storeId).executeTakeFirst();
    if (!section) throw sectionNotAvailable();
  }
  const store = await findStore(db, storeId);
  const byObjectId = (store?.field_object_id ?? '') !== '';
  if (mode === 'MISSING') {
    return {
      def: CATALOGUE_ITEMS_LIST,
      scope: { catalogue_id: catalogueId, missing: missingCondition(storeId, scope, byObjectId) },
      catalogueName: catalogue.name,
    };
  }
  const def = { ...EXCEEDED_LIST, labels: exceededLabels(storeId, catalogueId, byObjectId) };
  return { def, scope: exceededScope(storeId, scope, catalogueId, byObjectId), catalogueName: catalogue.name };
}

type FoundIn = { catalogueId: number | null; catalogueName: string | null };

type Held = { catalogue_id: number; code: string | null; object_id: string | null };

/** The items of these catalogues holding one of the codes or objectIds (for a page or an export batch of up to a few thousand). */
async function heldBy(db: Db, catalogueIds: number[], codes: string[], objectIds: string[]): Promise<Held[]> {
  if (dialectOf(db) === 'postgres') {
    // PostgreSQL plans `code = any(2,000 values)` as a read of the whole table (200 ms a batch with 1M items);
    // a join on the unnested keys probes the (catalogue_id, code) / (catalogue_id, object_id) index per key.
    const on = (column: 'ci.code' | 'ci.object_id', keys: string[]) => sql`select ci.catalogue_id, ci.code, ci.object_id from unnest(${keys}::text[]) as k(v)
      join catalogue_items ci on ${sql.ref(column)} = k.v and ci.catalogue_id = any(${catalogueIds}::int[])`;
    const parts = [...(codes.length ? [on('ci.code', codes)] : []), ...(objectIds.length ? [on('ci.object_id', objectIds)] : [])];
    return (await sql<Held>`${sql.join(parts, sql` union all `)}`.execute(db)).rows.map((r) => ({ ...r, catalogue_id: Number(r.catalogue_id) }));
  }
  return db
    .selectFrom('catalogue_items')
    .select(['catalogue_id', 'code', 'object_id'])
    .where('catalogue_id', 'in', catalogueIds)
    .where((eb) => eb.or([...(codes.length ? [eb('code', 'in', codes)] : []), ...(objectIds.length ? [eb('object_id', 'in', objectIds)] : [])]))
    .execute();
}

/**
 * For each EXCEEDED row, the library's first catalogue (by id, other than the compared one) that holds its code,
 * else (when the library labels an objectId column) its objectId. Two queries for a whole page or export batch.
 */
async function foundIn(db: Db, storeId: number, catalogueId: number, items: readonly ApiItem[], byObjectId: boolean): Promise<FoundIn[]> {
  const codes = [...new Set(items.map((i) => i.code).filter((c): c is string => c !== null))];
  const objectIds = byObjectId ? [...new Set(items.map((i) => i.objectId).filter((o): o is string => o !== null))] : [];
  const byCode = new Map<string, FoundIn>();
  const byObject = new Map<string, FoundIn>();
  // The library's other catalogues first: the item lookup then runs on the (catalogue_id, code) and
  // (catalogue_id, object_id) indexes instead of reading every catalogue item of the library.
  const others =
    codes.length || objectIds.length
      ? await db.selectFrom('catalogues').select(['id', 'name']).where('store_id', '=', storeId).where('id', '!=', catalogueId).execute()
      : [];
  if (others.length) {
    const names = new Map(others.map((c) => [c.id, c.name]));
    const rows = await heldBy(db, [...names.keys()], codes, objectIds);
    const first = (map: Map<string, FoundIn>, key: string | null, id: number) => {
      const kept = key === null ? undefined : map.get(key);
      if (key !== null && (!kept || kept.catalogueId! > id)) map.set(key, { catalogueId: id, catalogueName: names.get(id)! });
    };
    for (const r of rows) {
      first(byCode, r.code, r.catalogue_id);
      first(byObject, r.object_id, r.catalogue_id);
    }
  }
  return items.map(
    (item) =>
      (item.code !== null ? byCode.get(item.code) : undefined) ??
      (byObjectId && item.objectId !== null ? byObject.get(item.objectId) : undefined) ?? { catalogueId: null, catalogueName: null },
  );
}

/** EXCEEDED export columns named as the screen shows them: the section's location and the catalogue where found. */
function exceededLabels(storeId: number, catalogueId: number, byObjectId: boolean): ListLabels {
  return {
    columns: {
      inventoryComment: SCANNED_ITEM_LABELS.columns.inventoryComment,
      catalogueId: { column: 'found_catalogue_id', type: 'integer' },
      catalogueName: { column: 'found_catalogue_name', type: 'text' },
    },
    async fill(db, rows) {
      await SCANNED_ITEM_LABELS.fill(db, rows);
      const found = await foundIn(db, storeId, catalogueId, rows.map(toApiItem), byObjectId);
      rows.forEach((r, n) => {
        r.found_catalogue_id = found[n].catalogueId;
        r.found_catalogue_name = found[n].catalogueName;
      });
    },
  };
}

/**
 * Counts a list without a search with the library's item version in one statement (one snapshot): on a SQLite
 * file in the count worker (its own thread and read-only connection: the main connection and the event loop stay
 * free for the 1-3 s a million-item count takes), elsewhere on the database itself. The request's signal (its
 * client gone) stops it where it runs (the worker's portal_alive() check; PostgreSQL cancels the backend).
 */
function totalCounter(db: Db, storeId: number, resolved: Resolved): TotalCounter {
  const dialect = dialectOf(db);
  const where = whereSql(dialect, resolved.def as ListDefinition<ApiItem>, resolved.scope, [], null);
  const file = dialect === 'sqlite' ? sqliteFile(db) : null;
  const table = resolved.def.table;
  const counted = (alive: RawBuilder<unknown>) => sql<{ version: number | string | null; total: number | string }>`select
      (select version from list_item_versions where store_id = ${storeId}) as version,
      (select count(*) from ${sql.table(table)} where ${where}${alive}) as total`;
  return async () => {
    const signal = countSignal();
    let rows: Array<{ version: number | string | null; total: number | string }>;
    if (file) {
      // One row in 256 calls the worker's cancellation check (as the list engine's counts).
      const query = counted(sql` and ((${sql.ref(`${table}.id`)} & 255) <> 0 or portal_alive())`).compile(db);
      rows = (await runInWorker(file, query.sql, query.parameters, Infinity, 'count', signal)) as typeof rows;
    } else if (dialect === 'postgres') {
      rows = await cancellablePostgres(db, db, counted(sql``), signal);
    } else {
      rows = (await counted(sql``).execute(db)).rows;
    }
    return { version: Number(rows[0]?.version ?? 0), total: Number(rows[0]?.total ?? 0) };
  };
}

type Page = { items: ApiItem[]; total: number; totalKnown?: boolean };

/**
 * A page without a search. With a current stored total (services/compareTotals.ts) it is answered at once;
 * otherwise as the list engine answers: count=skip gives the rows at once and a lower bound (totalKnown false),
 * count=only or no count option counts the list and stores its total with its stamp.
 */
async function unsearchedPage(db: Db, key: CompareTotalKey, resolved: Resolved, params: ListParams): Promise<Page> {
  const def = resolved.def as ListDefinition<ApiItem>;
  const offset = params.offset ?? 0;
  if (offset > MAX_LIST_OFFSET) return listPage(db, def, resolved.scope, params);
  const stored = await storedTotal(db, key);
  const count = () => countAndStore(db, key, totalCounter(db, key.storeId, resolved));
  if (params.count === 'only') return { items: [], total: stored ?? (await count()) };
  const dialect = dialectOf(db);
  const where = whereSql(dialect, def, resolved.scope, [], null);
  const limit = Math.min(params.limit ?? MAX_LIST_LIMIT, MAX_LIST_LIMIT);
  const skip = stored === null && params.count === 'skip';
  const pageSql = sql<Row>`select ${selectColumns(def)} from ${sql.table(def.table)} where ${where}
    order by ${orderSql(dialect, def, params.order ?? undefined)} limit ${skip ? limit + 1 : limit} offset ${offset}`;
  // PostgreSQL plans parallel workers that each read far ahead of the few rows a page needs (EXCEEDED page:
  // 330-460 ms against 30-40 ms alone, large profile): the page runs without them.
  const { rows } =
    dialect === 'postgres'
      ? await db.transaction().execute(async (trx) => {
          await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
          return pageSql.execute(trx);
        })
      : await pageSql.execute(db);
  const items = rows.slice(0, limit).map((r) => def.toItem(r));
  if (stored !== null) return { items, total: stored };
  if (!skip) return { items, total: await count() };
  // The page shows the end of the list (and is not past it): its total is known without counting.
  const more = rows.length > limit;
  if (!more && (offset === 0 || items.length > 0)) return { items, total: offset + items.length };
  return { items, total: offset + items.length + (more ? 1 : 0), totalKnown: false };
}

export async function comparePage(
  deps: FilesDeps,
  user: AuthUser,
  storeId: number,
  catalogueId: number,
  mode: CompareMode,
  scope: CompareScope,
  query: ListQuery,
): Promise<{ items: CompareItem[]; total: number; totalKnown?: boolean }> {
  assertStoreReachable(user, storeId);
  const resolved = await resolveCompare(deps.db, storeId, catalogueId, mode, scope);
  const params = listParams(query);
  const page =
    planSearch(resolved.def, params.searchTexts).length === 0
      ? await unsearchedPage(deps.db, { storeId, catalogueId, mode, scope }, resolved, params)
      : await listPage(deps.db, resolved.def, resolved.scope, params);
  if (mode === 'MISSING') return page;
  const store = await findStore(deps.db, storeId);
  const byObjectId = (store?.field_object_id ?? '') !== '';
  const labelled = await labelItems(deps.db, page.items as Array<ApiItem & { date: string; inventoryId: number }>);
  const found = await foundIn(deps.db, storeId, catalogueId, labelled, byObjectId);
  const items: CompareItem[] = labelled.map((item, n) => {
    const { groupName: _g, searchListName: _s, ...rest } = item;
    return { ...rest, ...found[n] };
  });
  return { ...page, items };
}

export async function exportCompare(
  deps: FilesDeps,
  user: AuthUser,
  storeId: number,
  catalogueId: number,
  mode: CompareMode,
  scope: CompareScope,
  body: ExportBody,
): Promise<ExportFile> {
  assertStoreReachable(user, storeId);
  const resolved = await resolveCompare(deps.db, storeId, catalogueId, mode, scope);
  const baseName = `${resolved.catalogueName} - ${mode === 'MISSING' ? 'Missing' : 'Exceeded'}`;
  return exportList(deps, user, resolved.def, resolved.scope, body, { maxXlsRows: deps.lists.maxXlsRows, baseName });
}

/** compareId of Add Items To: 'MISSING/ALL_GROUPS', 'EXCEEDED/group/12', 'MISSING/group/UNGROUPED', 'EXCEEDED/inventory/5'. */
export function parseCompareId(text: string): { mode: CompareMode; scope: CompareScope } | null {
  const m = /^(MISSING|EXCEEDED)\/(?:(ALL_GROUPS)|group\/(UNGROUPED|[1-9]\d{0,9})|inventory\/([1-9]\d{0,9}))$/.exec(text);
  if (!m) return null;
  const mode = m[1] as CompareMode;
  if (m[2]) return { mode, scope: { kind: 'ALL_GROUPS' } };
  if (m[3]) return { mode, scope: { kind: 'group', groupId: m[3] === UNGROUPED ? UNGROUPED : Number(m[3]) } };
  return { mode, scope: { kind: 'inventory', inventoryId: Number(m[4]) } };
}

registerItemSource('compare', async (db, storeId, body: AddItemsFromBody): Promise<ResolvedSource> => {
  const parsed = typeof body.compareId === 'string' ? parseCompareId(body.compareId) : null;
  const catalogueId = typeof body.parentId === 'string' ? Number(body.parentId) : body.parentId;
  if (!parsed || typeof catalogueId !== 'number' || !Number.isInteger(catalogueId) || catalogueId < 1) {
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'compareId names the compare list and parentId its catalogue', { field: 'compareId' });
  }
  const resolved = await resolveCompare(db, storeId, catalogueId, parsed.mode, parsed.scope);
  return { def: resolved.def as ResolvedSource['def'], scope: resolved.scope };
});
