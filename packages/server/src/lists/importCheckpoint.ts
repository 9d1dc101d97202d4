/**
 * WAL checkpoints taken out of an import's move on SQLite. The move's inserts write 150-400 MB of
 * WAL per 100,000 rows; with the connection's automatic checkpoint (every 1,000 pages) each step's commit that
 * crossed the mark copied the WAL into the database file and waited for the disk twice (fsync), on the main
 * thread: ~40 checkpoints, 0.5-0.6 s of CPU and 1.5+ s of wall per 100,000 rows on a shared disk.
 *
 * While a move holds the connection (`holdCheckpoints`) its automatic checkpoint is off: the steps only append
 * to the WAL, and the move's last commit (synchronous FULL, ./importMove) makes them durable with one fsync.
 * When the last hold ends, one PASSIVE checkpoint runs on a worker thread's own connection
 * (./importCheckpointWorker.js; it never blocks the main connection, retried while readers of older
 * snapshots keep part of the WAL), and the automatic checkpoint comes back once it has ended. The next write
 * after a complete checkpoint starts the WAL over, cut back to JOURNAL_SIZE_LIMIT.
 * In-memory databases (no WAL) and PostgreSQL are left as they are.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sqliteHandle } from './sqlite';

/** Bytes the WAL file is cut back to when it starts over (it grows to hundreds of MB during a move). */
export const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** How long the worker keeps trying to copy the whole WAL while readers hold older snapshots. */
export const CHECKPOINT_DEADLINE_MS = 60_000;

interface State {
  holds: number;
  /** The connection's own wal_autocheckpoint (pages), restored when no hold and no worker is left. */
  own: number;
  /** The background checkpoint running now. */
  running: Promise<void> | null;
  /** A hold ended while a checkpoint ran: one more after it. */
  again: boolean;
}

const states = new WeakMap<BetterSqlite3.Database, State>();

/** Background checkpoints, for tests and benchmarks: started, ended with the whole WAL copied, failed. */
export const checkpointRuns = { started: 0, complete: 0, failed: 0 };

function walFile(raw: BetterSqlite3.Database): boolean {
  if (raw.memory) return false;
  return String(raw.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
}

/**
 * Runs `move` with the connection's automatic checkpoint off (see the file's comment); a checkpoint on a
 * worker follows once no move holds it any more. Other databases: `move` as it is.
 */
export async function holdCheckpoints<T>(db: Kysely<Database>, move: () => Promise<T>): Promise<T> {
  const raw = sqliteHandle(db);
  if (!raw || !walFile(raw)) return move();
  let state = states.get(raw);
  if (!state) {
    state = { holds: 0, own: Number(raw.pragma('wal_autocheckpoint', { simple: true })), running: null, again: false };
    states.set(raw, state);
  }
  if (state.holds === 0 && !state.running) {
    state.own = Number(raw.pragma('wal_autocheckpoint', { simple: true }));
    if (Number(raw.pragma('journal_size_limit', { simple: true })) < 0) raw.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
    raw.pragma('wal_autocheckpoint = 0');
  }
  state.holds += 1;
  try {
    return await move();
  } finally {
    state.holds -= 1;
    if (state.holds === 0) startCheckpoint(raw, state);
  }
}

function startCheckpoint(raw: BetterSqlite3.Database, state: State): void {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = checkpointInWorker(raw.name).finally(() => {
    state.running = null;
    if (!raw.open) return;
    if (state.again && state.holds === 0) {
      state.again = false;
      startCheckpoint(raw, state);
    } else if (state.holds === 0) {
      raw.pragma(`wal_autocheckpoint = ${state.own}`);
    }
  });
}

function checkpointInWorker(file: string): Promise<void> {
  checkpointRuns.started += 1;
  return new Promise<void>((resolve) => {
    const worker = new Worker(path.join(__dirname, 'importCheckpointWorker.js'), { workerData: { file, deadlineMs: CHECKPOINT_DEADLINE_MS } });
    // The server may stop meanwhile (a checkpoint cut short is safe: the WAL keeps what it did not copy).
    worker.unref();
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      if (ok) checkpointRuns.complete += 1;
      else checkpointRuns.failed += 1;
      resolve();
    };
    worker.on('message', (m: { log?: number; checkpointed?: number; error?: string }) => settle(m.error === undefined && m.log === m.checkpointed));
    worker.on('error', () => settle(false));
    worker.on('exit', () => settle(false));
  });
}

/** Resolves once no background checkpoint of `db` is running (tests, benchmarks). */
export async function checkpointsSettled(db: Kysely<Database>): Promise<void> {
  const raw = sqliteHandle(db);
  const state = raw ? states.get(raw) : undefined;
  while (state?.running) await state.running;
}
