/**
 * 0031: Compare totals are stamped, not followed. A stored total (`compare_totals`) is answered while its
 * version is the library's (`list_item_versions`, raised by 0018's triggers on every catalogue-item and scan
 * write); otherwise the list is counted again (services/compareTotals.ts). This drops what followed totals write
 * by write: the delta triggers and their functions (0019, 0021, 0022), the plain bump triggers beside them
 * (0022), `item_moves_now` (0026), the triggers keeping totals from a catalogue's or group's creation and
 * forgetting a deleted group's or section's (0025), and `compare_totals.moved` (0021); then it installs 0018's
 * version triggers again. Those migrations are empty now (RETIRED): a new database runs 0018 and this one, one
 * migrated before runs this one; both end the same.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { createItemVersionTriggers } from './0018_compare_totals';

/** The migrations whose work this one undoes, kept by name (a database migrated before lists them). */
export const RETIRED: Migration = {
  async up() {
    /* undone by 0031 */
  },
};

const ITEM_TABLES = ['catalogue_items', 'inventory_items'] as const;
const EVENTS = ['insert', 'delete', 'update'] as const;
/** 0025's triggers and their table. */
const FROM_START: Array<[string, string]> = [
  ['compare_totals_group_insert', 'inventory_groups'],
  ['compare_totals_catalogue_insert', 'catalogues'],
  ['compare_totals_group_delete', 'inventory_groups'],
  ['compare_totals_section_delete', 'inventories'],
];

export function compareStampedTotals(dialect: Dialect): Migration {
  const dropTrigger = (name: string, table: string) => sql.raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`);
  return {
    async up(db: Kysely<any>) {
      for (const table of ITEM_TABLES) {
        for (const event of EVENTS) {
          await dropTrigger(`${table}_versions_${event}`, table).execute(db);
          await dropTrigger(`${table}_bump_${event}`, table).execute(db);
          if (dialect === 'postgres') await sql.raw(`drop function if exists compare_delta_${table}_${event}()`).execute(db);
        }
      }
      for (const [name, table] of FROM_START) {
        await dropTrigger(name, table).execute(db);
        if (dialect === 'postgres') await sql.raw(`drop function if exists ${name}()`).execute(db);
      }
      await sql`drop table if exists item_moves_now`.execute(db);
      const { rows } =
        dialect === 'postgres'
          ? await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = 'compare_totals' and column_name = 'moved'`.execute(db)
          : await sql<{ name: string }>`select name from pragma_table_info('compare_totals') where name = 'moved'`.execute(db);
      if (rows.length) await sql`alter table compare_totals drop column moved`.execute(db);
      await createItemVersionTriggers(db, dialect);
      // Totals stored before were followed by the triggers dropped here: counted again at their next view.
      await sql`delete from compare_totals`.execute(db);
    },
    async down() {
      throw new Error('0031 cannot be undone: the delta triggers it dropped are gone from the code (recreate the database)');
    },
  };
}
