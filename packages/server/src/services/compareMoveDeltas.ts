/**
 * Kept Compare totals follow a large staged write inside its own transaction, set-wise (so no view waits
 * for a count after an import, sync or Add Items To). The per-row (SQLite) and per-statement (PostgreSQL)
 * delta triggers of migrations 0019/0021/0022 follow at most MOVED_CAP rows and leave a larger write's totals
 * behind, to be counted in full again (1-3 s each on a million items). Around each insert of a staged move
 * (lists/stagedItems.ts, through lists/itemsMoved.ts `itemsMoving`; a writer inserting in several statements
 * calls `startItemsMoving` and its `end`) this instead:
 *
 * 1. takes the library's version and (SQLite) its totals valid at it; on SQLite the insert's rows run no per-row
 *    trigger (migration 0026) and the version is raised once after it; PostgreSQL locks nothing before the
 *    insert, whose statement trigger leaves a large write's totals at the version before (see startAfterwards);
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
import type { ItemTarget } from '../lists/itemWrites';

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

/** Whether a scan (alias `a`, a scan of the library) is in a kept scope, as a condition on its own row; null when compare keeps no such scope. */
function scanInScope(scope: string, a: string): RawBuilder<unknown> | null {
  const ref = (column: string) => sql.ref(`${a}.${column}`);
  if (scope === 'ALL_GROUPS') return sql`1 = 1`;
  if (scope === `group/${UNGROUPED}`) return sql`${ref('group_id')} is null`;
  const group = /^group\/(\d+)$/.exec(scope);
  if (group) return sql`${ref('group_id')} = ${Number(group[1])}`;
  const section = /^inventory\/(\d+)$/.exec(scope);
  if (section) return sql`${ref('inventory_id')} = ${Number(section[1])}`;
  return null;
}

/**
 * addedDeltaSql for several kept totals of one catalogue and mode at once: what every total asks of the new rows
 * is found once (one index probe per new row and column, where each total's own query probed again) and counted
 * per scope. New catalogue items: the scans they match; new scans, MISSING: the catalogue's items they match
 * (new scans' EXCEEDED is one question per catalogue, asked once by followInsert). Answers one row with a column
 * `d<i>` per total, in order; null when there is nothing to share or a scope is not one compare keeps.
 */
export function addedDeltasSql(changed: ChangedRows, kept: readonly Kept[], byObjectId: boolean): RawBuilder<Record<string, number | string>> | null {
  const { storeId } = changed;
  if (!kept.length) return null;
  const mode = kept[0]!.mode;
  const catalogue = kept[0]!.catalogue_id;
  if (kept.some((k) => k.mode !== mode || k.catalogue_id !== catalogue)) return null;
  const added = (a: string) => sql`select ${sql.ref(`${a}.code`)}, ${sql.ref(`${a}.object_id`)} from ${sql.table(changed.table)} ${sql.raw(a)} where ${changed.rows(a)}`;
  if (changed.table === 'inventory_items') {
    if (mode !== 'MISSING') return null;
    // MISSING(C, S) -= |items of C that a row of D matches and no other scan in S does|.
    const olderIn = kept.map((k) => scansOf(k.scope, storeId, 'z'));
    if (olderIn.some((w) => w === null)) return null;
    const columns = olderIn.map((scans, i) => {
      const older: Where = (column) => sql`${scans!(column)} and ${changed.others('z')}`;
      return sql`-count(case when not ${matchedExists('inventory_items', 'z', older, 'ci', byObjectId)} then 1 end) as ${sql.ref(`d${i}`)}`;
    });
    return sql`select ${sql.join(columns)} from catalogue_items ci
      where ci.id in (${matchedIds('catalogue_items', () => sql`m.catalogue_id = ${catalogue}`, added('a'), byObjectId)})`;
  }
  const inScope = kept.map((k) => scanInScope(k.scope, 'x'));
  if (inScope.some((c) => c === null)) return null;
  if (mode === 'MISSING') {
    // |D rows no scan in S matches| = |D| - |D rows some scan in S matches|.
    const matches = sql.join(columnsOf(byObjectId).map((column) => sql`select n.id as nid, z.group_id, z.inventory_id from catalogue_items n
      join inventory_items z on z.store_id = ${storeId} and ${sql.ref(`z.${column}`)} = ${sql.ref(`n.${column}`)} where ${changed.rows('n')}`), sql` union all `);
    const columns = inScope.map((c, i) => sql`(select count(*) from catalogue_items n where ${changed.rows('n')}) - count(distinct case when ${c} then x.nid end) as ${sql.ref(`d${i}`)}`);
    return sql`select ${sql.join(columns)} from (${matches}) x`;
  }
  // EXCEEDED(C, S) -= |scans in S that a row of D matches and no other item of C does|.
  const older = () => sql`c.catalogue_id = ${catalogue} and ${changed.others('c')}`;
  const columns = inScope.map((c, i) => sql`-count(case when ${c} then 1 end) as ${sql.ref(`d${i}`)}`);
  return sql`select ${sql.join(columns)} from inventory_items x where x.id in (${matchedIds('inventory_items', () => sql`m.store_id = ${storeId}`, added('a'), byObjectId)})
    and not ${matchedExists('catalogue_items', 'c', older, 'x', byObjectId)}`;
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
export const moveDeltaStats = { moved: 0, queries: 0, gaveUp: 0 };

export const moveDeltas = {
  /**
   * PostgreSQL: the longest the deltas of one insert may take (ms); past it they are given up (their savepoint
   * rolled back) and the totals left behind, to be counted again by the background fill. The planner, knowing
   * nothing yet of the rows the write's own transaction inserted, ran a delta query for many minutes on the large
   * profile (a new catalogue whose codes 300,000 scans hold), holding the library's version row all along.
   */
  postgresTimeoutMs: 5000,
};

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
  if (target.table === 'search_list_items') return NOTHING;
  const db = trx;
  return dialectOf(trx) === 'postgres' ? startAfterwards(db, target) : startBefore(db, target);
}

export const versionOf = async (db: Kysely<Database>, storeId: number, forUpdate = false) => Number((await sql<{ version: number | string }>`select version from list_item_versions
  where store_id = ${storeId}${forUpdate ? sql` for update` : sql``}`.execute(db)).rows[0]?.version ?? 0);

/** The valid kept totals of the library at `version`. */
export async function keptAt(db: Kysely<Database>, storeId: number, version: number): Promise<Kept[]> {
  const { rows } = await sql<Kept>`select ct.catalogue_id, ct.mode, ct.scope, ct.moved, ct.total from compare_totals ct join catalogues c on c.id = ct.catalogue_id
    where c.store_id = ${storeId} and ct.version = ${version}`.execute(db);
  return rows.map((k) => ({ ...k, catalogue_id: Number(k.catalogue_id), moved: Number(k.moved), total: Number(k.total) }));
}

const highestId = async (db: Kysely<Database>, target: ItemTarget) => Number((await sql<{ id: number | string | null }>`select max(id) as id from ${sql.table(target.table)}`.execute(db)).rows[0]?.id ?? 0);

/**
 * SQLite (one connection, nothing lands between the steps): the insert's rows run no per-row trigger (their
 * library is in item_moves_now for the insert, migration 0026); afterwards the version is raised once and the
 * totals valid before the insert get the new rows' delta.
 */
async function startBefore(db: Kysely<Database>, target: ItemTarget): Promise<MoveDeltas> {
  const { storeId } = target;
  const version = await versionOf(db, storeId);
  const kept = await keptAt(db, storeId, version);
  const before = await highestId(db, target);
  await sql`insert into item_moves_now (store_id) values (${storeId}) on conflict do nothing`.execute(db);
  return {
    async end() {
      await sql`delete from item_moves_now where store_id = ${storeId}`.execute(db);
      if (await highestId(db, target) > before) {
        await sql`insert into list_item_versions (store_id, version) values (${storeId}, 1)
          on conflict (store_id) do update set version = list_item_versions.version + 1`.execute(db);
      }
      if (kept.length) await followInsert(db, target, kept, version, before);
    },
  };
}

/**
 * PostgreSQL: nothing is locked before the insert (the library's version row would stay locked for the whole
 * insert, and every other write of the library would wait for it). The insert's statement trigger raises the
 * version by one and leaves the totals of a write larger than MOVED_CAP at the version before; its end, holding
 * the version row from that raise on, gives those totals the new rows' delta when the version is exactly one
 * above the one read before the insert. Otherwise another write landed in between (its rows might have ids
 * above `before`): the totals are left behind and counted again, as without this.
 */
async function startAfterwards(db: Kysely<Database>, target: ItemTarget): Promise<MoveDeltas> {
  const { storeId } = target;
  const version = await versionOf(db, storeId);
  const before = await highestId(db, target);
  return {
    async end() {
      if (await versionOf(db, storeId, true) !== version + 1) return;
      const kept = await keptAt(db, storeId, version);
      if (kept.length) await withinTimeout(db, () => followInsert(db, target, kept, version, before));
    },
  };
}

/**
 * PostgreSQL: runs `follow` in a savepoint with moveDeltas.postgresTimeoutMs as its statement timeout; a timeout
 * rolls it back (the totals stay at the version before: left behind) and the write goes on. Other errors fail it.
 */
async function withinTimeout(db: Kysely<Database>, follow: () => Promise<void>): Promise<void> {
  const own = String((await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]?.statement_timeout ?? '0');
  await sql`savepoint move_deltas`.execute(db);
  await sql`select set_config('statement_timeout', ${`${Math.max(1, Math.round(moveDeltas.postgresTimeoutMs))}ms`}, true)`.execute(db);
  try {
    await follow();
    await sql`release savepoint move_deltas`.execute(db);
  } catch (error) {
    // 57014: query_canceled (the statement timeout).
    if ((error as { code?: string }).code !== '57014') throw error;
    await sql`rollback to savepoint move_deltas`.execute(db);
    moveDeltaStats.gaveUp += 1;
  } finally {
    await sql`select set_config('statement_timeout', ${own}, true)`.execute(db);
  }
}

/** Adds to each kept total what the rows of `target` above id `before` changed, and moves it to the library's version now. */
async function followInsert(db: Kysely<Database>, target: ItemTarget, kept: readonly Kept[], version: number, before: number): Promise<void> {
  const { storeId } = target;
  const now = await versionOf(db, storeId);
  const byObjectId = await matchesByObjectId(db, storeId);
  const groupId = target.table === 'inventory_items' ? (target.extra?.group_id ?? null) as number | null : null;
  const changed = insertedRows(target, before, groupId);
  const following = now !== version ? kept.filter((k) => changed.holds(k) === 'all') : [];
  // SQLite (a query per move step, 40 per 100,000 rows): each catalogue's totals of one mode in one query where
  // they share their probes (addedDeltasSql). PostgreSQL asks once per move, so sharing saves little there, and
  // its plans for these queries are not trusted (see moveDeltas.postgresTimeoutMs): it keeps the per-total queries.
  const merged = new Map<Kept, number>();
  for (const mode of dialectOf(db as Kysely<Database>) === 'sqlite' ? ['MISSING', 'EXCEEDED'] as const : []) {
    for (const catalogue of new Set(following.map((k) => k.catalogue_id))) {
      const group = following.filter((k) => k.mode === mode && k.catalogue_id === catalogue);
      const query = group.length > 1 ? addedDeltasSql(changed, group, byObjectId) : null;
      if (!query) continue;
      moveDeltaStats.queries += 1;
      const row = (await query.execute(db)).rows[0] ?? {};
      group.forEach((k, i) => merged.set(k, Number(row[`d${i}`] ?? 0)));
    }
  }
  // Scopes that hold the rows may ask the same question (new scans' EXCEEDED is one per catalogue): asked once.
  const answers = new Map<string, number>();
  for (const k of kept) {
    const d0 = merged.get(k);
    if (d0 !== undefined) {
      await moveKept(db, k, version, now, d0);
      continue;
    }
    const query = now !== version && changed.holds(k) === 'all' ? addedDeltaSql(changed, k, byObjectId)?.compile(db) : null;
    let d = 0;
    if (query) {
      const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
      let answer = answers.get(key);
      if (answer === undefined) {
        moveDeltaStats.queries += 1;
        answer = Number((await db.executeQuery<{ d: number | string }>(query)).rows[0]?.d ?? 0);
        answers.set(key, answer);
      }
      d = answer;
    }
    await moveKept(db, k, version, now, d);
  }
}

/** Whether the library matches by objectId too (it labels an objectId column). */
export async function matchesByObjectId(db: Kysely<Database>, storeId: number): Promise<boolean> {
  const store = await db.selectFrom('stores').select('field_object_id').where('id', '=', storeId).executeTakeFirst();
  return (store?.field_object_id ?? '') !== '';
}

/** Adds `d` to the kept total still at `version` and moves it to `now`, its `moved` as it was before the write. */
export async function moveKept(db: Kysely<Database>, k: Kept, version: number, now: number, d: number): Promise<void> {
  await db.updateTable('compare_totals').set((eb) => ({ total: eb('total', '+', d), version: now, moved: k.moved }))
    .where('catalogue_id', '=', k.catalogue_id).where('mode', '=', k.mode).where('scope', '=', k.scope).where('version', '=', version)
    .execute();
  moveDeltaStats.moved += 1;
}
