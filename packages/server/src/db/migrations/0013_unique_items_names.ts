/**
 * 0013: the database itself enforces what the services checked before inserting (data-areas §5), so two
 * writers at once can no longer both insert:
 * - the code/objectId pair is unique per list: catalogue, search list and inventory section items
 *   (null and absent are the same: services store '' as null, so coalesce(…, '') is the pair's key);
 * - catalogue and search list names are unique per library whatever their case (lower(name); SQLite's
 *   lower() folds ASCII letters only, PostgreSQL's the whole alphabet).
 * Existing duplicates, which the old check-then-insert let through, are resolved first: of items with the
 * same pair in one list the first (lowest id) is kept and the later copies are deleted; a container whose
 * name repeats an earlier one's (ignoring case) is renamed "name (id)", so no list and none of its items
 * are lost.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const ITEM_PAIR_INDEXES = [
  { table: 'catalogue_items', parent: 'catalogue_id', index: 'catalogue_items_pair_uq' },
  { table: 'search_list_items', parent: 'search_list_id', index: 'search_list_items_pair_uq' },
  { table: 'inventory_items', parent: 'inventory_id', index: 'inventory_items_pair_uq' },
] as const;

export const CONTAINER_NAME_INDEXES = [
  { table: 'catalogues', index: 'catalogues_store_lower_name_uq' },
  { table: 'search_lists', index: 'search_lists_store_lower_name_uq' },
] as const;

export const uniqueItemsNames: Migration = {
  async up(db: Kysely<any>) {
    for (const { table, parent, index } of ITEM_PAIR_INDEXES) {
      await sql`delete from ${sql.table(table)} where id in (
        select id from (
          select id, row_number() over (partition by ${sql.ref(parent)}, coalesce(code, ''), coalesce(object_id, '') order by id) as n
          from ${sql.table(table)}
        ) copies where n > 1)`.execute(db);
      await sql`create unique index ${sql.ref(index)} on ${sql.table(table)} (${sql.ref(parent)}, (coalesce(code, '')), (coalesce(object_id, '')))`.execute(db);
    }
    for (const { table, index } of CONTAINER_NAME_INDEXES) {
      await sql`update ${sql.table(table)} set name = name || ' (' || cast(id as text) || ')' where id in (
        select id from (
          select id, row_number() over (partition by store_id, lower(name) order by id) as n from ${sql.table(table)}
        ) copies where n > 1)`.execute(db);
      await sql`create unique index ${sql.ref(index)} on ${sql.table(table)} (store_id, (lower(name)))`.execute(db);
    }
  },
  async down(db: Kysely<any>) {
    for (const { index } of [...CONTAINER_NAME_INDEXES, ...ITEM_PAIR_INDEXES]) await sql`drop index ${sql.ref(index)}`.execute(db);
  },
};
