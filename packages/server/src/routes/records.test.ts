/**
 * POST /api/records/* against a real database (temp SQLite, or PostgreSQL with TEST_DATABASE_URL) holding a
 * hand-computed fixture. Records are stamped with the library's wall clock (5-minute slot starts).
 *
 *   server clock 2024-11-01 10:00 UTC → A (Europe/Madrid) 11:00, B (America/New_York) 06:00
 *   A  2024-03-31 spring forward: 02:00–02:59 never happens (23 hours); 2024-10-27 fall back: 02:00 twice
 *      sensor e (Entrada, capacity = library's 120), sensor k (Sala infantil, capacity 20)
 *      03-30 23:55 e +100                     (the day before)
 *      03-31 01:50 e +4   01:55 e +2 −1   03:00 e +3 −2   03:05 k +5   03:10 e +1   10:05 e +10 −4
 *      10-27 02:00 e +3 and again +4 (both lives of 02:00)   02:10 e −7
 *   B  03-31 02:30 +8 (New York's spring forward was 03-10: that day has all 24 hours at B)
 *   C  not held by the statistics user made from 'manager' (holds A and B)
 */
process.env.TZ = 'UTC';

import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { DayRecordRow, PeriodRecordRow, RecordsSummary } from '@portal/contract';
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

// The first request compiles schemas; the machine is shared and often loaded.
jest.setTimeout(30_000);

let t: TestApp;
let A: number;
let B: number;
let C: number;
let e: number;
let k: number;
let sensorC: number;

const NOW = Date.parse('2024-11-01T10:00:00Z');

async function sensorsOf(storeId: number): Promise<number[]> {
  return (await t.db.selectFrom('sensors').select('id').where('store_id', '=', storeId).orderBy('id').execute()).map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  t.advance((NOW - Date.now()) / 1000);
  [A, B, C] = [await t.storeId('BIB-001'), await t.storeId('BIB-002'), await t.storeId('BIB-003')];
  await t.db.updateTable('stores').set({ timezone: 'Europe/Madrid' }).where('id', '=', A).execute();
  await t.db.updateTable('stores').set({ timezone: 'America/New_York' }).where('id', '=', B).execute();
  // 'manager' (A and B) also gets statistics: the scoping user.
  await t.db
    .updateTable('users')
    .set({ permissions: JSON.stringify(['manager', 'statistics']) })
    .where('user_name', '=', 'manager')
    .execute();
  [e, k] = await sensorsOf(A);
  const [sb] = await sensorsOf(B);
  [sensorC] = await sensorsOf(C);
  const rec = (store_id: number, sensor_id: number, date: string, count_in: number, count_out = 0) => ({ store_id, sensor_id, date, count_in, count_out });
  await t.db
    .insertInto('records')
    .values([
      rec(A, e, '2024-03-30 23:55:00', 100),
      rec(A, e, '2024-03-31 01:50:00', 4),
      rec(A, e, '2024-03-31 01:55:00', 2, 1),
      rec(A, e, '2024-03-31 03:00:00', 3, 2),
      rec(A, k, '2024-03-31 03:05:00', 5),
      rec(A, e, '2024-03-31 03:10:00', 1),
      rec(A, e, '2024-03-31 10:05:00', 10, 4),
      rec(A, e, '2024-10-27 02:00:00', 3),
      rec(A, e, '2024-10-27 02:00:00', 4),
      rec(A, e, '2024-10-27 02:10:00', 0, 7),
      rec(B, sb, '2024-03-31 02:30:00', 8),
      rec(C, sensorC, '2024-03-31 10:00:00', 1000),
    ])
    .execute();
}, 60_000);

afterAll(async () => {
  await t.close();
});

interface Answer<R> {
  intervals: Array<{ data: R[]; summary: RecordsSummary }>;
}

async function post(path: string, body: unknown, user: DemoUser | null = 'supervisor'): Promise<LightMyRequestResponse> {
  return t.call('POST', `/api/records/${path}`, { user, body });
}

async function json<R>(path: string, body: unknown, user: DemoUser = 'supervisor'): Promise<Answer<R>> {
  const res = await post(path, body, user);
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer<R>;
}

const day = (storeIds: number[], date: string, region?: string) => ({
  storeIds,
  startDate: `${date} 00:00:00`,
  endDate: `${date} 23:59:59`,
  ...(region ? { region } : {}),
});
const at = <R extends { date: string }>(rows: R[], date: string) => rows.find((r) => r.date === date);

describe('group-intervals: a day in buckets of 5/15/30/60 minutes', () => {
  it('60 minutes on the spring-forward day: 23 buckets, no 02:00, inside runs on', async () => {
    const {
      intervals: [{ data, summary }],
    } = await json<DayRecordRow>('group-intervals', { intervals: [day([A], '2024-03-31')], intervalRange: 60 });
    expect(data).toHaveLength(23);
    expect(at(data, '2024-03-31 02:00:00')).toBeUndefined();
    expect(data.slice(0, 4)).toEqual([
      { date: '2024-03-31 00:00:00', countIn: 0, countOut: 0, inside: 0 },
      { date: '2024-03-31 01:00:00', countIn: 6, countOut: 1, inside: 5 },
      { date: '2024-03-31 03:00:00', countIn: 9, countOut: 2, inside: 12 },
      { date: '2024-03-31 04:00:00', countIn: 0, countOut: 0, inside: 12 },
    ]);
    expect(at(data, '2024-03-31 10:00:00')).toEqual({ date: '2024-03-31 10:00:00', countIn: 10, countOut: 4, inside: 18 });
    expect(at(data, '2024-03-31 23:00:00')?.inside).toBe(18);
    expect(summary).toEqual({ totalIn: 25, totalOut: 7, maxInside: 18, capacity: 120, sensor: false });
  });

  it('5, 15 and 30 minutes sum the same slots', async () => {
    const rows = async (intervalRange: number) =>
      (await json<DayRecordRow>('group-intervals', { intervals: [day([A], '2024-03-31')], intervalRange })).intervals[0].data;
    const five = await rows(5);
    expect(five).toHaveLength(288 - 12);
    expect(at(five, '2024-03-31 01:55:00')).toEqual({ date: '2024-03-31 01:55:00', countIn: 2, countOut: 1, inside: 5 });
    expect(at(five, '2024-03-31 03:05:00')).toEqual({ date: '2024-03-31 03:05:00', countIn: 5, countOut: 0, inside: 11 });
    const fifteen = await rows(15);
    expect(fifteen).toHaveLength(96 - 4);
    expect(at(fifteen, '2024-03-31 01:45:00')).toEqual({ date: '2024-03-31 01:45:00', countIn: 6, countOut: 1, inside: 5 });
    expect(at(fifteen, '2024-03-31 03:00:00')).toEqual({ date: '2024-03-31 03:00:00', countIn: 9, countOut: 2, inside: 12 });
    const thirty = await rows(30);
    expect(thirty).toHaveLength(48 - 2);
    expect(at(thirty, '2024-03-31 01:30:00')).toEqual({ date: '2024-03-31 01:30:00', countIn: 6, countOut: 1, inside: 5 });
    expect(at(thirty, '2024-03-31 10:00:00')).toEqual({ date: '2024-03-31 10:00:00', countIn: 10, countOut: 4, inside: 18 });
  });

  it('the same wall-clock day has all its hours at a library in another time zone', async () => {
    const {
      intervals: [{ data }],
    } = await json<DayRecordRow>('group-intervals', { intervals: [day([B], '2024-03-31')], intervalRange: 60 });
    expect(data).toHaveLength(24);
    expect(at(data, '2024-03-31 02:00:00')).toEqual({ date: '2024-03-31 02:00:00', countIn: 8, countOut: 0, inside: 8 });
  });

  it('fall back: both lives of 02:00 land in one bucket', async () => {
    const [sixty, five] = await Promise.all(
      [60, 5].map(async (intervalRange) => (await json<DayRecordRow>('group-intervals', { intervals: [day([A], '2024-10-27')], intervalRange })).intervals[0]),
    );
    expect(sixty.data).toHaveLength(24);
    expect(at(sixty.data, '2024-10-27 02:00:00')).toEqual({ date: '2024-10-27 02:00:00', countIn: 7, countOut: 7, inside: 0 });
    expect(at(five.data, '2024-10-27 02:00:00')?.inside).toBe(7);
    expect(five.summary.maxInside).toBe(7);
  });

  it('resetTime puts inside back to 0 when passed', async () => {
    const {
      intervals: [{ data, summary }],
    } = await json<DayRecordRow>('group-intervals', { intervals: [day([A], '2024-03-31')], intervalRange: 60, resetTime: '03:00' });
    expect(at(data, '2024-03-31 03:00:00')?.inside).toBe(7);
    expect(at(data, '2024-03-31 10:00:00')?.inside).toBe(13);
    expect(summary.maxInside).toBe(13);
  });

  it('a sensor region counts that sensor only, with its capacity', async () => {
    const {
      intervals: [{ data, summary }],
    } = await json<DayRecordRow>('group-intervals', { intervals: [day([A], '2024-03-31', `sensor:${k}`)], intervalRange: 60 });
    expect(at(data, '2024-03-31 03:00:00')).toEqual({ date: '2024-03-31 03:00:00', countIn: 5, countOut: 0, inside: 5 });
    expect(summary).toEqual({ totalIn: 5, totalOut: 0, maxInside: 5, capacity: 20, sensor: true });
  });

  it("today stops at each library's now; several intervals answer in order", async () => {
    const { intervals } = await json<DayRecordRow>('group-intervals', {
      intervals: [day([A], '2024-11-01'), day([B], '2024-11-01'), day([A, B], '2024-03-31')],
      intervalRange: 60,
    });
    expect(intervals.map((i) => i.data.length)).toEqual([12, 7, 24]);
    expect(intervals[0].data.at(-1)?.date).toBe('2024-11-01 11:00:00');
    expect(intervals[1].data.at(-1)?.date).toBe('2024-11-01 06:00:00');
    expect(intervals[2].summary).toEqual({ totalIn: 33, totalOut: 7, maxInside: 26, capacity: 200, sensor: false });
  });
});

describe('group-days and group-months', () => {
  const week = () => ({ storeIds: [A], startDate: '2024-03-25 00:00:00', endDate: '2024-03-31 23:59:59' });

  it('a week by day: totals, highest and average inside, average stay', async () => {
    const {
      intervals: [{ data, summary }],
    } = await json<PeriodRecordRow>('group-days', { intervals: [week()] });
    expect(data.map((r) => r.date)).toEqual(['2024-03-25', '2024-03-26', '2024-03-27', '2024-03-28', '2024-03-29', '2024-03-30', '2024-03-31']);
    expect(data[0]).toEqual({ date: '2024-03-25', total_in: 0, total_out: 0, max_inside: 0, avg_inside: 0, avg_time_person: 0 });
    // 100 inside for the last of 288 slots: avg 100/288, stay 100/288 × 1440 / 100 = 5 minutes.
    expect(data[5]).toEqual({ date: '2024-03-30', total_in: 100, total_out: 0, max_inside: 100, avg_inside: 0.35, avg_time_person: 5 });
    // Inside per slot: 4 ×1, 5 ×13, 6, 11, 12 ×83, 18 ×167 = 4088 → 14.19; stay 4088 × 5 / 25 = 817.6.
    expect(data[6]).toEqual({ date: '2024-03-31', total_in: 25, total_out: 7, max_inside: 18, avg_inside: 14.19, avg_time_person: 817.6 });
    expect(summary).toEqual({ totalIn: 125, totalOut: 7, maxInside: 100, capacity: 120, sensor: false });
  });

  it('intervalTimes count only those times of day', async () => {
    const {
      intervals: [{ data }],
    } = await json<PeriodRecordRow>('group-days', { intervals: [week()], intervalTimes: ['03:00', '10:00'] });
    expect(data[5]).toMatchObject({ total_in: 0, max_inside: 0 });
    // 85 slots 03:00..10:00: inside 1, 6, then 7 ×83 = 588 → 6.92; stay 588 × 5 / 9 = 326.67.
    expect(data[6]).toEqual({ date: '2024-03-31', total_in: 9, total_out: 2, max_inside: 7, avg_inside: 6.92, avg_time_person: 326.67 });
  });

  it("a year by month, up to the library's today", async () => {
    const {
      intervals: [{ data, summary }],
    } = await json<PeriodRecordRow>('group-months', {
      intervals: [{ storeIds: [A], startDate: '2024-01-01 00:00:00', endDate: '2024-12-31 23:59:59' }],
    });
    expect(data.map((r) => r.date)).toEqual([
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
    ]);
    // March: (100 + 4088) / 288 inside-days over 31 days = 0.47; stay 4188 × 5 / 125 = 167.52.
    expect(data[2]).toEqual({ date: '2024-03', total_in: 125, total_out: 7, max_inside: 100, avg_inside: 0.47, avg_time_person: 167.52 });
    expect(data[9]).toMatchObject({ date: '2024-10', total_in: 7, total_out: 7, max_inside: 7 });
    expect(data[0]).toEqual({ date: '2024-01', total_in: 0, total_out: 0, max_inside: 0, avg_inside: 0, avg_time_person: 0 });
    expect(summary).toMatchObject({ totalIn: 132, totalOut: 14, maxInside: 100 });
  });
});

describe('permission, scoping and hostile input', () => {
  const body = () => ({ intervals: [day([A], '2024-03-31')], intervalRange: 60 });

  it('needs a token and the statistics permission', async () => {
    expect((await post('group-intervals', body(), null)).statusCode).toBe(401);
    expect((await post('group-days', body(), 'librarian')).statusCode).toBe(403);
  });

  it("another library's ids or sensor: 403", async () => {
    expect((await json('group-intervals', body(), 'manager')).intervals[0].summary.totalIn).toBe(25);
    for (const interval of [day([C], '2024-03-31'), day([A, C], '2024-03-31'), day([A], '2024-03-31', `sensor:${sensorC}`), day([999_999], '2024-03-31')]) {
      const res = await post('group-intervals', { intervals: [day([A], '2024-03-31'), interval], intervalRange: 60 }, 'manager');
      expect(res.statusCode).toBe(403);
    }
  });

  it('bad bodies: 400 fast', async () => {
    const bad = [
      { intervals: [] },
      { intervals: Array.from({ length: 31 }, () => day([A], '2024-03-31')) },
      { intervals: [day([A], '2024-03-31')], intervalRange: 7 },
      { intervals: [{ ...day([A], '2024-03-31'), startDate: '2024-03-31' }] },
      { intervals: [{ ...day([A], '2024-03-31'), endDate: '2024-03-30 00:00:00' }] },
      { intervals: [{ storeIds: [A], startDate: '2020-01-01 00:00:00', endDate: '2024-01-01 00:00:00' }] },
      { intervals: [day([A], '2024-03-31')], intervalTimes: ['10:00', '03:00'] },
      { intervals: [day([A], '2024-03-31')], resetTime: '25:00' },
      { intervals: [{ ...day([A], '2024-03-31'), storeIds: ['1 or 1=1'] }] },
    ];
    for (const b of bad) {
      const res = await post('group-days', b);
      expect([b, res.statusCode]).toEqual([b, 400]);
    }
  });
});

describe('export: a styled workbook, a sheet per interval', () => {
  const body = () => ({
    fileName: 'visitas',
    intervalType: 'day',
    exportMode: 'complete',
    intervalRange: 60,
    intervals: [day([A], '2024-03-31'), day([B], '2024-03-31')],
    sheetNames: ['Sant Antoni', 'Rahola: [B]'],
    titles: { date: 'Date', countIn: 'In', countOut: 'Out', inside: 'Inside' },
  });
  const read = async (res: LightMyRequestResponse) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  };

  it('complete: every row, header styled, named after fileName', async () => {
    const res = await post('export', body());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('visitas.xlsx');
    const book = await read(res);
    expect(book.worksheets.map((s) => s.name)).toEqual(['1 Sant Antoni 2024-03-31', '2 Rahola   B 2024-03-31']);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'In', 'Out', 'Inside']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(1 + 23);
    expect(sheet.getRow(4).values).toEqual([undefined, '2024-03-31 03:00:00', 9, 2, 12]);
    expect(book.worksheets[1].rowCount).toBe(1 + 24);
  });

  it('zoom: the zoomed rows only; zoom mode without zoom is 400; foreign library 403', async () => {
    const zoomed = await read(await post('export', { ...body(), exportMode: 'zoom', zoom: [2, 3] }));
    expect(
      zoomed.worksheets[0]
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[])[1]),
    ).toEqual(['Date', '2024-03-31 03:00:00', '2024-03-31 04:00:00']);
    expect((await post('export', { ...body(), exportMode: 'zoom' })).statusCode).toBe(400);
    expect((await post('export', { ...body(), intervalType: 'hour' })).statusCode).toBe(400);
    expect((await post('export', { ...body(), intervals: [day([C], '2024-03-31')] }, 'manager')).statusCode).toBe(403);
    expect((await post('export', body(), 'librarian')).statusCode).toBe(403);
    expect((await post('export', body(), null)).statusCode).toBe(401);
  });

  it('keeps the period at the end of every sheet name and cuts the region instead (31 characters)', async () => {
    const sheetNames = (intervalType: string, intervals: unknown[], names: string[]) =>
      post('export', {
        ...body(),
        intervalType,
        intervals,
        sheetNames: names,
        ...(intervalType === 'day' ? {} : { intervalRange: undefined, intervalTimes: ['00:00', '23:59'] }),
      }).then(async (res) => {
        expect(res.statusCode).toBe(200);
        return (await read(res)).worksheets.map((s) => s.name);
      });
    const rahola = 'Biblioteca Carles Rahola · Entrada principal';
    expect(await sheetNames('day', [day([A], '2024-03-31'), day([B], '2024-03-30')], [rahola, 'Biblioteca Carles Rahola'])).toEqual([
      '1 Biblioteca Carles… 2024-03-31',
      '2 Biblioteca Carles… 2024-03-30',
    ]);
    const span = (from: string, to: string) => ({ storeIds: [A], startDate: `${from} 00:00:00`, endDate: `${to} 23:59:59` });
    expect(await sheetNames('week', [span('2024-03-25', '2024-03-31')], [rahola])).toEqual(['1 Biblioteca Carles… 2024-03-25']);
    expect(await sheetNames('month', [span('2024-03-01', '2024-03-31')], [rahola])).toEqual(['1 Biblioteca Carles Ra… 2024-03']);
    expect(await sheetNames('year', [span('2024-01-01', '2024-12-31')], ['Sant Antoni'])).toEqual(['1 Sant Antoni 2024']);
    // Without titles: the number and the period.
    expect(await sheetNames('day', [day([A], '2024-03-31'), day([A], '2024-03-30')], [])).toEqual(['1 2024-03-31', '2 2024-03-30']);
  });

  it('makes a sheet name Excel accepts of any title; a text no workbook can hold is 400', async () => {
    const names = async (sheetNames: string[]) => {
      const intervals = sheetNames.map(() => day([A], '2024-03-31'));
      const res = await post('export', { ...body(), intervals, sheetNames });
      expect(res.statusCode).toBe(200);
      return (await read(res)).worksheets.map((s) => s.name);
    };
    expect(await names(["'hist'", "'s-Hertogenbosch", "x'", "''''", 'History', ' ', ''])).toEqual([
      "1 'hist' 2024-03-31",
      "2 's-Hertogenbosch 2024-03-31",
      "3 x' 2024-03-31",
      "4 '''' 2024-03-31",
      '5 History 2024-03-31',
      '6 2024-03-31',
      '7 2024-03-31',
    ]);
    const long = await names(['Biblioteca Pública Municipal Sant Antoni – Joan Oliver', `${'a'.repeat(15)}😀😀`, 'a/b\\c?d*e:f[g]h', `ab${"'".repeat(40)}`]);
    expect(long).toEqual([
      '1 Biblioteca Públic… 2024-03-31',
      `2 ${'a'.repeat(15)}😀… 2024-03-31`,
      '3 a b c d e f g h 2024-03-31',
      `4 ab${"'".repeat(15)}… 2024-03-31`,
    ]);
    for (const name of long) expect(name.length).toBeLessThanOrEqual(31);
    // Hostile: control characters and lone surrogates, in a sheet name or a column title.
    for (const bad of [
      { sheetNames: ['a\u0001b'] },
      { sheetNames: ['ok', 'tab\there'] },
      { sheetNames: ['\ud800x'] },
      { sheetNames: ['x\udc00'] },
      { titles: { date: 'D\u001fate' } },
      { titles: { 'k\u0007': 'x' } },
    ]) {
      const res = await post('export', { ...body(), ...bad });
      expect([bad, res.statusCode, res.json().code]).toEqual([bad, 400, 'VALIDATION_ERROR']);
    }
    expect((await post('export', { ...body(), sheetNames: ["'hist'"] }, null)).statusCode).toBe(401);
  });
});
