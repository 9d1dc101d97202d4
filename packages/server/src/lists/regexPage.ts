/**
 * The first page of a regular-expression search in id order (issue 19). Read in id order, a list is walked
 * through its (parent, id) index and each row fetched from the table (SQLite: 1.2 s of CPU for a million rows
 * and a pattern that matches none, against 0.7 s for the count, which reads the column from a covering sort
 * index; PostgreSQL: a heap fetch per index entry where the count scans the table in parallel). So the page
 * first reads only the list's first FIRST_ROWS rows in id order (a pattern matching many fills its page
 * there); when they do not fill it, the matching ids are found as the count finds them and the page is read
 * from those.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Row } from './definition';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows of the list (in id order) the first try reads. */
export const FIRST_ROWS = 20_000;

export interface RegexPageQuery {
  table: string;
  columns: RawBuilder<unknown>;
  /** The list's scope alone. */
  scope: RawBuilder<SqlBool>;
  /** Scope and search. */
  where: RawBuilder<SqlBool>;
  read: number;
  offset: number;
  /** FIRST_ROWS unless given (tests). */
  firstRows?: number;
}

/** The page's rows (at most `read`, from `offset`) in id order, as `select … where … order by id` gives them. */
export async function regexPageInIdOrder(conn: Db, q: RegexPageQuery): Promise<Row[]> {
  const table = sql.table(q.table);
  const id = sql.ref('id');
  const page = (where: RawBuilder<SqlBool>) => sql<Row>`select ${q.columns} from ${table} where ${where} order by ${id} limit ${q.read} offset ${q.offset}`;
  // The id of the list's FIRST_ROWS-th row; none: the list is short, read as it is.
  const { rows: [bound] } = await sql<{ id: number }>`select ${id} as id from ${table} where ${q.scope} order by ${id} limit 1 offset ${(q.firstRows ?? FIRST_ROWS) - 1}`.execute(conn);
  if (!bound) return (await page(q.where).execute(conn)).rows;
  const first = await page(sql<SqlBool>`${q.where} and ${id} <= ${Number(bound.id)}`).execute(conn);
  if (first.rows.length === q.read) return first.rows;
  return (await page(sql<SqlBool>`${id} in (select ${id} from ${table} where ${q.where})`).execute(conn)).rows;
}
