/**
 * Fast bulk inserts for the demo generator, on both databases, through Kysely's connection:
 * - SQLite: multi-row `insert … values (…),(…)` statements sized to the variable limit (32766 since
 *   SQLite 3.32, 999 before), the same SQL text reused for every full statement.
 * - PostgreSQL: `insert … select * from unnest($1::integer[], $2::text[], …)`: one array per column, so a
 *   statement carries thousands of rows with a handful of parameters (COPY-like batches).
 * Rows are consumed from any iterable in chunks (a generator can stream millions of rows). Outside a
 * transaction, each batch of rows is committed in its own transaction.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { dialectOf, type Dialect } from '../db/connect';
import type { Database } from '../db/schema';

export type Cell = string | number | null;
export type ColumnType = 'int' | 'text';

export interface BulkTable {
  table: keyof Database & string;
  columns: readonly string[];
  types: readonly ColumnType[];
}

/** A table's insert shape; the row cells follow the order of `columns`' keys. */
export function bulkTable<T extends keyof Database & string>(table: T, columns: Partial<Record<keyof Database[T] & string, ColumnType>>): BulkTable {
  const names = Object.keys(columns);
  return { table, columns: names, types: names.map((n) => columns[n as keyof typeof columns] as ColumnType) };
}

/** Rows per PostgreSQL statement. */
const PG_ROWS_PER_STATEMENT = 5000;
/** Rows per SQLite statement at most (very long statements gain nothing). */
const SQLITE_MAX_ROWS_PER_STATEMENT = 500;
/** Rows per transaction when the writer is not already inside one. */
const ROWS_PER_TRANSACTION = 100_000;

const quote = (name: string) => `"${name}"`;

export class BulkWriter {
  private readonly sqlCache = new Map<string, string>();

  private constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    private readonly maxVariables: number,
  ) {}

  static async create(db: Kysely<Database>): Promise<BulkWriter> {
    const dialect = dialectOf(db);
    let maxVariables = 0;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
      const [major, minor] = rows[0].v.split('.').map(Number);
      maxVariables = major > 3 || (major === 3 && minor >= 32) ? 32766 : 999;
    }
    return new BulkWriter(db, dialect, maxVariables);
  }

  rowsPerStatement(spec: BulkTable): number {
    return this.dialect === 'postgres' ? PG_ROWS_PER_STATEMENT : Math.min(SQLITE_MAX_ROWS_PER_STATEMENT, Math.floor(this.maxVariables / spec.columns.length));
  }

  /** Inserts every row; returns how many. `onProgress` gets the running total after each statement. */
  async insert(spec: BulkTable, rows: Iterable<Cell[]>, onProgress?: (done: number) => void): Promise<number> {
    const iterator = rows[Symbol.iterator]();
    const size = this.rowsPerStatement(spec);
    let done = 0;
    let finished = false;
    const nextChunk = (): Cell[][] => {
      const chunk: Cell[][] = [];
      while (chunk.length < size) {
        const r = iterator.next();
        if (r.done) {
          finished = true;
          break;
        }
        chunk.push(r.value);
      }
      return chunk;
    };
    const runBatch = async (db: Kysely<Database>, limit: number) => {
      let inBatch = 0;
      while (!finished && inBatch < limit) {
        const chunk = nextChunk();
        if (chunk.length) {
          await db.executeQuery(this.compile(spec, chunk));
          done += chunk.length;
          inBatch += chunk.length;
          onProgress?.(done);
        }
      }
    };
    if (this.db.isTransaction) {
      await runBatch(this.db, Number.POSITIVE_INFINITY);
    } else {
      while (!finished) await this.db.transaction().execute((trx) => runBatch(trx, ROWS_PER_TRANSACTION));
    }
    return done;
  }

  private compile(spec: BulkTable, chunk: Cell[][]): CompiledQuery {
    const head = `insert into ${quote(spec.table)} (${spec.columns.map(quote).join(', ')})`;
    if (this.dialect === 'postgres') {
      const arrays = spec.columns.map((_, c) => chunk.map((row) => row[c]));
      const key = `pg:${spec.table}`;
      let text = this.sqlCache.get(key);
      if (!text) {
        const casts = spec.types.map((t, i) => `$${i + 1}::${t === 'int' ? 'integer' : 'text'}[]`);
        text = `${head} select * from unnest(${casts.join(', ')})`;
        this.sqlCache.set(key, text);
      }
      return CompiledQuery.raw(text, arrays);
    }
    const key = `sqlite:${spec.table}:${chunk.length}`;
    let text = this.sqlCache.get(key);
    if (!text) {
      const tuple = `(${spec.columns.map(() => '?').join(', ')})`;
      text = `${head} values ${Array.from({ length: chunk.length }, () => tuple).join(', ')}`;
      if (chunk.length === this.rowsPerStatement(spec)) this.sqlCache.set(key, text);
    }
    const params: Cell[] = new Array(chunk.length * spec.columns.length);
    let p = 0;
    for (const row of chunk) for (const cell of row) params[p++] = cell;
    return CompiledQuery.raw(text, params);
  }
}

/** The next free id of a table (rows inserted with explicit ids start here). */
export async function nextId(db: Kysely<Database>, table: BulkTable['table']): Promise<number> {
  const { rows } = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.m ?? 0) + 1;
}

/** After inserting explicit ids on PostgreSQL, moves each serial sequence past the largest id. */
export async function syncSequences(db: Kysely<Database>, tables: readonly BulkTable['table'][]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
