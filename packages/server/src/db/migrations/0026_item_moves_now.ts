/**
 * 0026 (SQLite): a staged move's insert (import, sync, Add Items To: lists/stagedItems.ts) runs no per-row
 * Compare trigger. The set-wise deltas (services/compareMoveDeltas.ts) already follow the library's kept totals
 * for the whole insert; the per-row triggers of 0019/0021/0022 still evaluated both WHEN clauses (a join of the
 * library's kept totals and catalogues) and raised the library's version once per row: 1.8 s of a 100,000-row
 * move's 3.8 s on the large profile. `item_moves_now` holds the libraries whose move is inserting, written and
 * deleted inside the move step's own transaction (no other connection ever sees a row); the insert triggers of
 * catalogue_items and inventory_items skip while their library is there, and the move raises the version once.
 * PostgreSQL's triggers run per statement and are unchanged.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

const TABLES = ['catalogue_items', 'inventory_items'] as const;
const TRIGGERS = (table: string) => [`${table}_versions_insert`, `${table}_bump_insert`];
const HEADER = /\bfor each row when /;
const SKIP = 'not exists (select 1 from item_moves_now m where m.store_id = new.store_id) and ';

async function rewrite(db: Kysely<any>, change: (text: string, name: string) => string): Promise<void> {
  for (const table of TABLES) {
    for (const name of TRIGGERS(table)) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
      const text = rows[0]?.sql;
      if (!text || !HEADER.test(text)) throw new Error(`0026: trigger ${name} is not the one 0022 installs`);
      await sql.raw(`drop trigger ${name}`).execute(db);
      await sql.raw(change(text, name)).execute(db);
    }
  }
}

export function itemMovesNow(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await sql`create table item_moves_now (store_id integer primary key)`.execute(db);
      await rewrite(db, (text) => text.replace(HEADER, `for each row when ${SKIP}`));
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await rewrite(db, (text, name) => {
        if (!text.includes(SKIP)) throw new Error(`0026: trigger ${name} has no skip`);
        return text.replace(SKIP, '');
      });
      await sql`drop table item_moves_now`.execute(db);
    },
  };
}
