/**
 * The first page of a regular-expression search in id order. On SQLite, read in id order, a list is
 * walked through its (parent, id) index and each row fetched from the table (1.2 s of CPU for a million rows
 * and a pattern that matches none, against 0.7 s for the count, which reads the column from a covering sort
 * index). So the page first reads only the list's first FIRST_ROWS rows in id order (a pattern matching many
 * fills its page there); when they do not fill it, the matching ids are found as the count finds them and
 * the page is read from those: on a SQLite file the search's worker selects them in one read of the list's covering
 * sort index and answers the `keep` smallest and how many (the exact total too). PostgreSQL: see pagesByIds.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import type { Row } from './definition';
import type { SearchTerm } from './search';
import { idsInWorker, type WorkerLane } from './searchWorker';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows of the list (in id order) the first try reads. */
export const FIRST_ROWS = 20_000;

/** An ordered page's scan takes the matching ids when at most this many match (else they are many: see below). */
export const ORDERED_IDS = 20_000;

/** The page's sizes, FIRST_ROWS and ORDERED_IDS unless given (tests give smaller ones to reach each step on a small list). */
export interface RegexPageSizes {
  firstRows?: number;
  orderedIds?: number;
}

export interface RegexPageQuery extends RegexPageSizes {
  dialect: Dialect;
  table: string;
  columns: RawBuilder<unknown>;
  /** The list's scope alone. */
  scope: RawBuilder<SqlBool>;
  /** Scope and search. */
  where: RawBuilder<SqlBool>;
  read: number;
  offset: number;
  /** PostgreSQL: the terms test every row of the list (postgresScansWholeList). */
  wholeList?: boolean;
}

/** A scan of the whole list on a SQLite file, in the search's worker: the file, its lane and time budget. */
export interface ScanReader {
  file: string;
  lane: WorkerLane;
  budgetMs: number;
  /** Compiles the scan's query (any SQLite Kysely). */
  db: Kysely<Database>;
}

/** The ids of the rows meeting `where`: the `keep` smallest in ascending order, and how many there are. */
async function scanIds(r: ScanReader, table: string, where: RawBuilder<SqlBool>, keep: number): Promise<{ ids: number[]; total: number }> {
  const query = sql`select ${sql.ref('id')} from ${sql.table(table)} where ${where}`.compile(r.db);
  return idsInWorker(r.file, query.sql, query.parameters, keep, r.budgetMs, r.lane);
}

/**
 * SQLite: a regular expression that no index narrowed (no sort-index ranges, trigram candidates, FTS5 join or
 * alternation ids) reads the whole list through regexp(); plain terms beside it are tested per row.
 */
export function sqliteScansWholeList(terms: readonly SearchTerm[]): boolean {
  return terms.some((t) => t.kind === 'regex') && terms.every((t) => !t.anchor && !t.candidates && !t.ftsMatch && !t.alternatives?.ids);
}

/**
 * PostgreSQL: a regular expression no index narrows (no sort-index ranges, no text of a trigram's length for
 * pg_trgm, no alternation texts), nor any plain term beside it: every row of the list is tested.
 */
export function postgresScansWholeList(terms: readonly SearchTerm[]): boolean {
  return terms.some((t) => t.kind === 'regex') && terms.every((t) => !t.anchor && !t.alternatives && !t.literals.some((l) => Array.from(l).length >= 3));
}

/**
 * Whether the page of these terms is read by regexPageInIdOrder. SQLite: a regular expression no index
 * narrowed to ids (no sort-index ranges, trigram candidates or join), which reads the whole list. PostgreSQL:
 * a regular expression with many rows in its sort-index ranges (the planner walks the pkey in order, testing
 * every row, where the ranges read from the sort index hold them all, several times slower), or one
 * that tests every row (one backend walked the pkey testing each: the scan after the first rows is parallel).
 */
export function pagesByIds(dialect: Dialect, terms: readonly SearchTerm[]): boolean {
  if (dialect === 'postgres') return terms.some((t) => t.kind === 'regex' && t.anchor && !t.anchor.ids) || postgresScansWholeList(terms);
  return sqliteScansWholeList(terms);
}

/** The page's rows (at most `read`, from `offset`) in id order, as `select … where … order by id` gives them. */
export async function regexPageInIdOrder(conn: Db, q: RegexPageQuery): Promise<Row[]> {
  return (await regexPageWithTotal(conn, q)).rows;
}

/**
 * regexPageInIdOrder, and with `scan` (a SQLite file) the scan after the first rows reads the matching ids in the
 * worker, whose number is the exact total.
 */
export async function regexPageWithTotal(conn: Db, q: RegexPageQuery, scan?: ScanReader | null): Promise<{ rows: Row[]; total?: number }> {
  const table = sql.table(q.table);
  const id = sql.ref('id');
  const page = (where: RawBuilder<SqlBool>) => sql<Row>`select ${q.columns} from ${table} where ${where} order by ${id} limit ${q.read} offset ${q.offset}`;
  // The id of the list's FIRST_ROWS-th row; none: the list is short, read as it is.
  const {
    rows: [bound],
  } = await sql<{
    id: number;
  }>`select ${id} as id from ${table} where ${q.scope} order by ${id} limit 1 offset ${(q.firstRows ?? FIRST_ROWS) - 1}`.execute(conn);
  if (!bound) return { rows: (await page(q.where).execute(conn)).rows };
  const first = await page(sql<SqlBool>`${q.where} and ${id} <= ${Number(bound.id)}`).execute(conn);
  if (first.rows.length === q.read) return { rows: first.rows };
  if (scan) {
    const { ids, total } = await scanIds(scan, q.table, q.where, q.offset + q.read);
    const wanted = ids.slice(q.offset);
    const rows = wanted.length
      ? (await sql<Row>`select ${q.columns} from ${table} where ${id} in (${sql.join(wanted)}) order by ${id}`.execute(conn)).rows
      : [];
    return { rows, total };
  }
  if (q.dialect === 'postgres' && q.wholeList) {
    // Ordered by an expression no index holds, the planner scans the list in parallel workers (a Gather Merge of
    // their sorted matches) instead of one backend walking the pkey; the window counts every match: the total.
    const keep = q.offset + q.read;
    const found = (
      await sql<{
        id: number;
        total: number | string;
      }>`select ${id} as id, count(*) over () as total from ${table} where ${q.where} order by ${id} + 0 limit ${keep}`.execute(conn)
    ).rows;
    const wanted = found.slice(q.offset).map((r) => Number(r.id));
    const rows = wanted.length
      ? (await sql<Row>`select ${q.columns} from ${table} where ${id} in (${sql.join(wanted)}) order by ${id}`.execute(conn)).rows
      : [];
    // No row from offset on: the total is unknown past the offset (but 0 when nothing matches from the start).
    return { rows, total: found.length ? Number(found[0].total) : q.offset === 0 ? 0 : undefined };
  }
  // PostgreSQL: an array computed once (as a count finds the rows), not a join the planner walks in id order.
  const matching =
    q.dialect === 'postgres'
      ? sql<SqlBool>`${id} = any(array(select ${id} from ${table} where ${q.where}))`
      : sql<SqlBool>`${id} in (select ${id} from ${table} where ${q.where})`;
  return { rows: (await page(matching).execute(conn)).rows };
}

/**
 * Rows an ordered page's first try reads in its order: they are read from the table (20,000 cost ~60 ms, where
 * the id order's first try reads an index), so fewer; a pattern matching one row in a hundred fills a page there.
 */
export const ORDERED_FIRST_ROWS = 2_000;

/**
 * A page in another order than id's of a regular expression that tests every row: the planner walked
 * the order's sort index, reading each row from the table to test it (past the 5 s budget on a million rows for a
 * pattern matching none). First the list's first rows in the page's order (a pattern matching many fills its page
 * there); then the matching ids as a count finds them (SQLite: in the worker; PostgreSQL: parallel workers),
 * which give the total: up to ORDERED_IDS, the page is those rows sorted; more, they are dense enough for the
 * order's index walk to meet its page soon.
 */
export async function regexOrderedPage(
  conn: Db,
  q: RegexPageQuery & { order: RawBuilder<unknown> },
  scan?: ScanReader | null,
): Promise<{ rows: Row[]; total?: number }> {
  const table = sql.table(q.table);
  const id = sql.ref('id');
  const cap = q.orderedIds ?? ORDERED_IDS;
  const firstRows = q.firstRows ?? ORDERED_FIRST_ROWS;
  const first =
    await sql<Row>`select ${q.columns} from (select * from ${table} where ${q.scope} order by ${q.order} limit ${firstRows}) as first_rows where ${q.where} order by ${q.order} limit ${q.read} offset ${q.offset}`.execute(
      conn,
    );
  if (first.rows.length === q.read) return { rows: first.rows };
  const walk = () => sql<Row>`select ${q.columns} from ${table} where ${q.where} order by ${q.order} limit ${q.read} offset ${q.offset}`;
  let ids: number[];
  let total: number | undefined;
  if (scan) {
    ({ ids, total } = await scanIds(scan, q.table, q.where, cap + 1));
  } else if (q.dialect === 'postgres') {
    // Parallel workers each keep their first ids (a top-N sort), merged: the total is known when they are few.
    ids = (await sql<{ id: number }>`select ${id} as id from ${table} where ${q.where} order by ${id} + 0 limit ${cap + 1}`.execute(conn)).rows.map((r) =>
      Number(r.id),
    );
    total = ids.length <= cap ? ids.length : undefined;
  } else {
    ids = (await sql<{ id: number }>`select ${id} as id from ${table} where ${q.where} limit ${cap + 1}`.execute(conn)).rows.map((r) => Number(r.id));
    total = ids.length <= cap ? ids.length : undefined;
  }
  if (ids.length > cap) return { rows: (await walk().execute(conn)).rows, total };
  if (!ids.length) return { rows: [], total };
  const matching = q.dialect === 'postgres' ? sql<SqlBool>`${id} = any(${ids})` : sql<SqlBool>`${id} in (select value from json_each(${JSON.stringify(ids)}))`;
  return {
    rows: (await sql<Row>`select ${q.columns} from ${table} where ${matching} order by ${q.order} limit ${q.read} offset ${q.offset}`.execute(conn)).rows,
    total,
  };
}
