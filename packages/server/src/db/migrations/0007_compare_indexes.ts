/**
 * 0007: indexes of the inventory lists and of Compare. Compare looks up, for every catalogue item, whether a
 * scan in scope holds its code or objectId (library-wide, per group or per section), and for every scan whether
 * the catalogue — or, for "found in", any catalogue of the library — holds it; the group and section lists page
 * in id order.
 */
import type { Kysely, Migration } from 'kysely';

const INDEXES: ReadonlyArray<[name: string, table: string, columns: string[]]> = [
  ['inventory_items_store_code_idx', 'inventory_items', ['store_id', 'code']],
  ['inventory_items_group_object_idx', 'inventory_items', ['group_id', 'object_id']],
  ['inventory_items_inventory_object_idx', 'inventory_items', ['inventory_id', 'object_id']],
  ['inventory_items_list_idx', 'inventory_items', ['inventory_id', 'id']],
  ['inventory_items_group_list_idx', 'inventory_items', ['group_id', 'id']],
  ['catalogue_items_store_object_idx', 'catalogue_items', ['store_id', 'object_id']],
];

export const compareIndexes: Migration = {
  async up(db: Kysely<any>) {
    for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
  },
  async down(db: Kysely<any>) {
    for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
  },
};
