/**
 * Kept totals of the Compare lists without a search (migration 0018): a total is used while the library's
 * item version (raised by triggers on every catalogue-item and scan write and on the objectId column's
 * labelling) equals the one it was counted at; otherwise it is counted again and kept. The triggers of
 * migration 0019 add what each item write changed to the library's valid kept totals and move them to the new
 * version, up to MOVED_CAP (5,000) written rows between two reads of a total (0021), so only a first view, a
 * labelling of the objectId column or a larger write leads to a count.
 *
 * A count reads the library's version in the same statement (one snapshot), and its total is kept only if
 * that version is still the library's when it is stored: a write during the count leaves nothing stale kept.
 * A large write (an import's, sync's or Add Items To's final move) leaves the library's kept totals behind;
 * recountLeftBehind counts them again in the background right after it, so the next view finds them kept, and
 * also counts the never-kept lists the write's caller names (the catalogue related to the group imported into:
 * the first Compare after a stocktake's import), at most RECOUNT_MAX_FIRST per pass.
 */
import { AsyncResource } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import { UNGROUPED, type CompareMode, type CompareScope } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';

/** 'ALL_GROUPS', 'group/12', 'group/UNGROUPED', 'inventory/5' (as in compareId). */
export function scopeKey(scope: CompareScope): string {
  if (scope.kind === 'inventory') return `inventory/${scope.inventoryId}`;
  if (scope.kind === 'group') return `group/${scope.groupId === UNGROUPED ? UNGROUPED : scope.groupId}`;
  return 'ALL_GROUPS';
}

export interface CompareTotalKey {
  storeId: number;
  catalogueId: number;
  mode: CompareMode;
  scope: CompareScope;
}

/** A list's total and the library's item version, read in one statement (so of one snapshot). */
export interface CountedTotal {
  version: number;
  total: number;
}

export type TotalCounter = () => Promise<CountedTotal>;

/** A count running: its outcome, and how many views joined it (a background fill stops only a count nobody joined). */
interface Running {
  done: Promise<{ total: number; kept: boolean }>;
  joins: number;
}

/** Counts running per database and list: a view arriving during a background recount waits for it. */
const running = new WeakMap<object, Map<string, Running>>();
const runningOf = (db: Kysely<Database>) => {
  let map = running.get(db);
  if (!map) running.set(db, (map = new Map()));
  return map;
};
const listId = (key: CompareTotalKey) => `${key.catalogueId}/${key.mode}/${scopeKey(key.scope)}`;

/** Counts of kept totals running now on the database (views', recounts', the fill's). */
export const countsRunning = (db: Kysely<Database>): number => runningOf(db).size;

/** Whether a view waits for the count of this list running now. */
export const countJoined = (db: Kysely<Database>, key: CompareTotalKey): boolean => (runningOf(db).get(listId(key))?.joins ?? 0) > 0;

/**
 * Keeps `total` counted at `version` if that is still the library's version (on PostgreSQL with the
 * library's version row locked, so a write in flight is waited for); answers whether it was kept.
 */
async function keepIfCurrent(database: Kysely<Database>, key: CompareTotalKey, counted: CountedTotal): Promise<boolean> {
  const scope = scopeKey(key.scope);
  const lock = dialectOf(database) === 'postgres' ? sql` for share` : sql``;
  try {
    return await database.transaction().execute(async (trx) => {
      const db = trx;
      const { rows } = await sql<{ version: number | string }>`select version from list_item_versions where store_id = ${key.storeId}${lock}`.execute(db);
      if (Number(rows[0]?.version ?? 0) !== counted.version) return false;
      await db.insertInto('compare_totals').values({ catalogue_id: key.catalogueId, mode: key.mode, scope, version: counted.version, total: counted.total, moved: 0 })
        .onConflict((oc) => oc.columns(['catalogue_id', 'mode', 'scope']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), total: eb.ref('excluded.total'), moved: 0 })))
        .execute();
      return true;
    });
  } catch {
    // The catalogue may have been deleted meanwhile (its kept totals go with it).
    return false;
  }
}

/** Views that waited for a count already running instead of counting (tests read it). */
export const compareCountStats = { joined: 0 };

/** Counts the list (or joins its count already running) and keeps the total when still current. */
export function countAndKeep(db: Kysely<Database>, key: CompareTotalKey, counter: TotalCounter): { joined: boolean; done: Promise<{ total: number; kept: boolean }> } {
  const map = runningOf(db);
  const id = listId(key);
  const already = map.get(id);
  if (already) {
    compareCountStats.joined += 1;
    already.joins += 1;
    return { joined: true, done: already.done };
  }
  const entry: Running = { joins: 0, done: (async () => {
    const counted = await counter();
    return { total: counted.total, kept: await keepIfCurrent(db, key, counted) };
  })().finally(() => { if (map.get(id) === entry) map.delete(id); }) };
  map.set(id, entry);
  return { joined: false, done: entry.done };
}

/** The list's total, kept or counted by `counter` (and then kept). */
export async function keptCompareTotal(database: Kysely<Database>, key: CompareTotalKey, counter: TotalCounter): Promise<number> {
  const db = database;
  const scope = scopeKey(key.scope);
  const current = await db.selectFrom('list_item_versions').select('version').where('store_id', '=', key.storeId).executeTakeFirst();
  const version = Number(current?.version ?? 0);
  const kept = await db.selectFrom('compare_totals').select(['version', 'total', 'moved'])
    .where('catalogue_id', '=', key.catalogueId).where('mode', '=', key.mode).where('scope', '=', scope)
    .executeTakeFirst();
  if (kept && Number(kept.version) === version) {
    // Read: the triggers may move it by MOVED_CAP more written rows (migration 0021); a write since makes this a no-op.
    if (Number(kept.moved) > 0) {
      await db.updateTable('compare_totals').set({ moved: 0 })
        .where('catalogue_id', '=', key.catalogueId).where('mode', '=', key.mode).where('scope', '=', scope).where('version', '=', kept.version)
        .execute();
    }
    return Number(kept.total);
  }
  const first = countAndKeep(database, key, counter);
  // A joined background count that failed (stopped: the server is stopping) is counted by the view itself.
  const result = first.joined ? await first.done.catch(() => null) : await first.done;
  // A count this view started is of a snapshot taken after the view began. A count it joined (a background
  // recount) may be older: it answers only if it was kept, i.e. nothing was written between its snapshot and now.
  if (result && (!first.joined || result.kept)) return result.total;
  return (await countAndKeep(database, key, counter).done).total;
}

/** A kept total left behind, as stored (scope as in scopeKey). */
export interface LeftBehind {
  catalogueId: number;
  mode: CompareMode;
  scope: string;
  /** The library's version it was counted at or followed to. */
  version?: number;
}

/**
 * How a left-behind total is counted again: its key and counter (stopped by an abort of `signal`), or null when
 * its list no longer exists.
 */
export type CounterOf = (db: Kysely<Database>, storeId: number, list: LeftBehind, signal?: AbortSignal) => Promise<{ key: CompareTotalKey; counter: TotalCounter } | null>;

/** Passes over the library's left-behind totals in one recount; a write during a pass leads to another. */
export const RECOUNT_PASSES = 5;

/**
 * Lists one recount counts at most per pass: those left behind last (highest version: they were followed, so
 * valid, until the write). A total left behind long before has not been viewed since and is left to its next view.
 */
export const RECOUNT_MAX_LISTS = 8;

/** Never-kept lists one recount counts at most per pass (besides RECOUNT_MAX_LISTS left behind). */
export const RECOUNT_MAX_FIRST = 6;

/** The never-kept lists a write makes worth counting before their first view (scope as in scopeKey). */
export type FirstViews = () => Promise<LeftBehind[]>;

interface Recount {
  again: boolean;
  /** Asked for never-kept lists, read at the start of the next pass. */
  asked: FirstViews[];
  /** Never-kept lists not counted yet. */
  first: LeftBehind[];
  done: Promise<void>;
  /** The lowest version the first pass took: later passes take no total left behind before it. */
  floor: number | null;
}

/**
 * The context recounts run in: the module's, not the request whose write started them (whose AsyncLocalStorage
 * values, e.g. the signal that cancels its counts when its client goes away, must not reach background work).
 */
const background = new AsyncResource('compare-recount');
const recounts = new WeakMap<object, Map<number, Recount>>();
const recountsOf = (db: Kysely<Database>) => {
  let map = recounts.get(db);
  if (!map) recounts.set(db, (map = new Map()));
  return map;
};

/**
 * The library's kept totals not at its current version, left behind last first (Missing before Exceeded: the
 * Compare page opens on Missing): `list` alone, or those from version `floor` on, at most `limit`.
 */
async function leftBehind(database: Kysely<Database>, storeId: number, only: { list?: LeftBehind; floor?: number | null; limit?: number }): Promise<LeftBehind[]> {
  const { list, floor, limit } = only;
  const { rows } = await sql<{ catalogue_id: number | string; mode: CompareMode; scope: string; version: number | string }>`
    select ct.catalogue_id, ct.mode, ct.scope, ct.version from compare_totals ct join catalogues c on c.id = ct.catalogue_id
    where c.store_id = ${storeId}
      ${list ? sql`and ct.catalogue_id = ${list.catalogueId} and ct.mode = ${list.mode} and ct.scope = ${list.scope}` : sql``}
      ${floor != null ? sql`and ct.version >= ${floor}` : sql``}
      and ct.version <> coalesce((select version from list_item_versions where store_id = ${storeId}), 0)
    order by ct.version desc, ct.scope, ct.catalogue_id, ct.mode desc
    ${limit ? sql`limit ${limit}` : sql``}`.execute(database);
  return rows.map((r) => ({ catalogueId: Number(r.catalogue_id), mode: r.mode, scope: r.scope, version: Number(r.version) }));
}

/** One pass over the library's left-behind totals (the first one sets the floor of the later ones). */
async function recountPass(database: Kysely<Database>, storeId: number, counterOf: CounterOf, state: Recount): Promise<void> {
  const lists = await leftBehind(database, storeId, { floor: state.floor, limit: RECOUNT_MAX_LISTS });
  if (state.floor === null && lists.length) state.floor = Math.min(...lists.map((l) => l.version!));
  for (const list of lists) {
    // A view may have counted it meanwhile.
    if (!(await leftBehind(database, storeId, { list })).length) continue;
    const found = await counterOf(database, storeId, list);
    if (!found) {
      // Its group or section was deleted: nobody can view it again.
      await database.deleteFrom('compare_totals')
        .where('catalogue_id', '=', list.catalogueId).where('mode', '=', list.mode).where('scope', '=', list.scope).execute();
      continue;
    }
    // Not kept (written to during the count, or a view's count it joined was cancelled): another pass.
    const kept = await countAndKeep(database, found.key, found.counter).done.then((r) => r.kept, () => false);
    if (!kept) state.again = true;
  }
  await firstViewsPass(database, storeId, counterOf, state);
}

/** Whether the library keeps a total of the list, valid or not (one left behind is recountPass's). */
async function everKept(database: Kysely<Database>, list: LeftBehind): Promise<boolean> {
  return !!(await database.selectFrom('compare_totals').select('version')
    .where('catalogue_id', '=', list.catalogueId).where('mode', '=', list.mode).where('scope', '=', list.scope).executeTakeFirst());
}

/** Counts up to RECOUNT_MAX_FIRST of the never-kept lists asked for; those not kept (a write meanwhile) wait for another pass. */
async function firstViewsPass(database: Kysely<Database>, storeId: number, counterOf: CounterOf, state: Recount): Promise<void> {
  for (const ask of state.asked.splice(0)) {
    for (const list of await ask()) {
      if (!state.first.some((l) => l.catalogueId === list.catalogueId && l.mode === list.mode && l.scope === list.scope)) state.first.push(list);
    }
  }
  const never: LeftBehind[] = [];
  for (const list of state.first) if (!(await everKept(database, list))) never.push(list);
  state.first = never;
  const lists = state.first.splice(0, RECOUNT_MAX_FIRST);
  for (const list of lists) {
    const found = await counterOf(database, storeId, list);
    if (!found) continue;
    const kept = await countAndKeep(database, found.key, found.counter).done.then((r) => r.kept, () => false);
    if (!kept) {
      state.first.push(list);
      state.again = true;
    }
  }
  // Those left for another pass (there is one only after a write meanwhile): at most one pass's; the rest wait for their first view.
  state.first.length = Math.min(state.first.length, RECOUNT_MAX_FIRST);
}

/**
 * Counts the library's kept totals that a write left behind again, one at a time, in the background (the
 * counter decides where: on a SQLite file the count worker). Called again while running, it makes one more
 * pass when this one ends. Failures are dropped: the next view counts the total itself.
 */
export function recountLeftBehind(database: Kysely<Database>, storeId: number, counterOf: CounterOf, firstViews?: FirstViews): Promise<void> {
  const map = recountsOf(database);
  const current = map.get(storeId);
  if (current) {
    current.again = true;
    if (firstViews) current.asked.push(firstViews);
    return current.done;
  }
  const state: Recount = { again: true, asked: firstViews ? [firstViews] : [], first: [], done: Promise.resolve(), floor: null };
  state.done = background.runInAsyncScope(async () => {
    // After the write's request has answered.
    await new Promise<void>((resolve) => { setImmediate(resolve); });
    for (let pass = 0; pass < RECOUNT_PASSES && state.again; pass += 1) {
      state.again = false;
      try {
        await recountPass(database, storeId, counterOf, state);
      } catch {
        break; // The next view counts it.
      }
    }
    // No await since the last look at state.again: a call from here on starts a new recount.
    map.delete(storeId);
  });
  map.set(storeId, state);
  return state.done;
}

/** Resolves when the background recounts of the database have ended (tests, benchmarks). */
export async function recountsSettled(database: Kysely<Database>): Promise<void> {
  for (;;) {
    const pending = [...recountsOf(database).values()].map((r) => r.done);
    if (!pending.length) return;
    await Promise.all(pending);
  }
}
