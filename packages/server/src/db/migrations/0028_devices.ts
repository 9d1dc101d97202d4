/**
 * 0028: devices send data in (device keys and the intake calls).
 *
 * - `device_keys`: a library's keys; only the SHA-256 of a key is kept (`key_hash`, unique), never the key.
 * - `device_key_days`: per key and library day, the rows the key's intake calls stored (the Devices screen's
 *   "received today"), one upsert per batch.
 * - `sensors.retired`: a retired sensor keeps its history but takes no new intake.
 * - Idempotency keys the database enforces, so a device can resend a batch after a time-out:
 *   - records: one per sensor and date. Earlier writers could store the same sensor and date twice; such
 *     copies are merged into the first (counts summed, so every total stays the same) before the index;
 *   - alarms: one per sensor, date and uid. Copies are deleted (the first kept) with the item events written
 *     for them;
 *   - sip_operations: one per device key and the station's operationId (`device_key_id`, `operation_id`, both
 *     null on rows not sent by a device, which the unique index leaves alone).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

async function mergeRecordCopies(db: Kysely<any>): Promise<void> {
  const copies = await sql<{ sensor_id: number; date: string }>`
    select sensor_id, date from records group by sensor_id, date having count(*) > 1`.execute(db);
  for (const { sensor_id, date } of copies.rows) {
    const rows = await db
      .selectFrom('records')
      .select(['id', 'count_in', 'count_out'])
      .where('sensor_id', '=', sensor_id)
      .where('date', '=', date)
      .orderBy('id')
      .execute();
    const [first, ...rest] = rows;
    await db
      .deleteFrom('records')
      .where(
        'id',
        'in',
        rest.map((r) => r.id),
      )
      .execute();
    await db
      .updateTable('records')
      .where('id', '=', first.id)
      .set({
        count_in: rows.reduce((sum, r) => sum + Number(r.count_in), 0),
        count_out: rows.reduce((sum, r) => sum + Number(r.count_out), 0),
      })
      .execute();
  }
}

async function deleteAlarmCopies(db: Kysely<any>): Promise<void> {
  const copies = await sql<{ id: number; store_id: number; date: string }>`
    select id, store_id, date from (
      select id, store_id, date, row_number() over (partition by sensor_id, date, uid order by id) as n
      from alarms where sensor_id is not null
    ) copies where n > 1`.execute(db);
  for (const { id, store_id, date } of copies.rows) {
    await db
      .deleteFrom('item_events')
      .where('store_id', '=', store_id)
      .where('type', '=', 'ALARM')
      .where('date', '=', date)
      .where('details', 'like', `%"alarmId":${Number(id)},%`)
      .execute();
    await db.deleteFrom('alarms').where('id', '=', id).execute();
  }
}

export function devices(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('device_keys')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('device_keys_store_idx').on('device_keys').column('store_id').execute();
      await db.schema
        .createTable('device_key_days')
        .addColumn('device_key_id', 'integer', (c) => c.notNull().references('device_keys.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('records', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('alarms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sip_operations', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('device_key_days_pk', ['device_key_id', 'day'])
        .execute();
      await db.schema
        .alterTable('sensors')
        .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await mergeRecordCopies(db);
      await db.schema.createIndex('records_sensor_date_uq').on('records').columns(['sensor_id', 'date']).unique().execute();
      // The unique index serves every lookup the plain one did.
      await db.schema.dropIndex('records_sensor_date_idx').execute();

      await deleteAlarmCopies(db);
      await db.schema.createIndex('alarms_sensor_date_uid_uq').on('alarms').columns(['sensor_id', 'date', 'uid']).unique().execute();

      await db.schema
        .alterTable('sip_operations')
        .addColumn('device_key_id', 'integer', (c) => c.references('device_keys.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('sip_operations').addColumn('operation_id', 'text').execute();
      await db.schema.createIndex('sip_operations_device_operation_uq').on('sip_operations').columns(['device_key_id', 'operation_id']).unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sip_operations_device_operation_uq').execute();
      await db.schema.alterTable('sip_operations').dropColumn('operation_id').execute();
      await db.schema.alterTable('sip_operations').dropColumn('device_key_id').execute();
      await db.schema.dropIndex('alarms_sensor_date_uid_uq').execute();
      await db.schema.createIndex('records_sensor_date_idx').on('records').columns(['sensor_id', 'date']).execute();
      await db.schema.dropIndex('records_sensor_date_uq').execute();
      await db.schema.alterTable('sensors').dropColumn('retired').execute();
      await db.schema.dropTable('device_key_days').execute();
      await db.schema.dropTable('device_keys').execute();
    },
  };
}
