/**
 * Migrations 0028 and 0029 on data written before them: 0028 merges records of one sensor and date stored twice
 * into the first (counts summed, the day's totals unchanged) and deletes alarm copies (sensor, date, uid) with
 * their item events; after 0029 the unique keys hold among device rows only, so other writers may store one
 * wall-clock time twice (the hour a clock goes back) while a device's resent row is refused.
 */
import { sql } from 'kysely';
import { minimalStores } from '../../demo/seedMinimal';
import { createTestDb, writeOutcome as outcome, type TestDb } from '../../testing/testDb';
import { devices } from './0028_devices';
import { deviceRows } from './0029_device_rows';

jest.setTimeout(60_000);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe(`0028 devices and 0029 device rows (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('merges record copies and deletes alarm copies before adding the unique keys', async () => {
    const migration = devices(t.dialect);
    await deviceRows.down!(t.db);
    await migration.down!(t.db);
    const [store] = (await t.db.insertInto('stores').values(minimalStores().slice(0, 1)).returning('id').execute()).map((s) => s.id);
    const now = new Date().toISOString();
    const { id: sensor } = await t.db
      .insertInto('sensors')
      .values({ store_id: store, name: 'Gate', capacity: null, created_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const record = (countIn: number, countOut: number, date = '2026-01-05 10:00:00') => ({
      store_id: store,
      sensor_id: sensor,
      date,
      count_in: countIn,
      count_out: countOut,
    });
    await t.db
      .insertInto('records')
      .values([record(3, 1), record(2, 2), record(4, 0), record(1, 1, '2026-01-05 10:05:00')])
      .execute();
    const alarm = (uid: string) => ({
      store_id: store,
      sensor_id: sensor,
      sensor_name: 'Gate',
      date: '2026-01-05 11:00:00',
      type: 'EAS' as const,
      antenna: '1',
      uid,
      barcode: 'B1',
      title_identifier: '',
      circulation_status: '',
      alarm_activated: 1 as const,
    });
    const alarms = await t.db
      .insertInto('alarms')
      .values([alarm('U1'), alarm('U1'), alarm('U2')])
      .returning('id')
      .execute();
    await t.db
      .insertInto('item_events')
      .values(
        alarms.map(({ id }) => ({
          store_id: store,
          code: 'B1',
          object_id: null,
          date: '2026-01-05 11:00:00',
          type: 'ALARM' as const,
          inventory_id: null,
          inventory_group_id: null,
          details: JSON.stringify({ alarmId: id, alarmType: 'EAS', sensorName: 'Gate', alarmActivated: true, title: '' }),
          search_text: 'b1',
        })),
      )
      .execute();
    const totals = async () =>
      (
        await sql<{ count_in: number; count_out: number }>`select count_in, count_out from record_daily_totals
      where store_id = ${store} order by day`.execute(t.db)
      ).rows;
    const before = await totals();

    await migration.up(t.db);

    const records = await t.db.selectFrom('records').select(['date', 'count_in', 'count_out']).where('sensor_id', '=', sensor).orderBy('date').execute();
    expect(records).toEqual([
      { date: '2026-01-05 10:00:00', count_in: 9, count_out: 3 },
      { date: '2026-01-05 10:05:00', count_in: 1, count_out: 1 },
    ]);
    expect(await totals()).toEqual(before);
    const kept = await t.db.selectFrom('alarms').select('id').where('store_id', '=', store).orderBy('id').execute();
    expect(kept.map((a) => a.id)).toEqual([alarms[0].id, alarms[2].id]);
    const events = await t.db.selectFrom('item_events').select('details').where('store_id', '=', store).execute();
    expect(events.map((e) => JSON.parse(e.details).alarmId).sort()).toEqual([alarms[0].id, alarms[2].id].sort());
    expect(await outcome(t.db.insertInto('records').values(record(1, 0)))).toMatch(/unique|duplicate/i);
    expect(await outcome(t.db.insertInto('alarms').values(alarm('U2')))).toMatch(/unique|duplicate/i);

    await deviceRows.up(t.db);
    expect(await outcome(t.db.insertInto('records').values(record(1, 0)))).toBe('stored');
    expect(await outcome(t.db.insertInto('alarms').values(alarm('U2')))).toBe('stored');
    const key = await t.db
      .insertInto('device_keys')
      .values({ store_id: store, name: 'k', key_hash: 'h', created_at: now, last_used_at: null, revoked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fromDevice = { ...record(1, 0, '2026-01-06 10:00:00'), device_key_id: key.id };
    expect(await outcome(t.db.insertInto('records').values(fromDevice))).toBe('stored');
    expect(await outcome(t.db.insertInto('records').values(fromDevice))).toMatch(/unique|duplicate/i);
    expect(await outcome(t.db.insertInto('alarms').values({ ...alarm('U3'), device_key_id: key.id }))).toBe('stored');
    expect(await outcome(t.db.insertInto('alarms').values({ ...alarm('U3'), device_key_id: key.id }))).toMatch(/unique|duplicate/i);
  });
});
