/**
 * 0015: the first page of an item list sorted by any text column reads 25 rows of an index
 * instead of sorting the whole list. The engine orders texts regardless of case (orderSql): on SQLite
 * `column collate nocase`, on PostgreSQL `lower(column)`, ascending with nulls first, then id; each index
 * holds exactly that expression after the list's parent, so one index serves both directions (descending
 * reads it backwards). Lists: catalogue items, search list items and the scans of an inventory group (the
 * largest lists); a section is small and is sorted as it is.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

/** Item table → the column that scopes its large list. */
export const SORTED_LISTS = { catalogue_items: 'catalogue_id', search_list_items: 'search_list_id', inventory_items: 'group_id' } as const;

/** The item text columns a list can be sorted by (lists/items.ts ITEM_COLUMN). */
export const SORTED_COLUMNS = ['code', 'object_id', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'] as const;

export const sortIndexName = (table: string, column: string) => `${table}_sort_${column}_idx`;

export function listSortIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [table, parent] of Object.entries(SORTED_LISTS)) {
        for (const column of SORTED_COLUMNS) {
          const c = sql.ref(column);
          const value = dialect === 'sqlite' ? sql`${c} collate nocase` : sql`lower(${c}) nulls first`;
          await sql`create index ${sql.ref(sortIndexName(table, column))} on ${sql.table(table)} (${sql.ref(parent)}, ${value}, id)`.execute(db);
        }
      }
    },
    async down(db: Kysely<any>) {
      for (const table of Object.keys(SORTED_LISTS)) {
        for (const column of SORTED_COLUMNS) await sql`drop index if exists ${sql.ref(sortIndexName(table, column))}`.execute(db);
      }
    },
  };
}
