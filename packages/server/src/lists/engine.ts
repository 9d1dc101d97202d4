/**
 * The one list engine behind every list endpoint: searchTexts (per field, plain or /regex/, case and
 * accents ignored), order, offset, limit → { items, total }. Generic over tables through ListDefinition.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { decodeListParams, ERROR_CODES, MAX_LIST_LIMIT, MAX_LIST_OFFSET, type ListOrder, type ListParams, type ListQuery } from '@portal/contract';
import { dialectOf } from '../db/connect';
import { isStatementCancelled, type Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import type { ListDefinition, ListScope, Row } from './definition';
import { invalidRegex } from './regex';
import { hasRegex, planSearch, probeIndex, whereSql, type SearchTerm } from './search';
import { cancellablePostgres, CountCancelled, countSignal } from './countCancel';
import { openRegexBudget, RegexTimeout, sqliteFile } from './sqlite';
import { runInWorker, workerDb, type WorkerLane } from './searchWorker';
import { pagesByIds, postgresScansWholeList, regexOrderedPage, regexPageWithTotal, sqliteScansWholeList, type RegexPageSizes } from './regexPage';

/** How long one request's regular-expression search may run. */
export const REGEX_BUDGET_MS = 5000;

type Db = Kysely<Database> | Transaction<Database>;

export interface ListPage<T> {
  items: T[];
  total: number;
  /** false: total is a lower bound (count=skip on a page that does not show the end); see ListResponse. */
  totalKnown?: boolean;
}

/** Decodes the query string of a list call (400 naming the bad parameter). */
export function listParams(query: ListQuery): ListParams {
  const decoded = decodeListParams(query);
  if (!decoded.ok) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Invalid ${decoded.param}`, { param: decoded.param });
  return decoded.params;
}

/** ORDER BY for a validated order: the field's column (nulls first ascending, last descending), then id. */
export function orderSql<T>(dialect: Dialect, def: ListDefinition<T>, order: ListOrder | undefined): RawBuilder<unknown> {
  if (!order) return sql`${sql.ref('id')} asc`;
  const [field, direction] = order;
  const col = Object.hasOwn(def.columns, field) ? def.columns[field] : undefined;
  if (!col) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Unknown order field: ${field}`, { field });
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  if (col.column === 'id') return sql`${sql.ref('id')} ${dir}`;
  const nulls = direction === 'desc' ? sql`nulls last` : sql`nulls first`;
  // Texts order regardless of case on both databases (a byte or C collation puts every capital before 'a').
  const ref = sql.ref(col.column);
  const value = col.type !== 'text' ? sql`${ref}` : dialect === 'sqlite' ? sql`${ref} collate nocase` : sql`lower(${ref})`;
  return sql`${value} ${dir} ${nulls}, ${sql.ref('id')} ${dir}`;
}

export function selectColumns<T>(def: ListDefinition<T>): RawBuilder<unknown> {
  const columns = [...new Set(Object.values(def.columns).map((c) => c.column))];
  return sql.join(columns.map((c) => sql.ref(c)));
}

/** Maps database failures of a search to 400 INVALID_REGEX (time budget, PostgreSQL regex errors). */
export function searchFailure(error: unknown): unknown {
  if (error instanceof CountCancelled) return error;
  if (error instanceof RegexTimeout) return invalidRegex('Regular expression search took too long', undefined);
  const code = (error as { code?: unknown }).code;
  if (isStatementCancelled(error)) return invalidRegex('Regular expression search took too long', undefined);
  if (code === '2201B') return invalidRegex((error as Error).message, undefined);
  return error;
}

/**
 * Runs `work` with the search's time budget: on PostgreSQL a transaction with a statement timeout (the
 * database's regex engine runs in its own process and honours the cancel); on a SQLite file the search
 * worker (each query with the budget), so the event loop stays free; on in-memory SQLite or inside a
 * transaction a budget key for regexp() on the main connection. Plain searches run as they are. `file`: the
 * SQLite file when the search runs in the worker; `lane`: the worker's ('small' for a small list).
 */
export async function withSearchBudget<R>(
  db: Kysely<Database>,
  terms: readonly SearchTerm[],
  work: (db: Db, budgetKey: number | null, dialect: Dialect, file: string | null) => Promise<R>,
  lane: WorkerLane = 'search',
): Promise<R> {
  const dialect = dialectOf(db);
  try {
    if (!hasRegex(terms)) return await work(db, null, dialect, null);
    if (dialect === 'postgres') {
      return await db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = ${sql.lit(REGEX_BUDGET_MS)}`.execute(trx);
        return work(trx, null, dialect, null);
      });
    }
    const file = sqliteFile(db);
    if (file) return await work(workerDb(file, REGEX_BUDGET_MS, lane), 0, dialect, file);
    const budget = openRegexBudget(REGEX_BUDGET_MS);
    try {
      return await work(db, budget.key, dialect, null);
    } finally {
      budget.close();
    }
  } catch (e) {
    throw searchFailure(e);
  }
}

/** Lists whose id range spans at most this many ids are searched in the 'small' lane (./searchWorker). */
export const SMALL_LIST_IDS = 2_000;

/**
 * Whether the list is small enough for the 'small' lane (a 1-row list never waits behind a million-row scan): its
 * ids span at most SMALL_LIST_IDS. The span is the list's own for a scope of equalities (two seeks in its parent's
 * index, which holds the ids in order), else the table's (rowid: two seeks too).
 */
async function isSmallList(db: Kysely<Database>, table: string, scope: ListScope): Promise<boolean> {
  const equalities = Object.entries(scope);
  const simple = equalities.length > 0 && equalities.every(([, v]) => typeof v === 'number' || typeof v === 'string');
  const where = simple
    ? sql.join(
        equalities.map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
        sql` and `,
      )
    : sql`1 = 1`;
  const end = async (dir: RawBuilder<unknown>) =>
    (await sql<{ id: number }>`select ${sql.ref('id')} as id from ${sql.table(table)} where ${where} order by ${sql.ref('id')} ${dir} limit 1`.execute(db))
      .rows[0]?.id;
  const first = await end(sql`asc`);
  const last = await end(sql`desc`);
  return first === undefined || last === undefined || Number(last) - Number(first) + 1 <= SMALL_LIST_IDS;
}

/**
 * One page of a list and the number of rows matching the search. params.count 'skip' answers the page
 * without counting (one row more is read to know whether more follow); 'only' answers the count alone.
 * `sizes`: a regular expression's page steps (./regexPage), their defaults unless given.
 */
export async function listPage<T>(
  db: Kysely<Database>,
  def: ListDefinition<T>,
  scope: ListScope,
  params: ListParams,
  sizes: RegexPageSizes = {},
): Promise<ListPage<T>> {
  const terms = await probeIndex(
    db,
    def,
    scope,
    planSearch(def, params.searchTexts),
    params.count === 'skip' ? 'page' : params.count === 'only' ? 'count' : 'all',
  );
  const limit = Math.min(params.limit ?? MAX_LIST_LIMIT, MAX_LIST_LIMIT);
  const offset = params.offset ?? 0;
  if (offset > MAX_LIST_OFFSET) {
    throw badRequest(ERROR_CODES.OFFSET_TOO_LARGE, `Lists can be paged up to row ${MAX_LIST_OFFSET}: narrow the search or reverse the order`, {
      offset,
      max: MAX_LIST_OFFSET,
    });
  }
  // A small list's regular-expression search runs in a worker of its own, never behind a large list's.
  const small = hasRegex(terms) && dialectOf(db) === 'sqlite' && sqliteFile(db) !== null && (await isSmallList(db, def.table, scope));
  const countLane: WorkerLane = small ? 'small' : 'count';
  const lane: WorkerLane = small ? 'small' : 'search';
  return withSearchBudget(
    db,
    terms,
    async (conn, budgetKey, dialect, file) => {
      const where = whereSql(dialect, def, scope, terms, budgetKey);
      if (params.count === 'only') return { items: [], total: await countWhere(db, conn, def.table, where, terms, countLane) };
      const order = orderSql(dialect, def, params.order ?? undefined);
      const table = sql.table(def.table);
      const skip = params.count === 'skip';
      const read = skip ? limit + 1 : limit;
      // A regular expression in id order: the list's first rows, then the matching ids found as a count finds them
      // (on a SQLite file: in the worker, which also gives the exact total).
      // In another order, such an expression tests every row too: first rows in that order, then the same scan.
      const wholeList = dialect === 'postgres' ? postgresScansWholeList(terms) : sqliteScansWholeList(terms);
      const scan = file && wholeList ? { file, lane, budgetMs: REGEX_BUDGET_MS, db } : null;
      const pageQuery = {
        ...sizes,
        dialect,
        table: def.table,
        columns: selectColumns(def),
        scope: whereSql(dialect, def, scope, [], null),
        where,
        read,
        offset,
      };
      const { rows, total } =
        pagesByIds(dialect, terms) && !params.order
          ? await regexPageWithTotal(conn, { ...pageQuery, wholeList: dialect === 'postgres' && wholeList }, scan)
          : params.order && wholeList
            ? await regexOrderedPage(conn, { ...pageQuery, order }, scan)
            : {
                ...(await sql<Row>`select ${selectColumns(def)} from ${table} where ${where} order by ${order} limit ${read} offset ${offset}`.execute(conn)),
                total: undefined,
              };
      const items = rows.slice(0, limit).map((r) => def.toItem(r));
      if (total !== undefined) return { items, total };
      // The page shows the end of the list (and is not past it): its total is known without counting.
      const more = skip ? rows.length > limit : items.length === limit;
      if (!more && (offset === 0 || items.length > 0)) return { items, total: offset + items.length };
      if (skip) return { items, total: offset + items.length + (more ? 1 : 0), totalKnown: false };
      return { items, total: await countWhere(db, conn, def.table, where, terms, countLane) };
    },
    lane,
  );
}

/**
 * count(*) of the rows meeting `where`, stopped when the request's signal aborts (./countCancel). On a SQLite
 * file, outside a transaction, it runs in the count worker (its own thread and read-only connection, so counting
 * a million rows holds neither the event loop nor the searches), which stops it at its portal_alive() check (and
 * portal_fold's, regexp's); on PostgreSQL the backend is cancelled; elsewhere it runs on the search's connection.
 */
async function countWhere(
  root: Kysely<Database>,
  conn: Db,
  table: string,
  where: RawBuilder<SqlBool>,
  terms: readonly SearchTerm[],
  lane: WorkerLane = 'count',
): Promise<number> {
  const signal = countSignal();
  const file = dialectOf(root) === 'sqlite' ? sqliteFile(root) : null;
  let rows: { total: number | string }[];
  if (file) {
    // One row in 256 calls the worker's cancellation check (a call per row would add ~50 % to an ASCII count).
    const counted = sql<SqlBool>`${where} and ((${sql.ref('id')} & 255) <> 0 or portal_alive())`;
    // A plain count has no budget: without regexp() calls it is bounded by the list's size.
    const budgetMs = hasRegex(terms) ? REGEX_BUDGET_MS : Infinity;
    const query = sql`select count(*) as total from ${sql.table(table)} where ${counted}`.compile(root);
    rows = (await runInWorker(file, query.sql, query.parameters, budgetMs, lane, signal)) as typeof rows;
  } else {
    const query = sql<{ total: number | string }>`select count(*) as total from ${sql.table(table)} where ${where}`;
    rows = dialectOf(root) === 'postgres' ? await cancellablePostgres(root, conn, query, signal) : (await query.execute(conn)).rows;
  }
  return Number(rows[0]?.total ?? 0);
}

/** The number of rows a search matches (export row limits, add-to counts). */
export async function countMatching<T>(db: Kysely<Database>, def: ListDefinition<T>, scope: ListScope, terms: readonly SearchTerm[]): Promise<number> {
  return withSearchBudget(db, terms, (conn, budgetKey, dialect) => countWhere(db, conn, def.table, whereSql(dialect, def, scope, terms, budgetKey), terms));
}
