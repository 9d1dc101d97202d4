/**
 * The background fill of Compare's kept totals. Migration 0025 keeps every catalogue × {ALL_GROUPS,
 * UNGROUPED, each group} × {MISSING, EXCEEDED} list from the creation of its catalogue or group, but pairs that
 * existed before it, and totals left behind later (a large delete of a group's or section's scans, more than
 * MOVED_CAP per-row writes between two reads, the objectId column's relabelling), are counted at their next view
 * (1-3 s on a million items). The fill counts them before anyone views them: after the server starts and then
 * every FILL_POLL_MS, the lists without a valid kept total (listsToFill: a cheap read of small tables; section
 * lists only once viewed, after the others) are counted one at a time, through the same count-and-keep as a view (so a view of a list being
 * filled waits for that count instead of counting a second time), on a SQLite file in the count worker lane, on
 * PostgreSQL on one pool connection.
 *
 * It yields to people: it starts a count only while no view or recount is counting and (SQLite) the count lane is
 * idle, and on SQLite a request sent to the count lane while the fill counts stops the fill's count (unless a view
 * joined it) and the list is counted again once the lane is idle. A list whose count was not kept (a write during
 * it) waits longer each time (FILL_BACKOFF_MAX_MS at most). stop() aborts the count in flight (the worker's
 * portal_alive() check; PostgreSQL cancels the backend) and resolves once the loop has ended.
 *
 * One fill runs at a time per database: on PostgreSQL each pass holds a session advisory lock (FILL_LOCK_KEY,
 * pg_try_advisory_lock on one pool connection for the pass), and an instance that finds it held skips that pass,
 * so several server instances on one database never count the same list at once (nor the same lists twice
 * over). A SQLite file is served by one process (its count worker lane included): nothing to share there.
 */
import { sql, type Kysely } from 'kysely';
import { UNGROUPED, type CompareMode } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { CountCancelled } from '../lists/countCancel';
import { lanePending, onLaneSend } from '../lists/searchWorker';
import { sqliteFile } from '../lists/sqlite';
import { countAndKeep, countJoined, countsRunning, type CounterOf, type LeftBehind } from './compareTotals';

/** A list without a valid kept total, of library `storeId` (scope as in scopeKey). */
export interface FillList extends LeftBehind {
  storeId: number;
}

/** Between two looks for lists to fill. */
export const FILL_POLL_MS = 5_000;
/** The longest a list whose count was not kept (written to meanwhile) waits for its next try. */
export const FILL_BACKOFF_MAX_MS = 600_000;
/** How often one list's count may be stopped for people in one pass (then it waits for the next pass). */
const MAX_YIELDS = 50;
/** Between two looks at whether people still count. */
const IDLE_CHECK_MS = 100;

const MODES: CompareMode[] = ['MISSING', 'EXCEEDED'];
const idOf = (l: { catalogueId: number; mode: string; scope: string }) => `${l.catalogueId}/${l.mode}/${l.scope}`;

/**
 * Every catalogue × {ALL_GROUPS, UNGROUPED, each group of its library} × mode without a kept total at its
 * library's version: first the groups related to the catalogue (the stocktake's Compare), then ALL_GROUPS, the
 * other groups, UNGROUPED; Missing before Exceeded (the Compare page opens on Missing). Then the section
 * (`inventory/…`) lists that had a kept total (viewed before) and were left behind, left behind last first: a
 * section list nobody viewed is counted at its first view.
 */
export async function listsToFill(db: Kysely<Database>): Promise<FillList[]> {
    const catalogues = await db.selectFrom('catalogues').select(['id', 'store_id']).orderBy('id').execute();
  if (!catalogues.length) return [];
  const groups = await db.selectFrom('inventory_groups').select(['id', 'store_id', 'catalogue_id']).orderBy('id').execute();
  const versions = new Map((await db.selectFrom('list_item_versions').select(['store_id', 'version']).execute())
    .map((r) => [Number(r.store_id), Number(r.version)]));
  const kept = (await db.selectFrom('compare_totals as ct').innerJoin('catalogues as c', 'c.id', 'ct.catalogue_id')
    .select(['ct.catalogue_id', 'ct.mode', 'ct.scope', 'ct.version', 'c.store_id']).execute())
    .map((k) => ({ catalogueId: Number(k.catalogue_id), mode: k.mode, scope: k.scope, version: Number(k.version), storeId: Number(k.store_id) }));
  const isValid = (k: { version: number; storeId: number }) => k.version === (versions.get(k.storeId) ?? 0);
  const valid = new Set(kept.filter(isValid).map(idOf));
  const lists: Array<FillList & { rank: number }> = [];
  for (const c of catalogues) {
    const storeId = Number(c.store_id);
    const catalogueId = Number(c.id);
    const scopes: Array<{ scope: string; rank: number }> = [
      ...groups.filter((g) => Number(g.store_id) === storeId).map((g) => ({ scope: `group/${g.id}`, rank: Number(g.catalogue_id) === catalogueId ? 0 : 2 })),
      { scope: 'ALL_GROUPS', rank: 1 },
      { scope: `group/${UNGROUPED}`, rank: 3 },
    ];
    for (const { scope, rank } of scopes) {
      for (const [m, mode] of MODES.entries()) {
        if (!valid.has(idOf({ catalogueId, mode, scope }))) lists.push({ storeId, catalogueId, mode, scope, rank: rank * 2 + m });
      }
    }
  }
  const sections = await leftBehindSections(db, kept.filter((k) => k.scope.startsWith('inventory/') && !isValid(k)));
  return [...lists.sort((a, b) => a.rank - b.rank), ...sections].map(({ rank: _rank, ...list }) => list);
}

/** The section lists left behind whose section still exists: left behind last first, Missing before Exceeded. */
async function leftBehindSections(db: Kysely<Database>, stale: Array<FillList & { version: number }>): Promise<Array<FillList & { rank?: number }>> {
  if (!stale.length) return [];
  const ids = [...new Set(stale.map((k) => Number(k.scope.slice('inventory/'.length))))];
  const existing = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('inventories').select('id').where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) existing.add(Number(r.id));
  }
  return stale.filter((k) => existing.has(Number(k.scope.slice('inventory/'.length))))
    .sort((a, b) => b.version - a.version || a.scope.localeCompare(b.scope) || a.catalogueId - b.catalogueId || MODES.indexOf(a.mode) - MODES.indexOf(b.mode))
    .map(({ version: _version, ...list }) => list);
}

/** Whether the list has a kept total at its library's version now (a view may have counted it meanwhile). */
async function validNow(db: Kysely<Database>, list: FillList): Promise<boolean> {
  const row = await db.selectFrom('compare_totals').select('version')
    .where('catalogue_id', '=', list.catalogueId).where('mode', '=', list.mode).where('scope', '=', list.scope).executeTakeFirst();
  if (!row) return false;
  const current = await db.selectFrom('list_item_versions').select('version').where('store_id', '=', list.storeId).executeTakeFirst();
  return Number(row.version) === Number(current?.version ?? 0);
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  if (signal?.aborted) return resolve();
  const done = () => { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); };
  const timer = setTimeout(done, ms);
  signal?.addEventListener('abort', done, { once: true });
});

/** Resolves when nobody counts a kept total and (SQLite file) the count lane is idle, or `signal` aborts. */
async function untilPeopleIdle(db: Kysely<Database>, sqlite: boolean, signal?: AbortSignal): Promise<void> {
  while (!signal?.aborted && (countsRunning(db) > 0 || (sqlite && lanePending('count') > 0))) await sleep(IDLE_CHECK_MS, signal);
}

export interface FillOptions {
  counterOf: CounterOf;
  /** Stops the pass (and the count in flight). */
  signal?: AbortSignal;
  /** Wait for people's counts and give way to them (the background fill); false counts straight on (the demo generator). */
  yieldToPeople?: boolean;
  /** Lists left out of this pass (backed off). */
  skip?: (list: FillList) => boolean;
  /** Told of each list's outcome: kept, or not (written to during its count). */
  counted?: (list: FillList, kept: boolean) => void;
}

export interface FillPass {
  /** Lists without a valid kept total at the start of the pass. */
  lists: number;
  /** Counted and kept. */
  kept: number;
}

/** Counts one list (again after each stop for people), kept or not; null when stopped or yielded too often. */
async function fillOne(db: Kysely<Database>, list: FillList, options: FillOptions, sqlite: boolean): Promise<boolean | null> {
  const { signal } = options;
  for (let yields = 0; yields < MAX_YIELDS && !signal?.aborted; yields += 1) {
    if (options.yieldToPeople) await untilPeopleIdle(db, sqlite, signal);
    if (signal?.aborted) return null;
    if (await validNow(db, list)) return true;
    const controller = new AbortController();
    const stop = () => controller.abort(new CountCancelled('The Compare fill stopped'));
    signal?.addEventListener('abort', stop, { once: true });
    let unsubscribe: () => void = () => undefined;
    try {
      const found = await options.counterOf(db, list.storeId, list, controller.signal);
      if (!found) return null;
      const count = countAndKeep(db, found.key, found.counter);
      let gaveWay = false;
      if (options.yieldToPeople && sqlite && !count.joined) {
        // Sent after the fill's own query: someone else's count (or search page) waits behind it; give way unless a view joined it.
        unsubscribe = onLaneSend('count', () => {
          if (!countJoined(db, found.key)) {
            gaveWay = true;
            stop();
          }
        });
      }
      // A joined count (a recount's) is not the fill's to stop: the fill just stops waiting for it.
      const aborted = new Promise<null>((resolve) => { controller.signal.addEventListener('abort', () => resolve(null), { once: true }); });
      const result = await Promise.race([count.done.catch(() => null), ...(count.joined ? [aborted] : [])]);
      if (result) return result.kept;
      // Failed (not stopped by the fill): backed off like a count not kept, not tried again every pass.
      if (!gaveWay) return signal?.aborted ? null : false;
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', stop);
    }
  }
  return null;
}

/** One pass over the lists without a valid kept total, one count at a time. */
export async function fillPass(db: Kysely<Database>, options: FillOptions): Promise<FillPass> {
  const lists = await listsToFill(db);
  const sqlite = dialectOf(db) === 'sqlite' && sqliteFile(db) !== null;
  const pass: FillPass = { lists: lists.length, kept: 0 };
  for (const list of lists) {
    if (options.signal?.aborted) break;
    if (options.skip?.(list)) continue;
    const kept = await fillOne(db, list, options, sqlite);
    if (kept === null) continue;
    if (kept) pass.kept += 1;
    options.counted?.(list, kept);
  }
  return pass;
}

/** pg_try_advisory_lock key of the background fill's passes (any constant other than db/startupLock's). */
export const FILL_LOCK_KEY = 7_201_118;

/**
 * Runs `work` (one pass) unless another instance's fill holds the database's fill lock (PostgreSQL), then answers
 * null. The lock is a session lock on a connection held for the pass (the counts run on others), released after
 * it, or by the server when the instance dies.
 */
async function underFillLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T | null> {
  if (dialectOf(db) !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${FILL_LOCK_KEY}) as got`.execute(conn);
    if (!rows[0]?.got) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${FILL_LOCK_KEY})`.execute(conn);
    }
  });
}

export interface CompareFill {
  /** Stops the count in flight and the loop; resolves when it has ended. */
  stop(): Promise<void>;
  /** Passes made so far (tests, benchmarks), those skipped included. */
  readonly passes: number;
  /** Passes skipped because another instance's fill held the database's fill lock (PostgreSQL). */
  readonly lockedOut: number;
}

/**
 * Starts the background fill of `db` (the server's start): its first pass after `firstDelayMs`, then one every
 * `pollMs`, until stop().
 */
export function startCompareFill(db: Kysely<Database>, counterOf: CounterOf, options: { firstDelayMs?: number; pollMs?: number } = {}): CompareFill {
  const controller = new AbortController();
  const pollMs = options.pollMs ?? FILL_POLL_MS;
  let wake: (() => void) | null = null;
  let passes = 0;
  let lockedOut = 0;
  /** Lists whose count was not kept: how often in a row, and not before when. */
  const backoff = new Map<string, { misses: number; at: number }>();
  const counted = (list: FillList, kept: boolean) => {
    if (kept) {
      backoff.delete(idOf(list));
      return;
    }
    const misses = (backoff.get(idOf(list))?.misses ?? 0) + 1;
    backoff.set(idOf(list), { misses, at: Date.now() + Math.min(FILL_BACKOFF_MAX_MS, pollMs * 2 ** misses) });
  };
  const skip = (list: FillList) => (backoff.get(idOf(list))?.at ?? 0) > Date.now();
  const pause = (ms: number) => new Promise<void>((resolve) => {
    if (controller.signal.aborted) return resolve();
    const timer = setTimeout(() => { wake = null; resolve(); }, ms);
    timer.unref();
    wake = () => { clearTimeout(timer); wake = null; resolve(); };
  });
  const loop = (async () => {
    await pause(options.firstDelayMs ?? 1_000);
    while (!controller.signal.aborted) {
      try {
        const pass = await underFillLock(db, () => fillPass(db, { counterOf, signal: controller.signal, yieldToPeople: true, skip, counted }));
        if (!pass) lockedOut += 1;
      } catch {
        // The database went away or a list vanished mid-pass: the next pass looks again.
      }
      passes += 1;
      await pause(pollMs);
    }
  })();
  const fill: CompareFill = {
    async stop() {
      controller.abort();
      wake?.();
      await loop;
    },
    get passes() { return passes; },
    get lockedOut() { return lockedOut; },
  };
  return fill;
}
