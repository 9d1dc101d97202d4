/**
 * 0002: indexes of the list engine. (parent, id) lets a list page in its default order (id) and count a
 * list without search by reading a narrow index instead of the wide search_text one.
 */
import type { Kysely, Migration } from 'kysely';

export const listIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('catalogue_items_list_idx').on('catalogue_items').columns(['catalogue_id', 'id']).execute();
    await db.schema.createIndex('search_list_items_list_idx').on('search_list_items').columns(['search_list_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('search_list_items_list_idx').execute();
    await db.schema.dropIndex('catalogue_items_list_idx').execute();
  },
};
