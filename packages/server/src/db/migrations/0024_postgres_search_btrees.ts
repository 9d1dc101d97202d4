/**
 * 0024 (PostgreSQL): the item tables' (parent, search_text) btrees of 0001 go. On PostgreSQL a search is
 * `search_text LIKE '%…%'` served by the pg_trgm GIN index (0004, 0023); no plan of the list engine uses the
 * btree (bench:lists --explain: every first page and count of every case on the large profile's catalogue and
 * inventory group), and nothing else reads search_text. Each import still kept them: 147 MB
 * (catalogue_items) and 291 MB (inventory_items) of long keys on the large profile. SQLite keeps them: its
 * search probe scans (parent, search_text) when the FTS5 index finds too many rows (lists/search.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

/** Index name → table and parent column, as 0001 made them. */
export const SEARCH_BTREES: Readonly<Record<string, [table: string, parent: string]>> = {
  catalogue_items_search_idx: ['catalogue_items', 'catalogue_id'],
  search_list_items_search_idx: ['search_list_items', 'search_list_id'],
  inventory_items_search_idx: ['inventory_items', 'inventory_id'],
};

export function postgresSearchBtrees(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const name of Object.keys(SEARCH_BTREES)) await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const [name, [table, parent]] of Object.entries(SEARCH_BTREES)) {
        await sql`create index if not exists ${sql.ref(name)} on ${sql.table(table)} (${sql.ref(parent)}, search_text)`.execute(db);
      }
    },
  };
}
