/**
 * /api/alarms on a real database: default order and the activated filter the screen applies, the header
 * counts, export through the list engine, delete only, scoping to the user's libraries (manager + alarms
 * holds BIB-001 and BIB-002) and the permission.
 */
import ExcelJS from 'exceljs';
import type { AlarmType } from '../db/schema';
import { createTestApp, listQuery, type DemoUser, type TestApp } from '../testing/testApp';

// The first request compiles schemas; the machine is shared and often loaded.
jest.setTimeout(30_000);

let t: TestApp;
let stores: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  stores = await t.storeIds(['BIB-001', 'BIB-002', 'BIB-003']);
  const alarm = (store: string, day: number, activated: boolean, type: AlarmType = 'EAS', status = '03') => ({
    store_id: stores[store],
    sensor_id: null,
    sensor_name: `Puerta ${day}`,
    date: `2026-11-${String(day).padStart(2, '0')} 10:00:00`,
    type,
    antenna: '1',
    uid: `E004${day}`,
    barcode: `BC${day}`,
    title_identifier: `Título ${day}`,
    circulation_status: status,
    alarm_activated: activated ? (1 as const) : (0 as const),
  });
  await t.db
    .insertInto('alarms')
    .values([
      alarm('BIB-001', 1, true),
      alarm('BIB-002', 5, true, 'AFI_1', '99'),
      alarm('BIB-001', 3, false),
      alarm('BIB-003', 9, true),
      alarm('BIB-001', 7, true),
      alarm('BIB-003', 8, false),
    ])
    .execute();
  await t.db
    .updateTable('users')
    .set({ permissions: JSON.stringify(['manager', 'alarms']) })
    .where('user_name', '=', 'manager')
    .execute();
});
afterAll(() => t.close());

const q = listQuery;
const list = async (user: DemoUser, query = '') => t.call('GET', `/api/alarms${query}`, { user });
const days = (body: { items: { date: string }[] }) => body.items.map((i) => i.date.slice(8, 10));
const activated = { searchTexts: { alarmActivated: 'true' } };

describe('alarms list', () => {
  it('lists your libraries, date newest first by default; the activated filter', async () => {
    const all = (await list('manager')).json();
    expect(all.total).toBe(4);
    expect(days(all)).toEqual(['07', '05', '03', '01']);
    expect(all.items[1]).toEqual({
      tid: expect.any(Number),
      storeId: stores['BIB-002'],
      store: { name: 'Biblioteca Carles Rahola' },
      sensorName: 'Puerta 5',
      date: '2026-11-05 10:00:00',
      type: 'AFI_1',
      antenna: '1',
      uid: 'E0045',
      barcode: 'BC5',
      titleIdentifier: 'Título 5',
      circulationStatus: '99',
      alarmActivated: true,
    });
    expect(days((await list('manager', q(activated))).json())).toEqual(['07', '05', '01']);
    expect(days((await list('admin', q(activated))).json())).toEqual(['09', '07', '05', '01']);
    expect(days((await list('manager', q({ order: 'date,asc' }))).json())).toEqual(['01', '03', '05', '07']);
  });

  it('numAlarms: records, activated, deactivated, under the other search terms', async () => {
    const num = async (user: DemoUser, query = '') => (await t.call('GET', `/api/alarms/numAlarms${query}`, { user })).json();
    expect(await num('manager')).toEqual({ numAlarms: 4, numAlarmsActivated: 3, numAlarmsDeactivated: 1 });
    expect(await num('manager', q(activated))).toEqual({ numAlarms: 4, numAlarmsActivated: 3, numAlarmsDeactivated: 1 });
    expect(await num('admin')).toEqual({ numAlarms: 6, numAlarmsActivated: 4, numAlarmsDeactivated: 2 });
    expect(await num('manager', q({ searchTexts: { 'store.name': 'rahola' } }))).toEqual({ numAlarms: 1, numAlarmsActivated: 1, numAlarmsDeactivated: 0 });
  });

  it('exports the list (xlsx read back), newest first, your libraries only', async () => {
    const res = await t.call('POST', '/api/alarms/export', {
      user: 'manager',
      body: {
        format: { fileType: 'xlsx', firstRowHeader: true },
        columns: [
          { id: 'date', title: 'Date' },
          { id: 'store.name', title: 'Library' },
        ],
        searchTexts: activated.searchTexts,
      },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1).map(String));
    expect(rows[0]).toEqual(['Date', 'Library']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Biblioteca Sant Antoni', 'Biblioteca Carles Rahola', 'Biblioteca Sant Antoni']);
  });
});

describe('export with the screen filter', () => {
  it('?alarmActivated=false exports the deactivated ones unless the body searches that column', async () => {
    const dates = async (url: string, searchTexts?: Record<string, string>) => {
      const res = await t.call('POST', url, {
        user: 'manager',
        body: { format: { fileType: 'csv', firstRowHeader: false }, columns: [{ id: 'date', title: 'Date' }], ...(searchTexts ? { searchTexts } : {}) },
      });
      expect(res.statusCode).toBe(200);
      return res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r\n/)
        .map((line) => line.slice(8, 10));
    };
    expect(await dates('/api/alarms/export?alarmActivated=false')).toEqual(['03']);
    expect(await dates('/api/alarms/export?alarmActivated=true')).toEqual(['07', '05', '01']);
    expect(await dates('/api/alarms/export?alarmActivated=true', { alarmActivated: 'false' })).toEqual(['03']);
    expect(await dates('/api/alarms/export')).toEqual(['07', '05', '03', '01']);
    expect((await t.call('POST', '/api/alarms/export?alarmActivated=maybe', { user: 'manager', body: {} })).statusCode).toBe(400);
  });
});

describe('delete, scoping and permission', () => {
  const idOf = async (day: number) =>
    (
      await t.db
        .selectFrom('alarms')
        .select('id')
        .where('date', '=', `2026-11-${String(day).padStart(2, '0')} 10:00:00`)
        .executeTakeFirstOrThrow()
    ).id;
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('alarms')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("another library's alarm (alone or with yours): 403, nothing deleted", async () => {
    const before = await count();
    for (const ids of [`${await idOf(9)}`, `${await idOf(1)},${await idOf(9)}`, '999999']) {
      expect((await t.call('DELETE', `/api/alarms/${ids}`, { user: 'manager' })).statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('deletes yours', async () => {
    const id = await idOf(3);
    const res = await t.call('DELETE', `/api/alarms/${id}`, { user: 'manager' });
    expect([res.statusCode, res.json()]).toEqual([200, { ids: [id] }]);
    expect((await t.call('GET', '/api/alarms/numAlarms', { user: 'manager' })).json()).toEqual({
      numAlarms: 3,
      numAlarmsActivated: 3,
      numAlarmsDeactivated: 0,
    });
  });

  it('needs a token and the alarms permission', async () => {
    expect((await t.call('GET', '/api/alarms', { user: null })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/alarms'],
      ['GET', '/api/alarms/numAlarms'],
      ['DELETE', `/api/alarms/${await idOf(1)}`],
    ] as const) {
      expect((await t.call(method, url, { user: 'librarian' })).statusCode).toBe(403);
    }
    expect((await t.call('POST', '/api/alarms/export', { user: 'librarian', body: {} })).statusCode).toBe(403);
    expect(await idOf(1)).toBeGreaterThan(0);
  });

  it('hostile input: 400', async () => {
    for (const url of ['/api/alarms/1;drop', '/api/alarms/0', '/api/alarms/1,,2']) {
      expect((await t.call('DELETE', url, { user: 'manager' })).statusCode).toBe(400);
    }
    expect((await list('manager', q({ order: 'nope,asc' }))).statusCode).toBe(400);
    expect((await list('manager', q({ searchTexts: { barcode: '/(a+)+$/' } }))).statusCode).toBeLessThan(500);
    expect((await list('manager', '?offset=-1')).statusCode).toBe(400);
  });
});
