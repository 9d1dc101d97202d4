/**
 * A regular expression without a fixed text reads every row of the list: on SQLite a million titles
 * cost about half a second of one thread's CPU in the worker, mostly regexp() calls (the JavaScript matcher and
 * better-sqlite3's call with its arguments). The machine has two cores: the list is read in two halves of its
 * id range at once, the lower half in the lane's worker and the upper half in its partner (./searchWorker
 * runHalves), each half reading the same covering sort index and testing only its own rows (`+id`, so SQLite
 * does not read the table by rowid instead). A count adds the halves' counts; a page's scan (./regexPage)
 * takes the matching ids of both halves, which also give the exact total.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { ListScope } from './definition';
import type { SearchTerm } from './search';
import { runHalves, type WorkerLane } from './searchWorker';

/** Lists whose id range spans fewer ids are read by one worker (two threads cost more than they save). */
export const SPLIT_MIN_IDS = 50_000;

/** splitId's default (tests split small lists). */
export const splitTuning = { minIds: SPLIT_MIN_IDS };

/**
 * Whether the terms read the whole list through regexp(): a regular expression that no index narrowed (no
 * sort-index ranges, trigram candidates, FTS5 join or alternation ids); plain terms beside it are tested per row.
 */
export function scansWholeList(terms: readonly SearchTerm[]): boolean {
  return terms.some((t) => t.kind === 'regex') && terms.every((t) => !t.anchor && !t.candidates && !t.ftsMatch && !t.alternatives?.ids);
}

/** Scope entries that are all `column = value`: their list's first and last ids are two index seeks. */
const simpleScope = (scope: ListScope) => Object.values(scope).every((v) => typeof v === 'number' || typeof v === 'string');

/**
 * The id where the list splits (lower half: id <= it), or null when its range is narrower than SPLIT_MIN_IDS.
 * The range is the list's own for a scope of equalities (its parent's index holds the ids in order), else the
 * table's (rowid: always two seeks); a list whose ids are uneven is split unevenly, never wrongly.
 */
export async function splitId(db: Kysely<Database>, table: string, scope: ListScope, minIds = splitTuning.minIds): Promise<number | null> {
  const t = sql.table(table);
  const id = sql.ref('id');
  const where =
    simpleScope(scope) && Object.keys(scope).length
      ? sql<SqlBool>`${sql.join(
          Object.entries(scope).map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
          sql` and `,
        )}`
      : sql<SqlBool>`1 = 1`;
  const end = async (dir: RawBuilder<unknown>) =>
    (await sql<{ id: number }>`select ${id} as id from ${t} where ${where} order by ${id} ${dir} limit 1`.execute(db)).rows[0]?.id;
  const first = await end(sql`asc`);
  const last = await end(sql`desc`);
  if (first === undefined || last === undefined || Number(last) - Number(first) + 1 < minIds) return null;
  return Math.floor((Number(first) + Number(last)) / 2);
}

/** Lists whose id range spans at most this many ids are searched in the 'small' lane (./searchWorker). */
export const SMALL_LIST_IDS = 2_000;

/**
 * Whether the list is small enough for the 'small' lane (a 1-row list never waits behind a million-row scan):
 * at most SMALL_LIST_IDS ids, and not one read in two halves.
 */
export async function isSmallList(db: Kysely<Database>, table: string, scope: ListScope): Promise<boolean> {
  return (await splitId(db, table, scope, Math.min(SMALL_LIST_IDS + 1, splitTuning.minIds))) === null;
}

/** `where` restricted to one half: `+id` keeps SQLite on the index the whole list is read through. */
const halfWhere = (where: RawBuilder<SqlBool>, mid: number, upper: boolean) =>
  upper ? sql<SqlBool>`+${sql.ref('id')} > ${mid} and ${where}` : sql<SqlBool>`+${sql.ref('id')} <= ${mid} and ${where}`;

export interface SplitReader {
  /** The SQLite file, its worker lane and each half's time budget. */
  file: string;
  lane: WorkerLane;
  budgetMs: number;
  /** Compiles queries for the workers (any SQLite Kysely). */
  db: Kysely<Database>;
  mid: number;
  signal?: AbortSignal;
}

/** count(*) of `where` (a count's condition, with its cancellation checks), both halves at once. */
export async function splitCount(r: SplitReader, table: string, where: RawBuilder<SqlBool>): Promise<number> {
  const half = (upper: boolean) => sql`select count(*) as total from ${sql.table(table)} where ${halfWhere(where, r.mid, upper)}`.compile(r.db);
  const [a, b] = await runHalves(r.file, [half(false), half(true)], r.budgetMs, r.lane, r.signal);
  return Number((a.rows?.[0] as { total?: number } | undefined)?.total ?? 0) + Number((b.rows?.[0] as { total?: number } | undefined)?.total ?? 0);
}

/** The ids of the rows meeting `where`: the `keep` smallest in ascending order, and how many there are. */
export async function splitIds(r: SplitReader, table: string, where: RawBuilder<SqlBool>, keep: number): Promise<{ ids: number[]; total: number }> {
  const half = (upper: boolean) => sql`select ${sql.ref('id')} from ${sql.table(table)} where ${halfWhere(where, r.mid, upper)}`.compile(r.db);
  const [a, b] = await runHalves(r.file, [half(false), half(true)], r.budgetMs, r.lane, r.signal, { ids: keep });
  // Every id of the lower half is below every id of the upper one.
  const ids = [...(a.rows as number[]), ...(b.rows as number[])].slice(0, keep);
  return { ids, total: (a.total ?? 0) + (b.total ?? 0) };
}
