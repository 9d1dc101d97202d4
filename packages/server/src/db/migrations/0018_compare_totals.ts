/**
 * 0018: stored totals of the Compare lists. Counting MISSING or EXCEEDED is one index probe per catalogue item
 * (or scan) and match rule — over a second of CPU for a million items — and every page of the compare screen
 * asks for the total again.
 *
 * - `list_item_versions`: per library, a number raised by triggers whenever any of its catalogue items or
 *   scanned (inventory) items is inserted, changed or deleted, or its objectId column is (un)labelled: SQLite
 *   per row, PostgreSQL per statement through transition tables.
 * - `compare_totals`: the total of one compare list without a search (catalogue, mode, scope) and the library
 *   version it was counted at; a total at another version is counted again (services/compareTotals.ts).
 * - index inventory_items (store_id, id): the library's scans in id order (EXCEEDED against every inventory, the
 *   library's scanned-items list) read a page from the index instead of sorting a million rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

const ITEM_TABLES = ['catalogue_items', 'inventory_items'] as const;

const sqliteBump = (store: string) => `
    insert into list_item_versions (store_id, version) values (${store}, 1)
    on conflict (store_id) do update set version = list_item_versions.version + 1;`;

/** The columns a compare reads (edits of other fields leave the totals valid). */
const MATCH_COLUMNS: Record<(typeof ITEM_TABLES)[number], string> = {
  catalogue_items: 'store_id, catalogue_id, code, object_id',
  inventory_items: 'store_id, group_id, inventory_id, code, object_id',
};

const sqliteTriggers = (table: (typeof ITEM_TABLES)[number]) => [
  sql.raw(`create trigger ${table}_versions_insert after insert on ${table} begin ${sqliteBump('new.store_id')} end`),
  sql.raw(`create trigger ${table}_versions_delete after delete on ${table} begin ${sqliteBump('old.store_id')} end`),
  sql.raw(`create trigger ${table}_versions_update after update of ${MATCH_COLUMNS[table]} on ${table} begin
    ${sqliteBump('old.store_id')} ${sqliteBump('new.store_id')} end`),
];

const pgBump = (rows: string) => `
    insert into list_item_versions (store_id, version) select distinct store_id, 1 from (${rows}) changed
    on conflict (store_id) do update set version = list_item_versions.version + 1;`;

const PG_FUNCTIONS: Array<[string, string]> = [
  ['list_item_versions_new', 'select store_id from new_rows'],
  ['list_item_versions_old', 'select store_id from old_rows'],
  ['list_item_versions_both', 'select store_id from old_rows union select store_id from new_rows'],
];

const pgTriggers = (table: string) => [
  sql.raw(`create trigger ${table}_versions_insert after insert on ${table}
    referencing new table as new_rows for each statement execute function list_item_versions_new()`),
  sql.raw(`create trigger ${table}_versions_delete after delete on ${table}
    referencing old table as old_rows for each statement execute function list_item_versions_old()`),
  sql.raw(`create trigger ${table}_versions_update after update on ${table}
    referencing old table as old_rows new table as new_rows for each statement execute function list_item_versions_both()`),
];

/** The objectId column decides whether items also match by objectId. */
const STORE_TRIGGER = {
  sqlite: sql.raw(`create trigger stores_object_id_versions after update of field_object_id on stores begin ${sqliteBump('new.id')} end`),
  postgres: [
    sql.raw(`create function list_item_versions_store() returns trigger language plpgsql as $$
      begin
        if new.field_object_id is distinct from old.field_object_id then
          insert into list_item_versions (store_id, version) values (new.id, 1)
          on conflict (store_id) do update set version = list_item_versions.version + 1;
        end if;
        return null;
      end $$`),
    sql.raw(`create trigger stores_object_id_versions after update on stores for each row execute function list_item_versions_store()`),
  ],
};

/**
 * The triggers raising a library's version on every insert, delete and (matched column) update of its catalogue
 * items and scans (0018, and again in 0031 in place of the delta triggers of 0019-0026).
 */
export async function createItemVersionTriggers(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const [name, rows] of PG_FUNCTIONS) {
      await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin ${pgBump(rows)} return null; end $$`).execute(db);
    }
    for (const table of ITEM_TABLES) for (const statement of pgTriggers(table)) await statement.execute(db);
  } else {
    for (const table of ITEM_TABLES) for (const statement of sqliteTriggers(table)) await statement.execute(db);
  }
}

export function compareTotals(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('list_item_versions')
        .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('compare_totals')
        .addColumn('catalogue_id', 'integer', (c) => c.notNull().references('catalogues.id').onDelete('cascade'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('compare_totals_pk', ['catalogue_id', 'mode', 'scope'])
        .execute();
      await db.schema.createIndex('inventory_items_store_list_idx').on('inventory_items').columns(['store_id', 'id']).execute();
      await sql`insert into list_item_versions (store_id, version) select id, 1 from stores`.execute(db);
      await createItemVersionTriggers(db, dialect);
      for (const statement of dialect === 'postgres' ? STORE_TRIGGER.postgres : [STORE_TRIGGER.sqlite]) await statement.execute(db);
    },
    async down(db: Kysely<any>) {
      const on = (table: string) => (dialect === 'postgres' ? ` on ${table}` : '');
      for (const table of ITEM_TABLES) {
        for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_versions_${kind}${on(table)}`).execute(db);
      }
      await sql.raw(`drop trigger if exists stores_object_id_versions${on('stores')}`).execute(db);
      if (dialect === 'postgres') {
        for (const [name] of [...PG_FUNCTIONS, ['list_item_versions_store']]) await sql.raw(`drop function if exists ${name}()`).execute(db);
      }
      await db.schema.dropIndex('inventory_items_store_list_idx').execute();
      await db.schema.dropTable('compare_totals').execute();
      await db.schema.dropTable('list_item_versions').execute();
    },
  };
}
