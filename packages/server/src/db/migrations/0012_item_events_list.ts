/**
 * 0012: a view of item events with their library's name (data-areas §3 Item event storeName), so the one list
 * engine can search, sort and export storeName like any column; filters on store_id and the order on date
 * still use the table's index (both databases flatten the view).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const itemEventsList: Migration = {
  async up(db: Kysely<any>) {
    await sql`create view item_events_list as
      select e.id, e.store_id, s.name as store_name, e.code, e.object_id, e.date, e.type, e.inventory_id,
        e.inventory_group_id, e.details, e.search_text
      from item_events e join stores s on s.id = e.store_id`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop view item_events_list`.execute(db);
  },
};
