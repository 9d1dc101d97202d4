/**
 * 0008: a view of alarms with their library's name (data-areas §3 Alarm store.name), so the one list engine
 * can search, sort and export store.name like any column; and an index for the default order within a
 * user's libraries filtered on activated alarms.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const alarmsList: Migration = {
  async up(db: Kysely<any>) {
    await sql`create view alarms_list as
      select a.id, a.store_id, s.name as store_name, a.sensor_name, a.date, a.type, a.antenna, a.uid, a.barcode,
        a.title_identifier, a.circulation_status, a.alarm_activated
      from alarms a join stores s on s.id = a.store_id`.execute(db);
    await db.schema.createIndex('alarms_activated_date_idx').on('alarms').columns(['alarm_activated', 'date']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('alarms_activated_date_idx').execute();
    await sql`drop view alarms_list`.execute(db);
  },
};
