/**
 * Kept per-day counters figures (migration 0017) against a real database (temp SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): every answer equals the figures computed straight from the records, before and after
 * records are inserted, changed and deleted (by single rows and by multi-row statements), for a library and a
 * sensor, at two reset times; the migration's fill keeps rows at the days' current versions.
 */
import { sql } from 'kysely';
import { dailyRows, type DayFigures } from './buckets';
import { CACHED_WINDOW, cachedDays, fillDayCache, isCacheable, type DayCacheKey } from './dayCache';
import { slotSums } from './queries';
import { createTestDb, type TestDb } from '../testing/testDb';
import { seedMinimal } from '../demo/seedMinimal';
import { TEST_ARGON2 } from '../auth/password';

jest.setTimeout(60_000);

let t: TestDb;
let store: number;
let other: number;
let sensors: number[];

const FIRST = '2024-03-28';
const LAST = '2024-04-03';

/** What an uncached call computes for the same days. */
async function fromRecords(key: DayCacheKey, first = FIRST, last = LAST): Promise<DayFigures[]> {
  const slots = await slotSums(t.db, {
    storeIds: [key.storeId],
    sensorId: key.sensorId,
    startDate: `${first} 00:00:00`,
    endDate: `${last} 23:59:59`,
    window: CACHED_WINDOW,
  });
  return dailyRows(slots, { startDay: first, endDay: last, untilDay: last, window: CACHED_WINDOW, resetTime: key.resetTime });
}

const keys = (): DayCacheKey[] => [
  { storeId: store, sensorId: null, resetTime: '23:59' },
  { storeId: store, sensorId: null, resetTime: '06:00' },
  { storeId: store, sensorId: sensors[1], resetTime: '06:00' },
];

async function expectAllEqualRecords(): Promise<void> {
  for (const key of keys()) expect(await cachedDays(t.db, key, FIRST, LAST)).toEqual(await fromRecords(key));
}

const keptRows = async () =>
  Number(
    (
      (await t.db
        .selectFrom('record_day_figures' as never)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()) as { n: number }
    ).n,
  );

/** Deterministic records: every 5 minutes from 05:00 to 22:55 on each day, two sensors, in and out. */
function recordsOf(day: string, seed: number) {
  const rows = [];
  for (let minute = 5 * 60; minute < 23 * 60; minute += 5) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    const n = (minute * 7 + seed * 13) % 11;
    rows.push({ store_id: store, sensor_id: sensors[n % 2], date: `${day} ${time}`, count_in: n, count_out: minute > 14 * 60 ? (n * 3) % 9 : n % 3 });
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestDb();
  await seedMinimal(t.db, TEST_ARGON2);
  const stores = await t.db.selectFrom('stores').select('id').orderBy('id').execute();
  [store, other] = [stores[0].id, stores[1].id];
  sensors = (await t.db.selectFrom('sensors').select('id').where('store_id', '=', store).orderBy('id').execute()).map((s) => s.id);
  expect(sensors.length).toBeGreaterThanOrEqual(2);
  const otherSensor = (await t.db.selectFrom('sensors').select('id').where('store_id', '=', other).executeTakeFirstOrThrow()).id;
  // One multi-row statement per day (PostgreSQL's statement trigger sees them at once); another library too.
  for (const [i, day] of ['2024-03-29', '2024-03-30', '2024-04-01', '2024-04-02'].entries())
    await t.db.insertInto('records').values(recordsOf(day, i)).execute();
  await t.db.insertInto('records').values({ store_id: other, sensor_id: otherSensor, date: '2024-03-30 12:00:00', count_in: 500, count_out: 0 }).execute();
});

afterAll(async () => {
  await t.destroy();
});

describe('kept day figures', () => {
  it('equal the records when computed, and when read back kept', async () => {
    // Only days that hold (or held) records are kept: 4 of the 7, for each of the 3 keys.
    await expectAllEqualRecords();
    expect(await keptRows()).toBe(3 * 4);
    await expectAllEqualRecords();
    expect(await keptRows()).toBe(3 * 4);
    const empty = await cachedDays(t.db, keys()[0], '1990-01-01', '1990-12-31');
    expect([empty.length, empty.every((d) => d.row.total_in === 0 && d.row.max_inside === 0), await keptRows()]).toEqual([365, true, 3 * 4]);
    // The fixture is not trivial: inside rises, and the 06:00 reset changes a day's figures.
    const [whole, reset] = [await fromRecords(keys()[0]), await fromRecords(keys()[1])];
    expect(whole[1].row.max_inside).toBeGreaterThan(0);
    expect(whole.map((d) => d.row)).not.toEqual(reset.map((d) => d.row));
  });

  it("a kept row is used only at its day's current version", async () => {
    await expectAllEqualRecords();
    // A kept row with made-up figures at the current version is what the call answers (it is read, not recomputed)…
    await sql`update record_day_figures set max_inside = 9999 where day = '2024-03-29' and sensor_id = 0 and reset_time = '23:59'`.execute(t.db);
    expect((await cachedDays(t.db, keys()[0], '2024-03-29', '2024-03-29'))[0].row.max_inside).toBe(9999);
    // …until a record of that day is written: then the day is computed again.
    await t.db.insertInto('records').values({ store_id: store, sensor_id: sensors[0], date: '2024-03-29 23:55:00', count_in: 1, count_out: 0 }).execute();
    await expectAllEqualRecords();
  });

  it('follow inserts, updates (also moving a record to another day) and deletes', async () => {
    await expectAllEqualRecords();
    await t.db
      .insertInto('records')
      .values([
        { store_id: store, sensor_id: sensors[1], date: '2024-03-31 10:00:00', count_in: 40, count_out: 0 },
        { store_id: store, sensor_id: sensors[0], date: '2024-04-03 07:00:00', count_in: 7, count_out: 2 },
      ])
      .execute();
    await expectAllEqualRecords();
    await t.db.updateTable('records').set({ count_out: 30 }).where('store_id', '=', store).where('date', '=', '2024-03-31 10:00:00').execute();
    await expectAllEqualRecords();
    await t.db.updateTable('records').set({ date: '2024-03-28 10:00:00' }).where('store_id', '=', store).where('date', '=', '2024-03-31 10:00:00').execute();
    await expectAllEqualRecords();
    await t.db
      .updateTable('records')
      .set({ count_in: sql`count_in + 1` })
      .where('store_id', '=', store)
      .where('date', '>=', '2024-04-01 12:00:00')
      .where('date', '<', '2024-04-02 12:00:00')
      .execute();
    await expectAllEqualRecords();
    await t.db
      .deleteFrom('records')
      .where('store_id', '=', store)
      .where('date', '>=', '2024-03-30 00:00:00')
      .where('date', '<', '2024-03-30 15:00:00')
      .execute();
    await expectAllEqualRecords();
    // Another library's records never show, and its writes leave this library's kept rows valid.
    await t.db
      .insertInto('records')
      .values({
        store_id: other,
        sensor_id: (await t.db.selectFrom('sensors').select('id').where('store_id', '=', other).executeTakeFirstOrThrow()).id,
        date: '2024-04-01 12:00:00',
        count_in: 3,
        count_out: 0,
      })
      .execute();
    await expectAllEqualRecords();
  });

  it("the migration's fill keeps every library and sensor at its reset time, at current versions", async () => {
    await sql`delete from record_day_figures`.execute(t.db);
    await fillDayCache(t.db);
    const stale = await sql<{ n: number }>`select count(*) as n from record_day_figures f
      left join record_day_versions v on v.store_id = f.store_id and v.day = f.day where f.version <> coalesce(v.version, 0)`.execute(t.db);
    expect(Number(stale.rows[0].n)).toBe(0);
    const resetTime = (await t.db.selectFrom('stores').select('reset_time').where('id', '=', store).executeTakeFirstOrThrow()).reset_time;
    const kept = await sql<{ n: number }>`select count(*) as n from record_day_figures where store_id = ${store} and reset_time = ${resetTime}`.execute(t.db);
    // Every day from the library's first to its last day of records, for the library and each sensor.
    expect(Number(kept.rows[0].n)).toBe(7 * (1 + sensors.length));
    const key = { storeId: store, sensorId: sensors[0], resetTime };
    expect(await cachedDays(t.db, key, FIRST, LAST)).toEqual(await fromRecords(key));
  });

  it('only one library or sensor over whole days, the whole day window and an on-the-hour reset is kept', () => {
    const ok = (over: Partial<{ ids: number[]; start: string; end: string; window: [string, string]; reset: string }>) =>
      isCacheable(
        over.ids ?? [1],
        over.start ?? '2024-01-01 00:00:00',
        over.end ?? '2024-12-31 23:59:59',
        over.window ?? ['00:00', '23:59'],
        over.reset ?? '06:00',
      );
    expect(ok({})).toBe(true);
    expect(ok({ reset: '23:59' })).toBe(true);
    expect(ok({ ids: [1, 2] })).toBe(false);
    expect(ok({ start: '2024-01-01 08:00:00' })).toBe(false);
    expect(ok({ end: '2024-12-31 20:00:00' })).toBe(false);
    expect(ok({ window: ['08:00', '20:00'] })).toBe(false);
    expect(ok({ reset: '06:15' })).toBe(false);
  });
});
