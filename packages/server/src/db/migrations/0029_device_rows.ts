/**
 * 0029: the idempotency keys of 0028 hold for rows sent by devices only. A people counter's wall clock passes the
 * hour a clock goes back twice, so rows written otherwise (demo data, tests, bulk loads) may hold one sensor and
 * date twice, which a unique key over every row refused. Records and alarms remember the device key that sent them
 * (`device_key_id`, null otherwise; no foreign key: keys are never deleted, only revoked, and a library's rows go
 * with it), and the unique keys are partial: records per sensor and date, alarms per sensor, date and uid, among
 * device rows. The plain (sensor_id, date) index of records comes back.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const deviceRows: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('records').addColumn('device_key_id', 'integer').execute();
    await db.schema.alterTable('alarms').addColumn('device_key_id', 'integer').execute();
    await db.schema.dropIndex('records_sensor_date_uq').execute();
    await db.schema.dropIndex('alarms_sensor_date_uid_uq').execute();
    await db.schema.createIndex('records_sensor_date_idx').on('records').columns(['sensor_id', 'date']).execute();
    await sql`create unique index records_device_sensor_date_uq on records (sensor_id, date) where device_key_id is not null`.execute(db);
    await sql`create unique index alarms_device_sensor_date_uid_uq on alarms (sensor_id, date, uid) where device_key_id is not null`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('alarms_device_sensor_date_uid_uq').execute();
    await db.schema.dropIndex('records_device_sensor_date_uq').execute();
    await db.schema.alterTable('alarms').dropColumn('device_key_id').execute();
    await db.schema.alterTable('records').dropColumn('device_key_id').execute();
    // 0028's keys over every row (refused while a sensor and date, or sensor, date and uid, repeat).
    await db.schema.createIndex('alarms_sensor_date_uid_uq').on('alarms').columns(['sensor_id', 'date', 'uid']).unique().execute();
    await db.schema.createIndex('records_sensor_date_uq').on('records').columns(['sensor_id', 'date']).unique().execute();
    await db.schema.dropIndex('records_sensor_date_idx').execute();
  },
};
