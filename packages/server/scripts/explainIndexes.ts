/**
 * Which indexes PostgreSQL's plans use for what a piece of code asks (bench:lists --explain: the item
 * tables' indexes cost an import most of its CPU; the ones no plan uses can go). The code runs on a Kysely
 * over the same pool that logs every statement; each SELECT is then explained with its parameters (the plan
 * the database makes for those values) and the index names in its plan are collected.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { postgresPool } from '../src/db/postgresPool';
import type { Database } from '../src/db/schema';

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexNames(node: PlanNode, into: Set<string>): void {
  if (node['Index Name']) into.add(node['Index Name']);
  for (const child of node.Plans ?? []) indexNames(child, into);
}

/** The indexes of the plans of every SELECT `run` sends (run gets the logging Kysely); null on SQLite. */
export async function indexesUsed(db: Kysely<Database>, run: (logged: Kysely<Database>) => Promise<unknown>): Promise<Set<string> | null> {
  const pool = postgresPool(db);
  if (!pool) return null;
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await run(logged);
  const used = new Set<string>();
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.sql)) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${s.sql}`, s.parameters as unknown[]);
    indexNames(rows[0]['QUERY PLAN'][0].Plan, used);
  }
  return used;
}
