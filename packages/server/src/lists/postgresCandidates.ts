/**
 * PostgreSQL: the ids of the rows holding a plain search's text, when they are few and do not lie among the
 * list's first rows (the trigram probe of SQLite's search.ts, for the case the planner gets wrong).
 *
 * The planner estimates `search_text LIKE '%text%'` from the column's histogram (101 sampled values). When one
 * of them happens to hold the text, it takes 1 % of the rows to match (a code prefix held by 0.1 % of a million
 * scans) and, taking those rows to lie evenly in id order, reads the first page by walking the primary key. A
 * code prefix's rows lie together (codes follow ids), so the walk reads every row before them: half a million
 * for a prefix in the middle of the list. Whether it does depends on the sample of the last ANALYZE.
 *
 * So, on a list of more than FIRST_ROWS rows: when its first FIRST_ROWS rows hold fewer than DENSE matches (the
 * walk would not find a page soon), the trigram index alone is asked, within PROBE_BUDGET_MS, for up to
 * PG_CANDIDATE_LIMIT + 1 of the rows holding the text; fewer → the term reads only those (`candidates`, a
 * superset: the field test stays). Common texts stop at the first check, which reads at most FIRST_ROWS rows
 * of the primary key.
 */
import { sql, type Kysely } from 'kysely';
import { isStatementCancelled } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ListDefinition, ListScope } from './definition';
import { likeContains, whereSql, type SearchTerm } from './search';

/** The list's rows the first check reads (in id order). */
export const FIRST_ROWS = 2_000;
/** Matches among them above which the walk in id order finds a page soon. */
export const DENSE = 20;
/**
 * The most ids of matching rows the probe reads (more than SQLite's CANDIDATE_LIMIT: the page reads them in id
 * order and stops after the page; past ~50,000 sending and matching the array costs more than it spares).
 */
export const PG_CANDIDATE_LIMIT = 50_000;
/**
 * The probe's time (ms). A text whose trigrams most rows hold (a code's shared first digits) makes the trigram
 * index's bitmap cover most of the list, and the probe reads it whole; past the budget the planner's plan is kept.
 */
export const PROBE_BUDGET_MS = 100;

/** Scopes of equalities only (a list's parent): reading its first rows is a range of an index. */
const simpleScope = (scope: ListScope) => Object.keys(scope).length > 0 && Object.values(scope).every((v) => typeof v === 'number' || typeof v === 'string');

export async function postgresCandidates<T>(
  db: Kysely<Database>,
  def: ListDefinition<T>,
  scope: ListScope,
  term: SearchTerm,
  budgetMs = PROBE_BUDGET_MS,
): Promise<SearchTerm> {
  const text = term.literals[0];
  if (term.kind !== 'plain' || !def.searchText || !text || Array.from(text).length < 3 || term.candidates || db.isTransaction || !simpleScope(scope)) {
    return term;
  }
  const table = sql.table(def.table);
  const inScope = whereSql('postgres', def, scope, [], null);
  const ids = await db.connection().execute(async (conn) => {
    // The first rows are read in id order from an index (the bound known only when the query runs), never
    // through the trigram index; no parallel workers (their start costs more than reading 2,000 rows). One
    // round trip (no parameters: several statements in one message).
    await sql
      .raw(
        "begin read only; select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)",
      )
      .execute(conn);
    try {
      const bound = sql`(select id from ${table} where ${inScope} order by id offset ${FIRST_ROWS} limit 1)`;
      const first = sql`select 1 from ${table} where ${whereSql('postgres', def, scope, [term], null)} and id <= ${bound} limit ${DENSE}`;
      const { rows } = await sql<{ large: boolean; n: number }>`select ${bound} is not null as large, (select count(*)::int from (${first}) as q) as n`.execute(
        conn,
      );
      if (!rows[0].large || rows[0].n >= DENSE) return null;
      // The rows holding the text, from the trigram index (a bitmap scan; the others are off for this query),
      // within the budget.
      await sql
        .raw(
          `select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true), set_config('statement_timeout', '${Math.max(1, Math.round(budgetMs))}ms', true)`,
        )
        .execute(conn);
      const found = await sql<{ id: number }>`select id from ${table} where ${inScope} and ${likeContains(def.searchText!.column, text)} limit ${
        PG_CANDIDATE_LIMIT + 1
      }`
        .execute(conn)
        .catch((e: unknown) => {
          if (isStatementCancelled(e)) return null;
          throw e;
        });
      return found && found.rows.length <= PG_CANDIDATE_LIMIT ? found.rows.map((r) => Number(r.id)) : null;
    } finally {
      await sql`rollback`.execute(conn);
    }
  });
  return ids ? { ...term, candidates: ids } : term;
}
