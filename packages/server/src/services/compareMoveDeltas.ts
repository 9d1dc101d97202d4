/**
 * Kept Compare totals follow a large staged write inside its own transaction, set-wise (issue 10: no view waits
 * for a count after an import, sync or Add Items To). The per-row (SQLite) and per-statement (PostgreSQL)
 * delta triggers of migrations 0019/0021/0022 follow at most MOVED_CAP rows and leave a larger write's totals
 * behind, to be counted in full again (1-3 s each on a million items). Around each insert of a staged move
 * (lists/stagedItems.ts, through lists/itemsMoved.ts `itemsMoving`; a writer inserting in several statements
 * calls `startItemsMoving` and its `end`) this instead:
 *
 * 1. takes the library's version and (SQLite) its totals valid at it, setting their `moved` to MOVED_CAP so the
 *    triggers only raise the version for the insert's rows; PostgreSQL locks nothing before the insert, whose
 *    statement trigger leaves a large write's totals at the version before (see startAfterwards);
 * 2. after the insert, adds to each total what the new rows (the list's rows with an id above the table's
 *    highest before the insert) changed, computed from those rows only through index probes, and moves it to
 *    the library's new version with its `moved` as it was.
 *
 * For new scans D in scope S: EXCEEDED(C, S) += |D rows C does not hold|; MISSING(C, S) -= |items of C that a
 * row of D matches and no other scan in S does|. For new items D of catalogue C: MISSING(C, S) += |D rows no
 * scan in S matches|; EXCEEDED(C, S) -= |scans in S that a row of D matches and no other item of C does|.
 * Matching is the compare's own: by code, and by objectId when the library labels an objectId column.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';
import type { ItemTarget } from '../lists/itemWrites';

export type Untyped = Kysely<any>;

export interface Kept {
  catalogue_id: number;
  mode: 'MISSING' | 'EXCEEDED';
  scope: string;
  moved: number;
  total: number;
}

/** A condition on the rows of alias `a`, for an index probe by `column`. */
type Where = (column: Column) => RawBuilder<unknown>;
type Column = 'code' | 'object_id';

/**
 * The scans of a kept scope (alias `a`), null when the scope's string is not one compare keeps. A group's
 * probe by objectId names the group alone (its index is (group_id, object_id); the group is the library's),
 * UNGROUPED's too, with group_id null (unary +: no other index by a prefix).
 */
function scansOf(scope: string, storeId: number, a: string): Where | null {
  const ref = (column: string) => sql.ref(`${a}.${column}`);
  if (scope === 'ALL_GROUPS') return () => sql`${ref('store_id')} = ${storeId}`;
  if (scope === `group/${UNGROUPED}`) {
    return (column) => (column === 'code' ? sql`${ref('store_id')} = ${storeId} and ${ref('group_id')} is null` : sql`+${ref('store_id')} = ${storeId} and ${ref('group_id')} is null`);
  }
  const group = /^group\/(\d+)$/.exec(scope);
  if (group) {
    const id = Number(group[1]);
    return (column) => (column === 'code' ? sql`${ref('store_id')} = ${storeId} and ${ref('group_id')} = ${id}` : sql`${ref('group_id')} = ${id}`);
  }
  const section = /^inventory\/(\d+)$/.exec(scope);
  if (section) return () => sql`${ref('inventory_id')} = ${Number(section[1])}`;
  return null;
}

/** Whether new scans of a section (in group `groupId`, null when ungrouped) are in the kept scope. */
function holdsSection(scope: string, sectionId: number, groupId: number | null): boolean {
  if (scope === 'ALL_GROUPS') return true;
  if (scope === `group/${UNGROUPED}`) return groupId === null;
  if (scope.startsWith('group/')) return groupId !== null && scope === `group/${groupId}`;
  return scope === `inventory/${sectionId}`;
}

const columnsOf = (byObjectId: boolean): Column[] => (byObjectId ? ['code', 'object_id'] : ['code']);

/** Whether a row of `table` (alias `a`) in `where` matches row `b`: one index probe per column. */
function matchedExists(table: string, a: string, where: Where, b: string, byObjectId: boolean): RawBuilder<unknown> {
  const probes = columnsOf(byObjectId).map((column) => sql`exists (select 1 from ${sql.table(table)} ${sql.raw(a)} where ${where(column)} and ${sql.ref(`${a}.${column}`)} = ${sql.ref(`${b}.${column}`)})`);
  return sql`(${sql.join(probes, sql` or `)})`;
}

/**
 * Ids of rows of `table` (alias `m`) in `where` that a row `d` of `added` matches: the new rows first (cross
 * join: SQLite keeps that order), one index probe per new row and column.
 */
function matchedIds(table: string, where: Where, added: RawBuilder<unknown>, byObjectId: boolean): RawBuilder<unknown> {
  const joins = columnsOf(byObjectId).map((column) => sql`select m.id from (${added}) d cross join ${sql.table(table)} m where ${sql.ref(`m.${column}`)} = ${sql.ref(`d.${column}`)} and ${where(column)}`);
  return sql.join(joins, sql` union `);
}

/**
 * Rows of one table a write adds or removes, read while they are in the table (after an insert, before a delete):
 * `rows` names them, `others` the table's other rows (a filter beside an index probe), `holds` whether a kept
 * total's scope holds every one of them ('all'), none ('none': its delta is 0) or only some ('some': not followed).
 */
export interface ChangedRows {
  table: 'inventory_items' | 'catalogue_items';
  storeId: number;
  rows: (a: string) => RawBuilder<unknown>;
  others: (a: string) => RawBuilder<unknown>;
  holds: (kept: Kept) => 'all' | 'none' | 'some';
}

/**
 * What adding the changed rows D changes in the kept total (their removal changes it by the opposite), D being
 * in the table. Scans D in scope S: EXCEEDED(C, S) += |D rows C does not hold|; MISSING(C, S) -= |items of C that
 * a row of D matches and no other scan in S does|. Items D of catalogue C: MISSING(C, S) += |D rows no scan in S
 * matches|; EXCEEDED(C, S) -= |scans in S that a row of D matches and no other item of C does|.
 */
export function addedDeltaSql(changed: ChangedRows, kept: Kept, byObjectId: boolean): RawBuilder<{ d: number | string }> | null {
  const { storeId, table } = changed;
  const catalogue = kept.catalogue_id;
  const added = sql`select a.code, a.object_id from ${sql.table(table)} a where ${changed.rows('a')}`;
  if (table === 'inventory_items') {
    if (kept.mode === 'EXCEEDED') {
      const held = matchedExists('catalogue_items', 'c', () => sql`c.catalogue_id = ${catalogue}`, 'n', byObjectId);
      return sql`select count(*) as d from inventory_items n where ${changed.rows('n')} and not ${held}`;
    }
    const scans = scansOf(kept.scope, storeId, 'z');
    if (!scans) return null;
    const older: Where = (column) => sql`${scans(column)} and ${changed.others('z')}`;
    return sql`select -count(*) as d from catalogue_items ci where ci.id in (${matchedIds('catalogue_items', () => sql`m.catalogue_id = ${catalogue}`, added, byObjectId)})
      and not ${matchedExists('inventory_items', 'z', older, 'ci', byObjectId)}`;
  }
  const scans = scansOf(kept.scope, storeId, 'z');
  const mScans = scansOf(kept.scope, storeId, 'm');
  if (!scans || !mScans) return null;
  if (kept.mode === 'MISSING') {
    return sql`select count(*) as d from catalogue_items n where ${changed.rows('n')}
      and not ${matchedExists('inventory_items', 'z', scans, 'n', byObjectId)}`;
  }
  const older: Where = () => sql`c.catalogue_id = ${catalogue} and ${changed.others('c')}`;
  return sql`select -count(*) as d from inventory_items s where s.id in (${matchedIds('inventory_items', mScans, added, byObjectId)})
    and not ${matchedExists('catalogue_items', 'c', older, 's', byObjectId)}`;
}

/** The scans in a kept scope (alias `a`, probed by code), null when compare keeps no such scope: index counts. */
export function scansInScope(scope: string, storeId: number, a: string): RawBuilder<unknown> | null {
  const scans = scansOf(scope, storeId, a);
  return scans ? scans('code') : null;
}

/** The rows of `target` with an id above `before`: those a staged move's insert added. */
function insertedRows(target: ItemTarget, before: number, groupId: number | null): ChangedRows {
  const { storeId, parentId } = target;
  if (target.table === 'inventory_items') {
    return {
      table: 'inventory_items',
      storeId,
      rows: (a) => sql`${sql.ref(`${a}.inventory_id`)} = ${parentId} and ${sql.ref(`${a}.id`)} > ${before}`,
      // Unary +: the id is no index key here.
      others: (a) => sql`not (${sql.ref(`${a}.inventory_id`)} = ${parentId} and +${sql.ref(`${a}.id`)} > ${before})`,
      holds: (k) => (holdsSection(k.scope, parentId, groupId) ? 'all' : 'none'),
    };
  }
  return {
    table: 'catalogue_items',
    storeId,
    rows: (a) => sql`${sql.ref(`${a}.catalogue_id`)} = ${parentId} and ${sql.ref(`${a}.id`)} > ${before}`,
    others: (a) => sql`+${sql.ref(`${a}.id`)} <= ${before}`,
    holds: (k) => (k.catalogue_id === parentId ? 'all' : 'none'),
  };
}

/** Statistics for tests and benchmarks: totals moved set-wise, and the delta queries run. */
export const moveDeltaStats = { moved: 0, queries: 0 };

/** Off: the triggers alone follow the write, as before (bench:compare-import's "before" runs). */
export const moveDeltas = { enabled: true };

/** What startMoveDeltas took, for its end. */
export interface MoveDeltas {
  /** After the write's inserts into the target, in the same transaction: the kept totals follow them. */
  end(): Promise<void>;
}

export const NOTHING: MoveDeltas = { end: async () => undefined };

/**
 * Before a large write's inserts into `target` inside the transaction `trx` (see the file's comment): takes the
 * library's valid kept totals out of the triggers' hands; `end()`, after the inserts and before the
 * transaction ends, adds what the inserted rows changed to each and moves it to the library's new version.
 */
export async function startMoveDeltas(trx: Kysely<Database>, target: ItemTarget): Promise<MoveDeltas> {
  if (target.table === 'search_list_items' || !moveDeltas.enabled) return NOTHING;
  const db = trx as unknown as Untyped;
  return dialectOf(trx) === 'postgres' ? startAfterwards(db, target) : startBefore(db, target);
}

export const versionOf = async (db: Untyped, storeId: number, forUpdate = false) => Number((await sql<{ version: number | string }>`select version from list_item_versions
  where store_id = ${storeId}${forUpdate ? sql` for update` : sql``}`.execute(db)).rows[0]?.version ?? 0);

/** The valid kept totals of the library at `version`. */
export async function keptAt(db: Untyped, storeId: number, version: number): Promise<Kept[]> {
  const { rows } = await sql<Kept>`select ct.catalogue_id, ct.mode, ct.scope, ct.moved, ct.total from compare_totals ct join catalogues c on c.id = ct.catalogue_id
    where c.store_id = ${storeId} and ct.version = ${version}`.execute(db);
  return rows.map((k) => ({ ...k, catalogue_id: Number(k.catalogue_id), moved: Number(k.moved), total: Number(k.total) }));
}

const highestId = async (db: Untyped, target: ItemTarget) => Number((await sql<{ id: number | string | null }>`select max(id) as id from ${sql.table(target.table)}`.execute(db)).rows[0]?.id ?? 0);

/**
 * SQLite (one connection, nothing lands between the steps): takes the totals valid before the insert out of the
 * triggers' hands (moved = MOVED_CAP: the triggers only raise the version), and gives them the new rows' delta.
 */
async function startBefore(db: Untyped, target: ItemTarget): Promise<MoveDeltas> {
  const { storeId } = target;
  const version = await versionOf(db, storeId);
  const kept = await keptAt(db, storeId, version);
  if (!kept.length) return NOTHING;
  const before = await highestId(db, target);
  const catalogues = sql`(select id from catalogues where store_id = ${storeId})`;
  await sql`update compare_totals set moved = ${MOVED_CAP} where version = ${version} and catalogue_id in ${catalogues}`.execute(db);
  return { end: () => followInsert(db, target, kept, version, before) };
}

/**
 * PostgreSQL: nothing is locked before the insert (the library's version row would stay locked for the whole
 * insert, and every other write of the library would wait for it). The insert's statement trigger raises the
 * version by one and leaves the totals of a write larger than MOVED_CAP at the version before; its end, holding
 * the version row from that raise on, gives those totals the new rows' delta when the version is exactly one
 * above the one read before the insert. Otherwise another write landed in between (its rows might have ids
 * above `before`): the totals are left behind and counted again, as without this.
 */
async function startAfterwards(db: Untyped, target: ItemTarget): Promise<MoveDeltas> {
  const { storeId } = target;
  const version = await versionOf(db, storeId);
  const before = await highestId(db, target);
  return {
    async end() {
      if (await versionOf(db, storeId, true) !== version + 1) return;
      const kept = await keptAt(db, storeId, version);
      if (kept.length) await followInsert(db, target, kept, version, before);
    },
  };
}

/** Adds to each kept total what the rows of `target` above id `before` changed, and moves it to the library's version now. */
async function followInsert(db: Untyped, target: ItemTarget, kept: readonly Kept[], version: number, before: number): Promise<void> {
  const { storeId } = target;
  const now = await versionOf(db, storeId);
  const byObjectId = await matchesByObjectId(db, storeId);
  const groupId = target.table === 'inventory_items' ? (target.extra?.group_id ?? null) as number | null : null;
  const changed = insertedRows(target, before, groupId);
  for (const k of kept) {
    const query = now !== version && changed.holds(k) === 'all' ? addedDeltaSql(changed, k, byObjectId) : null;
    let d = 0;
    if (query) {
      moveDeltaStats.queries += 1;
      d = Number((await query.execute(db)).rows[0]?.d ?? 0);
    }
    await moveKept(db, k, version, now, d);
  }
}

/** Whether the library matches by objectId too (it labels an objectId column). */
export async function matchesByObjectId(db: Untyped, storeId: number): Promise<boolean> {
  const store = await db.selectFrom('stores').select('field_object_id').where('id', '=', storeId).executeTakeFirst() as { field_object_id: string | null } | undefined;
  return (store?.field_object_id ?? '') !== '';
}

/** Adds `d` to the kept total still at `version` and moves it to `now`, its `moved` as it was before the write. */
export async function moveKept(db: Untyped, k: Kept, version: number, now: number, d: number): Promise<void> {
  await db.updateTable('compare_totals').set((eb: any) => ({ total: eb('total', '+', d), version: now, moved: k.moved }))
    .where('catalogue_id', '=', k.catalogue_id).where('mode', '=', k.mode).where('scope', '=', k.scope).where('version', '=', version)
    .execute();
  moveDeltaStats.moved += 1;
}
