/**
 * Regular-expression searches on SQLite run in a worker thread (./sqliteSearchWorker.js) on its own
 * read-only connection: better-sqlite3 is synchronous, so on the main thread a search that reads many rows
 * would stop every other request until it ended. workerDb(file) is a Kysely instance whose queries go to
 * that worker (reads only, no transactions); the engine uses it for searches with a regular expression on
 * a file database outside a transaction, and for the exact totals of lists (count=only) in a second
 * worker of their own. One worker per lane and process, queries in turn, taken fairly: each lane's queries
 * wait for its FairGate (./fairGate), so the next query run is the one of the user served least recently, not
 * the next of one user's many (six slow searches by one user made another's wait 26 s), and a user keeps at
 * most LANE_QUEUE.perUser queries waiting (then 429). Searches of small lists (./engine) have a lane of their
 * own, 'small', so they never wait behind a large list's scan.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../db/schema';
import { countCancelledBy, requestOwner } from './countCancel';
import { FairGate } from './fairGate';
import { foldTable } from './regexFold';
import { unsafeSourceJs } from './regexWiden';
import { RegexTimeout } from './sqlite';

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  signal?: AbortSignal;
}

export interface Reply {
  id: number;
  rows?: unknown[];
  /** op 'ids': how many ids the query selected (rows holds the smallest `keep`). */
  total?: number;
  done?: boolean;
  error?: string;
  timeout?: boolean;
  cancelled?: boolean;
}

/** What the main thread asks of a worker (./sqliteSearchWorker.js), tagged with an `id` when sent. */
export type Request =
  | { op: 'query'; file: string; sql: string; parameters: readonly unknown[]; budgetMs: number }
  | { op: 'ids'; file: string; sql: string; parameters: readonly unknown[]; budgetMs: number; keep: number }
  | { op: 'open'; file: string; sql: string; parameters: readonly unknown[]; streamId: number; budgetMs: number }
  | { op: 'next'; streamId: number; size: number; budgetMs: number }
  | { op: 'close'; streamId: number };

/** Slots of the ring of cancelled query ids shared with a worker (id % CANCEL_SLOTS holds the id). */
const CANCEL_SLOTS = 64;

/** An unused worker ends after this long (its connections with it); the next search starts another. */
const WORKER_IDLE_MS = 30_000;

/**
 * One worker thread and its queue. 'search': regular-expression searches and exports; 'count': the exact
 * totals of lists (count=only), which read up to a whole list: in their own thread, a long count neither
 * holds the event loop nor waits behind (or delays) a search.
 */
export type WorkerLane = 'search' | 'count' | 'small';

/** Queries of one user, and of all, that may wait for a lane's worker. */
export const LANE_QUEUE = { perUser: 16, all: 256 };

let unowned = 0;

class Lane {
  worker: Worker | null = null;
  readonly pending = new Map<number, Pending>();
  nextId = 1;
  openStreams = 0;
  /** Queries and streams sent to this lane since the process started (tests read it). */
  sent = 0;
  idleTimer: NodeJS.Timeout | null = null;
  /**
   * Ids of cancelled queries, read by the worker while it runs one (its SQL functions check it row by row,
   * so a cancelled count stops where it is; a queued one is answered at once).
   */
  readonly cancelled = new Int32Array(new SharedArrayBuffer(4 * CANCEL_SLOTS));
  /** The worker runs one query at a time: the next goes to the user served least recently. */
  readonly gate = new FairGate('search', () => ({ slots: 1, perUser: 1, perUserQueued: LANE_QUEUE.perUser, queued: LANE_QUEUE.all }));
  /** Queries waiting for the gate. */
  queued = 0;

  private whenIdle(w: Worker): void {
    if (this.pending.size > 0 || this.openStreams > 0) return;
    w.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker === w && this.pending.size === 0 && this.openStreams === 0) {
        this.worker = null;
        void w.terminate();
      }
    }, WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private theWorker(): Worker {
    if (this.worker) return this.worker;
    const workerData = { cancelled: this.cancelled.buffer, slots: CANCEL_SLOTS, unsafe: unsafeSourceJs(), foldTable: foldTable() };
    const started = new Worker(path.join(__dirname, 'sqliteSearchWorker.js'), { workerData });
    started.unref();
    started.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.error === undefined) p.resolve(reply);
      else if (reply.cancelled && p.signal?.aborted) p.reject(countCancelledBy(p.signal));
      else p.reject(reply.timeout ? new RegexTimeout() : new Error(reply.error));
      this.whenIdle(started);
    });
    started.on('error', (e) => {
      if (this.worker === started) this.worker = null;
      this.failAll(e);
    });
    started.on('exit', () => {
      if (this.worker === started) this.worker = null;
      this.failAll(new Error('The search worker stopped'));
    });
    this.worker = started;
    return started;
  }

  /**
   * Sends a query or stream step once the lane's gate lets its owner (the request's user) through; closing a
   * stream goes at once (it frees the worker's statement and must never be refused).
   */
  send(request: Request, signal?: AbortSignal): Promise<Reply> {
    if (signal?.aborted) return Promise.reject(countCancelledBy(signal));
    if (request.op === 'query' || request.op === 'open' || request.op === 'ids') this.sent += 1;
    if (request.op === 'close') return this.post(request, signal);
    this.queued += 1;
    return this.gate.acquire(requestOwner() ?? `unowned ${++unowned}`, signal).then(
      (release) => {
        this.queued -= 1;
        return this.post(request, signal).finally(release);
      },
      (e: unknown) => {
        this.queued -= 1;
        throw signal?.aborted ? countCancelledBy(signal) : e;
      },
    );
  }

  private post(request: Request, signal?: AbortSignal): Promise<Reply> {
    if (signal?.aborted) return Promise.reject(countCancelledBy(signal));
    const w = this.theWorker();
    const id = this.nextId++;
    // Referenced while a request is pending, so a script awaiting it does not exit early.
    w.ref();
    return new Promise((resolve, reject) => {
      const cancel = () => Atomics.store(this.cancelled, id % CANCEL_SLOTS, id);
      signal?.addEventListener('abort', cancel, { once: true });
      const settled = () => signal?.removeEventListener('abort', cancel);
      this.pending.set(id, {
        resolve: (r) => {
          settled();
          resolve(r);
        },
        reject: (e) => {
          settled();
          reject(e);
        },
        signal,
      });
      w.postMessage({ id, ...request });
    });
  }
}

const lanes: Record<WorkerLane, Lane> = { search: new Lane(), count: new Lane(), small: new Lane() };

/** How many queries each lane has run (tests: which thread a query went to). */
export const laneQueries = (lane: WorkerLane): number => lanes[lane].sent;

/** The gate of a lane's worker (tests hold it to see who goes next). */
export const laneGate = (lane: WorkerLane): FairGate => lanes[lane].gate;

/**
 * Runs one read query in the worker with a time budget for its regexp() calls; an abort of `signal` stops
 * it (CountCancelled) once its next row is checked (portal_alive(), portal_fold(), regexp()).
 */
export async function runInWorker(
  file: string,
  sql: string,
  parameters: readonly unknown[],
  budgetMs: number,
  lane: WorkerLane = 'search',
  signal?: AbortSignal,
): Promise<unknown[]> {
  return (await lanes[lane].send({ op: 'query', file, sql, parameters, budgetMs }, signal)).rows ?? [];
}

/**
 * Runs one read query in the worker with a time budget, as runInWorker, and answers the ids it selects (its first
 * column): how many, and the `keep` smallest in ascending order (./regexPage: a scan of the whole list).
 */
export async function idsInWorker(
  file: string,
  sql: string,
  parameters: readonly unknown[],
  keep: number,
  budgetMs: number,
  lane: WorkerLane,
  signal?: AbortSignal,
): Promise<{ ids: number[]; total: number }> {
  const reply = await lanes[lane].send({ op: 'ids', file, sql, parameters, budgetMs, keep }, signal);
  return { ids: (reply.rows ?? []) as number[], total: reply.total ?? 0 };
}

let nextStream = 1;

/**
 * The rows of one query, batch by batch, iterated in the worker on its own connection; each batch is read
 * only when asked for, within budgetMs. Closing the generator closes the worker's statement.
 */
export async function* streamInWorker<R>(file: string, sql: string, parameters: readonly unknown[], size: number, budgetMs: number): AsyncGenerator<R[]> {
  const streamId = nextStream++;
  const lane = lanes.search;
  const send = (request: Request) => lane.send(request);
  lane.openStreams += 1;
  try {
    await send({ op: 'open', file, sql, parameters, streamId, budgetMs });
    for (;;) {
      const { rows, done } = await send({ op: 'next', streamId, size, budgetMs });
      if (rows?.length) yield rows as R[];
      if (done) return;
    }
  } finally {
    lane.openStreams -= 1;
    await send({ op: 'close', streamId }).catch(() => undefined);
  }
}

class WorkerConnection implements DatabaseConnection {
  constructor(
    private readonly file: string,
    private readonly budgetMs: number,
    private readonly lane: WorkerLane,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await runInWorker(this.file, query.sql, query.parameters, this.budgetMs, this.lane)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The search worker does not stream');
  }
}

class WorkerDriver implements Driver {
  private readonly connection: WorkerConnection;

  constructor(file: string, budgetMs: number, lane: WorkerLane) {
    this.connection = new WorkerConnection(file, budgetMs, lane);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The search worker reads only');
  }
  async commitTransaction(): Promise<void> {
    throw new Error('The search worker reads only');
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error('The search worker reads only');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const instances = new Map<string, Kysely<Database>>();

/** A read-only Kysely on the SQLite file whose queries run in the lane's worker, each within budgetMs. */
export function workerDb(file: string, budgetMs: number, lane: WorkerLane = 'search'): Kysely<Database> {
  const key = `${lane}:${budgetMs}:${file}`;
  let db = instances.get(key);
  if (!db) {
    db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new WorkerDriver(file, budgetMs, lane),
        createIntrospector: (k) => new SqliteIntrospector(k),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    instances.set(key, db);
  }
  return db;
}
