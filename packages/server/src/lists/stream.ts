/**
 * All rows of a list in order, in batches, with memory flat however many rows match (exports, add-to).
 * SQLite: a separate read-only connection iterates one statement (a consistent snapshot that does not hold
 * the main connection). PostgreSQL: a cursor on one reserved pool connection, fetched batch by batch.
 * The next batch is only read when the consumer asks for it (backpressure; PostgreSQL fetches one batch ahead,
 * while the consumer works on the one before). A consumer that asks for nothing
 * for idleMs ends the stream with ExportIdle: on PostgreSQL the cursor's transaction is rolled back and its
 * connection returned at that moment (the server also ends a transaction idle for longer), so a slow reader
 * cannot hold a connection in an open transaction indefinitely.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import type { ListDefinition, ListScope, Row } from './definition';
import { orderSql, REGEX_BUDGET_MS, searchFailure, selectColumns } from './engine';
import { hasRegex, whereSql, type SearchTerm } from './search';
import { openRegexBudget, openSqliteReader, sqliteFile } from './sqlite';
import { streamInWorker } from './searchWorker';
import type { ListOrder } from '@portal/contract';

export const STREAM_BATCH = 2000;

/** Default of StreamRequest.idleMs. */
export const STREAM_IDLE_MS = 60_000;

/** The consumer took nothing for longer than idleMs. */
export class ExportIdle extends Error {
  constructor(ms: number) {
    super(`The export was stopped: its reader took nothing for ${Math.round(ms / 1000)} s`);
  }
}

export interface StreamRequest<T> {
  def: ListDefinition<T>;
  scope: ListScope;
  terms: readonly SearchTerm[];
  order?: ListOrder;
  batchSize?: number;
  /** How long the consumer may take between two batches (default STREAM_IDLE_MS). */
  idleMs?: number;
  /** Only these columns (exports without label columns; default every column of the definition). */
  columns?: readonly string[];
}

export function streamRows<T>(db: Kysely<Database>, request: StreamRequest<T>): AsyncGenerator<Row[]> {
  return dialectOf(db) === 'postgres' ? streamPostgres(db, request) : streamSqlite(db, request);
}

/** The list's rows in order: every column of the definition, or request.columns in that order (duplicates kept). */
function selectAll<T>(dialect: 'sqlite' | 'postgres', { def, scope, terms, order, columns }: StreamRequest<T>, budgetKey: number | null) {
  const where = whereSql(dialect, def, scope, terms, budgetKey);
  const list = columns ? sql.join(columns.map((c) => sql.ref(c))) : selectColumns(def);
  return sql<Row>`select ${list} from ${sql.table(def.table)} where ${where} order by ${orderSql(dialect, def, order ?? undefined)}`;
}

/**
 * The rows as arrays of `columns` (in that order), without an object per row: the fast path of exports
 * (building a million row objects of every column cost more than the database's own reading).
 * SQLite files without a regular expression only (the reader connection); null where it does not apply,
 * and the caller uses streamRows.
 */
export function streamRowArrays<T>(db: Kysely<Database>, request: StreamRequest<T>, columns: readonly string[]): AsyncGenerator<unknown[][]> | null {
  if (dialectOf(db) !== 'sqlite' || !sqliteFile(db) || hasRegex(request.terms) || !columns.length) return null;
  return readSqlite<unknown[]>(db, { ...request, columns }, true);
}

async function* streamSqlite<T>(db: Kysely<Database>, request: StreamRequest<T>): AsyncGenerator<Row[]> {
  const size = request.batchSize ?? STREAM_BATCH;
  const idleMs = request.idleMs ?? STREAM_IDLE_MS;
  const file = sqliteFile(db);
  if (file && hasRegex(request.terms)) {
    // A regular expression may take long per batch: the worker reads it, the event loop stays free.
    const compiled = selectAll('sqlite', request, 0).compile(db);
    try {
      for await (const batch of streamInWorker<Row>(file, compiled.sql, compiled.parameters, size, REGEX_BUDGET_MS)) {
        const handedOver = performance.now();
        yield batch;
        if (performance.now() - handedOver > idleMs) throw new ExportIdle(idleMs);
      }
    } catch (e) {
      throw searchFailure(e);
    }
    return;
  }
  if (!file) {
    yield* streamByOffset(db, request, size);
    return;
  }
  yield* readSqlite<Row>(db, request);
}

/** Iterates one statement on a reader connection of a SQLite file, in batches; `raw`: rows as arrays. */
async function* readSqlite<R>(db: Kysely<Database>, request: StreamRequest<unknown>, raw = false): AsyncGenerator<R[]> {
  const size = request.batchSize ?? STREAM_BATCH;
  const idleMs = request.idleMs ?? STREAM_IDLE_MS;
  const reader = openSqliteReader(db);
  if (!reader) throw new Error('No SQLite file to read');
  const budget = openRegexBudget(REGEX_BUDGET_MS);
  try {
    const compiled = selectAll('sqlite', request, budget.key).compile(db);
    const statement = reader.prepare(compiled.sql);
    if (raw) statement.raw(true);
    const iterator = statement.iterate(...(compiled.parameters as unknown[])) as IterableIterator<R>;
    try {
      for (;;) {
        // Each batch is one synchronous stretch: its own time budget bounds how long a regex scan blocks.
        budget.renew(REGEX_BUDGET_MS);
        const batch: R[] = [];
        let done = false;
        try {
          while (batch.length < size) {
            const next = iterator.next();
            if (next.done) {
              done = true;
              break;
            }
            batch.push(next.value);
          }
        } catch (e) {
          throw searchFailure(e);
        }
        if (batch.length) {
          const handedOver = performance.now();
          yield batch;
          if (performance.now() - handedOver > idleMs) throw new ExportIdle(idleMs);
        }
        if (done) return;
      }
    } finally {
      iterator.return?.();
    }
  } finally {
    budget.close();
    reader.close();
  }
}

/** In-memory SQLite only (tests): pages with offset through the main connection. */
async function* streamByOffset<T>(db: Kysely<Database>, request: StreamRequest<T>, size: number): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const { rows } = await sql<Row>`${selectAll('sqlite', request, null)} limit ${size} offset ${offset}`.execute(db);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

class Aborted extends Error {}

async function* streamPostgres<T>(db: Kysely<Database>, request: StreamRequest<T>): AsyncGenerator<Row[]> {
  const size = request.batchSize ?? STREAM_BATCH;
  // The cursor lives on one reserved connection inside a callback; batches cross over through a
  // one-slot hand-off so the cursor is only read when the consumer wants the next batch.
  const slot: { deliver?: (batch: Row[] | null) => void; fail?: (e: unknown) => void; demand?: () => void; stopped: boolean } = { stopped: false };
  const nextBatch = () => {
    const p = new Promise<Row[] | null>((resolve, reject) => {
      slot.deliver = resolve;
      slot.fail = reject;
    });
    p.catch(() => undefined); // handled when awaited; never an unhandled rejection meanwhile
    return p;
  };
  const idleMs = request.idleMs ?? STREAM_IDLE_MS;
  /** Resolves when the consumer wants the next batch; rejects with ExportIdle when it does not in time. */
  const waitDemand = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ExportIdle(idleMs)), idleMs);
      slot.demand = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let pending = nextBatch();
  const producer = db
    .connection()
    .execute(async (conn) => {
      await sql`begin read only`.execute(conn);
      try {
        await sql`set local statement_timeout = ${sql.lit(REGEX_BUDGET_MS * 10)}`.execute(conn);
        // The database's own bound, should this process stop answering: a little after ours.
        await sql`set local idle_in_transaction_session_timeout = ${sql.lit(idleMs + 5000)}`.execute(conn);
        await sql`declare portal_export no scroll cursor for ${selectAll('postgres', request, null)}`.execute(conn);
        const fetchBatch = async () => (await sql<Row>`fetch forward ${sql.lit(size)} from portal_export`.execute(conn)).rows;
        let rows = await fetchBatch();
        for (;;) {
          if (slot.stopped) throw new Aborted();
          const wanted = rows.length ? waitDemand() : null;
          wanted?.catch(() => undefined); // awaited below
          slot.deliver?.(rows.length ? rows : null);
          if (!wanted) break;
          // The next batch is fetched while the consumer works on this one (one batch ahead: the database's
          // time and ours overlap; memory stays at two batches).
          rows = await fetchBatch();
          await wanted;
        }
        await sql`commit`.execute(conn);
      } catch (e) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        if (!(e instanceof Aborted)) throw e;
      }
    })
    .catch((e: unknown) => {
      slot.fail?.(searchFailure(e));
    });

  try {
    for (;;) {
      const batch = await pending;
      if (!batch) break;
      pending = nextBatch();
      yield batch;
      slot.demand?.();
    }
  } finally {
    slot.stopped = true;
    slot.demand?.();
    await producer;
  }
}
