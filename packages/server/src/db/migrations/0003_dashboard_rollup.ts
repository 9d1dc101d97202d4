/**
 * 0003: daily people-counter totals for the dashboard (month and year totals would otherwise sum up to a
 * million 5-minute records per call).
 *
 * `record_daily_totals` holds, per library and local day (`substr(records.date, 1, 10)`), the sums of
 * count_in and count_out. Database triggers keep it equal to the records table whoever writes records
 * (API, demo generator, bulk loads): SQLite adds each row as it is written; PostgreSQL adds each
 * statement's rows at once through transition tables (one upsert per day and library, not per row).
 * Deletions only subtract (a library's totals disappear with the library through the foreign key).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

const SQLITE_TRIGGERS = [
  sql`create trigger records_daily_totals_insert after insert on records begin
    insert into record_daily_totals (store_id, day, count_in, count_out)
    values (new.store_id, substr(new.date, 1, 10), new.count_in, new.count_out)
    on conflict (store_id, day) do update set count_in = count_in + excluded.count_in, count_out = count_out + excluded.count_out;
  end`,
  sql`create trigger records_daily_totals_delete after delete on records begin
    update record_daily_totals set count_in = count_in - old.count_in, count_out = count_out - old.count_out
    where store_id = old.store_id and day = substr(old.date, 1, 10);
  end`,
  sql`create trigger records_daily_totals_update after update of store_id, date, count_in, count_out on records begin
    update record_daily_totals set count_in = count_in - old.count_in, count_out = count_out - old.count_out
    where store_id = old.store_id and day = substr(old.date, 1, 10);
    insert into record_daily_totals (store_id, day, count_in, count_out)
    values (new.store_id, substr(new.date, 1, 10), new.count_in, new.count_out)
    on conflict (store_id, day) do update set count_in = count_in + excluded.count_in, count_out = count_out + excluded.count_out;
  end`,
];

// Statement-level: each function sees every row of the statement as a table (old_rows / new_rows).
const PG_ADD = sql`
  insert into record_daily_totals (store_id, day, count_in, count_out)
  select store_id, substr(date, 1, 10), sum(count_in), sum(count_out) from new_rows group by store_id, substr(date, 1, 10)
  on conflict (store_id, day) do update
    set count_in = record_daily_totals.count_in + excluded.count_in, count_out = record_daily_totals.count_out + excluded.count_out;`;
const PG_SUBTRACT = sql`
  update record_daily_totals t set count_in = t.count_in - d.count_in, count_out = t.count_out - d.count_out
  from (select store_id, substr(date, 1, 10) as day, sum(count_in) as count_in, sum(count_out) as count_out
        from old_rows group by store_id, substr(date, 1, 10)) d
  where t.store_id = d.store_id and t.day = d.day;`;

const pgFunction = (name: string, body: ReturnType<typeof sql>) => sql`
  create function ${sql.raw(name)}() returns trigger language plpgsql as $$
  begin
    ${body}
    return null;
  end $$`;

const PG_TRIGGERS = [
  pgFunction('record_daily_totals_add', PG_ADD),
  pgFunction('record_daily_totals_subtract', PG_SUBTRACT),
  pgFunction('record_daily_totals_replace', sql`${PG_SUBTRACT} ${PG_ADD}`),
  sql`create trigger records_daily_totals_insert after insert on records
    referencing new table as new_rows for each statement execute function record_daily_totals_add()`,
  sql`create trigger records_daily_totals_delete after delete on records
    referencing old table as old_rows for each statement execute function record_daily_totals_subtract()`,
  sql`create trigger records_daily_totals_update after update on records
    referencing old table as old_rows new table as new_rows for each statement execute function record_daily_totals_replace()`,
];

export function dashboardRollup(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('record_daily_totals')
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('count_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('record_daily_totals_pk', ['store_id', 'day'])
        .execute();
      // Records written before this migration.
      await sql`insert into record_daily_totals (store_id, day, count_in, count_out)
        select store_id, substr(date, 1, 10), sum(count_in), sum(count_out) from records group by store_id, substr(date, 1, 10)`.execute(db);
      for (const statement of dialect === 'postgres' ? PG_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const name of ['records_daily_totals_insert', 'records_daily_totals_delete', 'records_daily_totals_update']) {
        await sql`drop trigger if exists ${sql.raw(name)}${sql.raw(dialect === 'postgres' ? ' on records' : '')}`.execute(db);
      }
      if (dialect === 'postgres') {
        for (const name of ['record_daily_totals_add', 'record_daily_totals_subtract', 'record_daily_totals_replace']) {
          await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
        }
      }
      await db.schema.dropTable('record_daily_totals').execute();
    },
  };
}
