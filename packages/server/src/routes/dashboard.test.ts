/**
 * /api/dashboard/* against a real database (temp SQLite, or PostgreSQL with TEST_DATABASE_URL) holding a
 * small hand-computed fixture. The process runs in UTC while library B lives in America/New_York:
 *
 *   server clock 2024-03-07 03:30 UTC
 *   A  BIB-001  Europe/Madrid     now 2024-03-07 04:30  reset 00:00 → today 03-07, inside since 03-07 00:00
 *   B  BIB-002  America/New_York  now 2024-03-06 22:30  reset 06:00 → today 03-06, inside since 03-06 06:00
 *   C  BIB-003  Europe/Madrid     not held by 'manager' (holds A and B): never counted for them
 */
process.env.TZ = 'UTC';

import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

let t: TestApp;
let A: number;
let B: number;
let C: number;

const NOW = Date.parse('2024-03-07T03:30:00Z');

async function sensorOf(storeId: number): Promise<number> {
  return (await t.db.selectFrom('sensors').select('id').where('store_id', '=', storeId).orderBy('id').executeTakeFirstOrThrow()).id;
}

async function insertFixture(): Promise<void> {
  await t.db.updateTable('stores').set({ timezone: 'Europe/Madrid', reset_time: '00:00' }).where('id', '=', A).execute();
  await t.db.updateTable('stores').set({ timezone: 'America/New_York', reset_time: '06:00' }).where('id', '=', B).execute();
  const [sa, sb, sc] = [await sensorOf(A), await sensorOf(B), await sensorOf(C)];
  const rec = (store_id: number, sensor_id: number, date: string, count_in: number, count_out: number) => ({ store_id, sensor_id, date, count_in, count_out });
  await t.db
    .insertInto('records')
    .values([
      rec(A, sa, '2024-03-07 00:10:00', 5, 1), // today, inside
      rec(A, sa, '2024-03-07 04:00:00', 2, 0), // today, inside
      rec(A, sa, '2024-03-06 23:50:00', 7, 3), // yesterday at A
      rec(A, sa, '2024-02-28 12:00:00', 11, 11), // last month
      rec(A, sa, '2023-12-31 12:00:00', 13, 0), // last year
      rec(B, sb, '2024-03-06 05:00:00', 4, 0), // today at B, before its 06:00 reset
      rec(B, sb, '2024-03-06 10:00:00', 20, 5), // today, inside
      rec(B, sb, '2024-03-06 21:00:00', 3, 10), // today, inside
      rec(B, sb, '2024-03-07 01:00:00', 50, 0), // B's tomorrow (already "today" in UTC and Madrid)
      rec(B, sb, '2024-03-01 08:00:00', 6, 6), // this month
      rec(B, sb, '2024-01-15 08:00:00', 9, 0), // this year
      rec(C, sc, '2024-03-07 01:00:00', 1000, 0),
    ])
    .execute();
  const alarm = (store_id: number, date: string) => ({
    store_id,
    date,
    type: 'EAS' as const,
    sensor_id: null,
    sensor_name: 'door',
    antenna: '1',
    uid: 'u',
    barcode: 'b',
    title_identifier: 't',
    circulation_status: '03',
    alarm_activated: 1 as const,
  });
  await t.db
    .insertInto('alarms')
    .values([
      alarm(A, '2024-03-07 01:00:00'),
      alarm(A, '2024-03-07 02:00:00'),
      alarm(A, '2024-03-06 12:00:00'),
      alarm(A, '2024-03-03 12:00:00'), // a Sunday: in the Sunday-started week only
      alarm(B, '2024-03-06 09:00:00'),
      alarm(B, '2024-03-07 00:30:00'),
      alarm(C, '2024-03-07 01:00:00'),
    ])
    .execute();
  const op = (store_id: number, type: 'CHECKOUT' | 'CHECKIN' | 'RENEW', label: string, origin: string, date: string) => ({
    store_id,
    type,
    label,
    origin,
    date,
  });
  await t.db
    .insertInto('selfcheck_operations')
    .values([
      op(A, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-07 01:00:00'),
      op(A, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-07 02:00:00'),
      op(A, 'CHECKOUT', 'DVD', 'App', '2024-03-07 03:00:00'),
      op(A, 'CHECKIN', 'Libro', 'Buzón', '2024-03-07 01:30:00'),
      op(A, 'RENEW', 'Libro', 'App', '2024-03-07 02:30:00'),
      op(A, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-06 18:00:00'),
      op(B, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-06 10:00:00'),
      op(B, 'CHECKIN', 'Revista', 'Buzón', '2024-03-06 11:00:00'),
      op(B, 'CHECKIN', 'Revista', 'Buzón', '2024-03-06 12:00:00'),
      op(B, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-07 01:00:00'),
      ...Array.from({ length: 5 }, () => op(C, 'CHECKOUT', 'Libro', 'Autopréstamo 1', '2024-03-07 01:00:00')),
    ])
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  t.advance((NOW - Date.now()) / 1000);
  [A, B, C] = [await t.storeId('BIB-001'), await t.storeId('BIB-002'), await t.storeId('BIB-003')];
  await insertFixture();
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function get(call: string, query: Record<string, string | number>, user: DemoUser = 'manager'): Promise<LightMyRequestResponse> {
  return t.call('GET', `/api/dashboard/${call}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { user });
}

async function json(call: string, query: Record<string, string | number>, user: DemoUser = 'manager'): Promise<unknown> {
  const res = await get(call, query, user);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const ids = (...list: number[]) => list.join(',');
const storeName = async (id: number) => (await t.db.selectFrom('stores').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
const week = (rows: Array<{ day: string; value: number; storeName: string }>, name: string) =>
  Object.fromEntries(rows.filter((r) => r.storeName === name).map((r) => [r.day, r.value]));

describe("values in each library's calendar", () => {
  it('totalToday: visitors in today and inside since each last reset', async () => {
    // A: in 5+2 = 7, inside 7−1 = 6. B: in 4+20+3 = 27, inside since 06:00 (20+3)−(5+10) = 8.
    expect(await json('totalToday', { selectedStoreIds: ids(A, B) })).toEqual({ totalIn: 34, totalInside: 14 });
    expect(await json('totalToday', { selectedStoreIds: ids(B) })).toEqual({ totalIn: 27, totalInside: 8 });
  });

  it('totalTodayData: one bar per library, by name', async () => {
    expect(await json('totalTodayData', { selectedStoreIds: ids(A, B) })).toEqual([
      { label: await storeName(B), value: 27 }, // Biblioteca Carles Rahola
      { label: await storeName(A), value: 7 }, // Biblioteca Sant Antoni
    ]);
  });

  it("totalInMonth and totalInYear: from each library's month and year start to its today", async () => {
    // A: 7 today + 7 yesterday = 14 this month, + 11 in February = 25 this year (not 2023's 13).
    // B: 27 today + 6 on 03-01 = 33 this month, + 9 in January = 42 this year (not its tomorrow's 50).
    expect(await json('totalInMonth', { selectedStoreIds: ids(A, B) })).toEqual({ value: 47 });
    expect(await json('totalInYear', { selectedStoreIds: ids(A, B) })).toEqual({ value: 67 });
  });

  it('totalAlarmsToday: A 2 on 03-07, B 1 on 03-06', async () => {
    expect(await json('totalAlarmsToday', { selectedStoreIds: ids(A, B) })).toEqual({ value: 3 });
  });

  it("totalSelfcheckOperations and selfcheckToday: today's self-service by type and by label", async () => {
    expect(await json('totalSelfcheckOperations', { selectedStoreIds: ids(A, B) })).toEqual({
      totalCheckoutsToday: 4,
      totalCheckinsToday: 3,
      totalRenewalsToday: 1,
    });
    expect(await json('selfcheckToday', { selectedStoreIds: ids(A, B), type: 'CHECKOUT' })).toEqual([
      { label: 'Libro', value: 3 },
      { label: 'DVD', value: 1 },
    ]);
    expect(await json('selfcheckToday', { selectedStoreIds: ids(A, B), type: 'CHECKIN' })).toEqual([
      { label: 'Revista', value: 2 },
      { label: 'Libro', value: 1 },
    ]);
  });

  it('gives the same answers whatever the server process timezone is', async () => {
    process.env.TZ = 'Pacific/Auckland';
    try {
      expect(await json('totalToday', { selectedStoreIds: ids(A, B) })).toEqual({ totalIn: 34, totalInside: 14 });
      expect(await json('totalAlarmsToday', { selectedStoreIds: ids(A, B) })).toEqual({ value: 3 });
    } finally {
      process.env.TZ = 'UTC';
    }
  });
});

describe('weekly charts', () => {
  it('currentWeekData: visitors per library and day of a Monday-started week, zeros included', async () => {
    const rows = (await json('currentWeekData', { selectedStoreIds: ids(A, B), weekStartDay: 1, date: '2024-03-06' })) as Array<{
      day: string;
      value: number;
      storeName: string;
    }>;
    expect(rows).toHaveLength(14);
    expect(week(rows, await storeName(A))).toEqual({
      '2024-03-04': 0,
      '2024-03-05': 0,
      '2024-03-06': 7,
      '2024-03-07': 7,
      '2024-03-08': 0,
      '2024-03-09': 0,
      '2024-03-10': 0,
    });
    expect(week(rows, await storeName(B))).toMatchObject({ '2024-03-06': 27, '2024-03-07': 50, '2024-03-04': 0 });
  });

  it('alarmsWeekData: Monday- versus Sunday-started weeks', async () => {
    const monday = (await json('alarmsWeekData', { selectedStoreIds: ids(A, B), weekStartDay: 1, date: '2024-03-06' })) as Array<{
      day: string;
      value: number;
      storeName: string;
    }>;
    expect(week(monday, await storeName(A))).toEqual({
      '2024-03-04': 0,
      '2024-03-05': 0,
      '2024-03-06': 1,
      '2024-03-07': 2,
      '2024-03-08': 0,
      '2024-03-09': 0,
      '2024-03-10': 0,
    });
    expect(week(monday, await storeName(B))).toMatchObject({ '2024-03-06': 1, '2024-03-07': 1 });
    const sunday = (await json('alarmsWeekData', { selectedStoreIds: ids(A, B), weekStartDay: 0, date: '2024-03-06' })) as Array<{
      day: string;
      value: number;
      storeName: string;
    }>;
    expect(week(sunday, await storeName(A))).toEqual({
      '2024-03-03': 1,
      '2024-03-04': 0,
      '2024-03-05': 0,
      '2024-03-06': 1,
      '2024-03-07': 2,
      '2024-03-08': 0,
      '2024-03-09': 0,
    });
  });

  it('selfcheckDistribution: operations of a type per origin and day', async () => {
    expect(await json('selfcheckDistribution', { selectedStoreIds: ids(A, B), type: 'CHECKOUT', weekStartDay: 1, date: '2024-03-06' })).toEqual([
      { day: '2024-03-06', value: 2, origin: 'Autopréstamo 1' },
      { day: '2024-03-07', value: 1, origin: 'App' },
      { day: '2024-03-07', value: 3, origin: 'Autopréstamo 1' },
    ]);
    expect(await json('selfcheckDistribution', { selectedStoreIds: ids(A, B), type: 'RENEW', weekStartDay: 1, date: '2024-02-28' })).toEqual([]);
  });
});

describe('library scoping', () => {
  it('never counts a library the user does not hold, nor unknown ids', async () => {
    const asked = { selectedStoreIds: ids(A, B, C, 999_999) };
    expect(await json('totalToday', asked)).toEqual({ totalIn: 34, totalInside: 14 });
    expect(((await json('totalTodayData', asked)) as unknown[]).length).toBe(2);
    expect(await json('totalAlarmsToday', asked)).toEqual({ value: 3 });
    expect(await json('totalSelfcheckOperations', asked)).toMatchObject({ totalCheckoutsToday: 4 });
    const weekly = (await json('currentWeekData', { ...asked, weekStartDay: 1, date: '2024-03-06' })) as Array<{ storeName: string }>;
    expect(new Set(weekly.map((r) => r.storeName))).toEqual(new Set([await storeName(A), await storeName(B)]));
  });

  it('answers zeros for only foreign or no libraries', async () => {
    for (const selectedStoreIds of [ids(C), '']) {
      expect(await json('totalToday', { selectedStoreIds })).toEqual({ totalIn: 0, totalInside: 0 });
      expect(await json('totalTodayData', { selectedStoreIds })).toEqual([]);
      expect(await json('totalInYear', { selectedStoreIds })).toEqual({ value: 0 });
      expect(await json('selfcheckToday', { selectedStoreIds, type: 'CHECKOUT' })).toEqual([]);
      expect(await json('alarmsWeekData', { selectedStoreIds, weekStartDay: 1, date: '2024-03-06' })).toEqual([]);
    }
  });

  it('counts every library for an admin, who holds them all', async () => {
    // C: 1000 in today, inside 1000 (Madrid, reset 00:00).
    expect(await json('totalToday', { selectedStoreIds: ids(A, B, C) }, 'admin')).toEqual({ totalIn: 1034, totalInside: 1014 });
    expect(await json('totalSelfcheckOperations', { selectedStoreIds: ids(A, B, C) }, 'admin')).toMatchObject({ totalCheckoutsToday: 9 });
  });

  it('needs the manager permission and a session', async () => {
    expect((await get('totalToday', { selectedStoreIds: ids(A) }, 'viewer')).statusCode).toBe(403);
    const anonymous = await t.call('GET', `/api/dashboard/totalToday?selectedStoreIds=${A}`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('input validation', () => {
  it.each([
    ['totalToday', {}],
    ['totalToday', { selectedStoreIds: '1,,2' }],
    ['totalToday', { selectedStoreIds: 'a' }],
    ['totalToday', { selectedStoreIds: '1', extra: 'x' }],
    ['currentWeekData', { selectedStoreIds: '1', weekStartDay: 7, date: '2024-03-06' }],
    ['currentWeekData', { selectedStoreIds: '1', weekStartDay: '1.5', date: '2024-03-06' }],
    ['currentWeekData', { selectedStoreIds: '1', weekStartDay: 1, date: '2024-02-30' }],
    ['alarmsWeekData', { selectedStoreIds: '1', weekStartDay: 1, date: '06/03/2024' }],
    ['alarmsWeekData', { selectedStoreIds: '1', date: '2024-03-06' }],
    ['selfcheckToday', { selectedStoreIds: '1', type: 'INFORMATION' }],
    ['selfcheckDistribution', { selectedStoreIds: '1', type: 'RENEW', weekStartDay: 1 }],
  ])('%s rejects %j with 400 VALIDATION_ERROR', async (call, query) => {
    const res = await get(call, query as Record<string, string | number>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('the daily rollup', () => {
  it('follows records as they are changed and deleted', async () => {
    const [sb] = [await sensorOf(B)];
    const { id } = await t.db
      .insertInto('records')
      .values({ store_id: B, sensor_id: sb, date: '2024-03-06 15:00:00', count_in: 100, count_out: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await json('totalToday', { selectedStoreIds: ids(B) })).toEqual({ totalIn: 127, totalInside: 108 });
    await t.db.updateTable('records').set({ date: '2024-03-05 15:00:00' }).where('id', '=', id).execute();
    expect(await json('totalToday', { selectedStoreIds: ids(B) })).toEqual({ totalIn: 27, totalInside: 8 });
    expect(await json('totalInMonth', { selectedStoreIds: ids(B) })).toEqual({ value: 133 });
    await t.db.deleteFrom('records').where('id', '=', id).execute();
    expect(await json('totalInMonth', { selectedStoreIds: ids(B) })).toEqual({ value: 33 });
  });
});
