/**
 * Regular-expression searches on SQLite run in a worker thread (./sqliteSearchWorker.js) on its own
 * read-only connection: better-sqlite3 is synchronous, so on the main thread a search that reads many rows
 * would stop every other request until it ended. workerDb(file) is a Kysely instance whose queries go to
 * that worker (reads only, no transactions); the engine uses it for searches with a regular expression on
 * a file database outside a transaction. One worker per process, queries in turn.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult,
} from 'kysely';
import type { Database } from '../db/schema';
import { RegexTimeout } from './sqlite';

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

interface Reply {
  id: number;
  rows?: unknown[];
  done?: boolean;
  error?: string;
  timeout?: boolean;
}

type Request =
  | { op: 'query'; file: string; sql: string; parameters: readonly unknown[]; budgetMs: number }
  | { op: 'open'; file: string; sql: string; parameters: readonly unknown[]; streamId: number; budgetMs: number }
  | { op: 'next'; streamId: number; size: number; budgetMs: number }
  | { op: 'close'; streamId: number };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;
let openStreams = 0;
let idleTimer: NodeJS.Timeout | null = null;

/** An unused worker ends after this long (its connections with it); the next search starts another. */
const WORKER_IDLE_MS = 30_000;

function whenIdle(w: Worker): void {
  if (pending.size > 0 || openStreams > 0) return;
  w.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === w && pending.size === 0 && openStreams === 0) {
      worker = null;
      void w.terminate();
    }
  }, WORKER_IDLE_MS);
  idleTimer.unref();
}

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(__dirname, 'sqliteSearchWorker.js'));
  started.unref();
  started.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.error === undefined) p.resolve(reply);
    else p.reject(reply.timeout ? new RegexTimeout() : new Error(reply.error));
    whenIdle(started);
  });
  started.on('error', (e) => {
    if (worker === started) worker = null;
    failAll(e);
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
    failAll(new Error('The search worker stopped'));
  });
  worker = started;
  return started;
}

function send(request: Request): Promise<Reply> {
  const w = theWorker();
  const id = nextId++;
  // Referenced while a request is pending, so a script awaiting it does not exit early.
  w.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, ...request });
  });
}

/** Runs one read query in the worker with a time budget for its regexp() calls. */
export async function runInWorker(file: string, sql: string, parameters: readonly unknown[], budgetMs: number): Promise<unknown[]> {
  return (await send({ op: 'query', file, sql, parameters, budgetMs })).rows ?? [];
}

let nextStream = 1;

/**
 * The rows of one query, batch by batch, iterated in the worker on its own connection; each batch is read
 * only when asked for, within budgetMs. Closing the generator closes the worker's statement.
 */
export async function* streamInWorker<R>(file: string, sql: string, parameters: readonly unknown[], size: number, budgetMs: number): AsyncGenerator<R[]> {
  const streamId = nextStream++;
  openStreams += 1;
  try {
    await send({ op: 'open', file, sql, parameters, streamId, budgetMs });
    for (;;) {
      const { rows, done } = await send({ op: 'next', streamId, size, budgetMs });
      if (rows?.length) yield rows as R[];
      if (done) return;
    }
  } finally {
    openStreams -= 1;
    await send({ op: 'close', streamId }).catch(() => undefined);
  }
}

class WorkerConnection implements DatabaseConnection {
  constructor(private readonly file: string, private readonly budgetMs: number) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await runInWorker(this.file, query.sql, query.parameters, this.budgetMs)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The search worker does not stream');
  }
}

class WorkerDriver implements Driver {
  private readonly connection: WorkerConnection;

  constructor(file: string, budgetMs: number) {
    this.connection = new WorkerConnection(file, budgetMs);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> { return this.connection; }
  async beginTransaction(): Promise<void> { throw new Error('The search worker reads only'); }
  async commitTransaction(): Promise<void> { throw new Error('The search worker reads only'); }
  async rollbackTransaction(): Promise<void> { throw new Error('The search worker reads only'); }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const instances = new Map<string, Kysely<Database>>();

/** A read-only Kysely on the SQLite file whose queries run in the search worker, each within budgetMs. */
export function workerDb(file: string, budgetMs: number): Kysely<Database> {
  const key = `${budgetMs}:${file}`;
  let db = instances.get(key);
  if (!db) {
    db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new WorkerDriver(file, budgetMs),
        createIntrospector: (k) => new SqliteIntrospector(k),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    instances.set(key, db);
  }
  return db;
}
