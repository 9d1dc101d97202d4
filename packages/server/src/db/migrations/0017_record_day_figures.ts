/**
 * 0017: per-day counters figures for the week, month and year charts (a year would otherwise read ~160,000
 * records into ~105,000 five-minute slot sums on every call to find each day's highest and average inside).
 *
 * - `record_day_versions`: per library and local day (`substr(records.date, 1, 10)`), a number that grows
 *   whenever a record of that day is written, changed or deleted. Database triggers keep it, whoever writes
 *   records (API, demo generator, bulk loads): SQLite per row, PostgreSQL per statement through transition
 *   tables (one upsert per library and day), as 0003 does for the dashboard's daily totals.
 * - `record_day_figures`: a day's sums over the whole day for one library (sensor_id 0) or one sensor, with a
 *   reset time — total in/out, highest inside and the sum of every slot's inside — together with the version
 *   of the day they were computed from. A row whose version is not the day's current one is stale and is
 *   computed again from the records when asked for (records/dayCache.ts), so figures always equal the records.
 *   Filled here for the records already there (each library and sensor at the library's reset time).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { fillDayCache } from '../../records/dayCache';

const SQLITE_BUMP = (row: 'new' | 'old') =>
  sql.raw(`
    insert into record_day_versions (store_id, day, version) values (${row}.store_id, substr(${row}.date, 1, 10), 1)
    on conflict (store_id, day) do update set version = record_day_versions.version + 1;`);

const SQLITE_TRIGGERS = [
  sql`create trigger records_day_versions_insert after insert on records begin ${SQLITE_BUMP('new')} end`,
  sql`create trigger records_day_versions_delete after delete on records begin ${SQLITE_BUMP('old')} end`,
  sql`create trigger records_day_versions_update after update of store_id, sensor_id, date, count_in, count_out on records begin
    ${SQLITE_BUMP('old')} ${SQLITE_BUMP('new')} end`,
];

const pgBump = (tables: string) =>
  sql.raw(`
    insert into record_day_versions (store_id, day, version)
    select distinct store_id, substr(date, 1, 10), 1 from (${tables}) changed
    on conflict (store_id, day) do update set version = record_day_versions.version + 1;`);

const pgFunction = (name: string, tables: string) => sql`
  create function ${sql.raw(name)}() returns trigger language plpgsql as $$
  begin
    ${pgBump(tables)}
    return null;
  end $$`;

const PG_FUNCTIONS = ['record_day_versions_new', 'record_day_versions_old', 'record_day_versions_both'];
const PG_TRIGGERS = [
  pgFunction('record_day_versions_new', 'select store_id, date from new_rows'),
  pgFunction('record_day_versions_old', 'select store_id, date from old_rows'),
  pgFunction('record_day_versions_both', 'select store_id, date from old_rows union select store_id, date from new_rows'),
  sql`create trigger records_day_versions_insert after insert on records
    referencing new table as new_rows for each statement execute function record_day_versions_new()`,
  sql`create trigger records_day_versions_delete after delete on records
    referencing old table as old_rows for each statement execute function record_day_versions_old()`,
  sql`create trigger records_day_versions_update after update on records
    referencing old table as old_rows new table as new_rows for each statement execute function record_day_versions_both()`,
];

const TRIGGERS = ['records_day_versions_insert', 'records_day_versions_delete', 'records_day_versions_update'];

export function recordDayFigures(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('record_day_versions')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_day_versions_pk', ['store_id', 'day'])
        .execute();
      await db.schema
        .createTable('record_day_figures')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('sensor_id', 'integer', (c) => c.notNull())
        .addColumn('reset_time', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('total_in', 'bigint', (c) => c.notNull())
        .addColumn('total_out', 'bigint', (c) => c.notNull())
        .addColumn('max_inside', 'bigint', (c) => c.notNull())
        .addColumn('sum_inside', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_day_figures_pk', ['store_id', 'sensor_id', 'reset_time', 'day'])
        .execute();
      await sql`insert into record_day_versions (store_id, day, version)
        select distinct store_id, substr(date, 1, 10), 1 from records`.execute(db);
      for (const statement of dialect === 'postgres' ? PG_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
      await fillDayCache(db);
    },
    async down(db: Kysely<any>) {
      for (const name of TRIGGERS) {
        await sql`drop trigger if exists ${sql.raw(name)}${sql.raw(dialect === 'postgres' ? ' on records' : '')}`.execute(db);
      }
      if (dialect === 'postgres') for (const name of PG_FUNCTIONS) await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
      await db.schema.dropTable('record_day_figures').execute();
      await db.schema.dropTable('record_day_versions').execute();
    },
  };
}
