/**
 * 0027: INVENTORY item events written with the scans themselves (lists/inventoryEvents.ts). Each event keeps
 * the id of the scan it was written for (inventory_item_id, no foreign key: the event outlives the scan), so an
 * import stopped mid-move on SQLite deletes its events with its scans, by the same id runs. The partial index
 * serves that delete and the foreign key's `set null` when a section is deleted (without it every deleted
 * section scanned the whole table); alarm and SIP events (no section) are not in it.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const inventoryItemEvents: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('item_events').addColumn('inventory_item_id', 'integer').execute();
    await sql`create index item_events_inventory_idx on item_events (inventory_id, inventory_item_id) where inventory_id is not null`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index if exists item_events_inventory_idx`.execute(db);
    await db.schema.alterTable('item_events').dropColumn('inventory_item_id').execute();
  },
};
