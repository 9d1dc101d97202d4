/**
 * 0021: a cap on what the delta triggers of 0019 do for one kept Compare total. Applying a write's delta costs
 * a few index probes per written row and kept total (measured on the large SQLite profile at load 25: a
 * 100,000-row import's final move took 38 s without valid kept totals and 102 s with four), so a kept total
 * follows at most MOVED_CAP written rows between two reads (`compare_totals.moved`, set back to 0 by a read
 * of it); a larger write leaves it behind, and the next read counts it again (one full count instead of the
 * whole write paying the deltas). On PostgreSQL a statement writing more rows than the cap does the same.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { installDeltaTriggers } from './0019_compare_total_deltas';

export const MOVED_CAP = 5_000;

export function compareTotalDeltaCap(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('compare_totals').addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await installDeltaTriggers(db, dialect, MOVED_CAP);
    },
    async down(db: Kysely<any>) {
      await installDeltaTriggers(db, dialect, null);
      await sql`alter table compare_totals drop column moved`.execute(db);
    },
  };
}
