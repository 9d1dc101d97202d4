/**
 * Device intake on a real database: every refused-row code, idempotency (records, alarms, SIP upsert), item
 * events written with alarms and SIP operations, the dashboard's "inside" moving with a new reading, key
 * scoping (another library's sensor, a revoked key, a staff token, a device key on a staff route), the limits
 * (rows per batch, body size, requests per key) and a flood that leaves staff calls served.
 */
import { sql } from 'kysely';
import { MAX_INTAKE_ROWS } from '@portal/contract';
import { localDateTime } from '../dashboard/clock';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let stores: Record<string, number>;
let sensor: number;
let retired: number;
let otherSensor: number;
let key: string;
let otherKey: string;
/** The server clock stands still, so the per-key rate is decided by request counts alone. */
const frozen = new Date();

beforeAll(async () => {
  t = await createTestApp({ now: () => frozen, deviceRate: { perSecond: 1, burst: 1000 } });
  stores = await t.storeIds(['BIB-001', 'BIB-003']);
  const add = async (store: string, name: string) =>
    (await t.call('POST', `/api/stores/${stores[store]}/sensors`, { user: 'admin', body: { name, capacity: null } })).json().id as number;
  sensor = await add('BIB-001', 'Intake gate');
  retired = await add('BIB-001', 'Old gate');
  await t.call('PUT', `/api/stores/${stores['BIB-001']}/sensors/${retired}`, { user: 'admin', body: { retired: true } });
  otherSensor = await add('BIB-003', 'Their gate');
  key = (await t.call('POST', `/api/stores/${stores['BIB-001']}/deviceKeys`, { user: 'admin', body: { name: 'Gate A' } })).json().key;
  otherKey = (await t.call('POST', `/api/stores/${stores['BIB-003']}/deviceKeys`, { user: 'admin', body: { name: 'Theirs' } })).json().key;
});
afterAll(() => t.close());

const send = (path: string, body: unknown, deviceKey: string | null = key, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/devices/${path}`,
    payload: body as object,
    headers: { ...(deviceKey !== null ? { 'x-device-key': deviceKey } : {}), ...headers },
  });

const reading = (date: string, countIn = 2, countOut = 1, sensorId = sensor) => ({ sensorId, date, countIn, countOut });
const alarm = (date: string, extra: Record<string, unknown> = {}) => ({
  sensorId: sensor,
  date,
  type: 'AFI_1',
  antenna: '2',
  uid: `UID-${date}`,
  barcode: 'BC-77',
  titleIdentifier: 'A title',
  circulationStatus: '04',
  alarmActivated: true,
  ...extra,
});
const operation = (operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  origin: 'Self-check 2',
  type: 'CHECKOUT',
  offline: true,
  patronIdentifier: 'P-SECRET-123',
  itemIdentifier: 'BC-88',
  titleIdentifier: 'Another title',
  transactionDate: '2026-02-03 11:00:00',
  dueDate: '2026-02-24 23:59:59',
  executionDate: null,
  status: 'PENDING',
  error: '',
  ...extra,
});
const codes = (body: { rejected: { index: number; code: string }[] }) => body.rejected.map((r) => [r.index, r.code]);

describe('records', () => {
  it('keeps good rows, reports every bad one with index, code and message', async () => {
    const res = await send('records', {
      records: [
        reading('2026-02-01 10:00:00'),
        reading('2026-02-01 10:05:00', 1, 1, otherSensor),
        reading('2026-02-01 10:10:00', 1, 1, retired),
        reading('2026-02-01 10:15:00', 1, 1, 99_999_999),
        reading('2026-02-30 10:00:00'),
        reading('2026-02-01 25:00:00'),
        { sensorId: sensor, date: '2026-02-01 10:20:00', countIn: -1, countOut: 0 },
        { sensorId: sensor, date: '2026-02-01 10:25:00', countIn: 1.5, countOut: 0 },
        { sensorId: sensor, date: '2026-02-01 10:30:00', countIn: '3', countOut: 0 },
        { sensorId: sensor, date: '2026-02-01 10:35:00', countIn: 1 },
        { sensorId: sensor, countIn: 1, countOut: 1 },
        'not a row',
        null,
        reading('2026-02-01 10:40:00'),
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.duplicates).toBe(0);
    expect(codes(body)).toEqual([
      [1, 'UNKNOWN_SENSOR'],
      [2, 'UNKNOWN_SENSOR'],
      [3, 'UNKNOWN_SENSOR'],
      [4, 'INVALID_DATE'],
      [5, 'INVALID_DATE'],
      [6, 'INVALID_COUNT'],
      [7, 'INVALID_COUNT'],
      [8, 'INVALID_COUNT'],
      [9, 'MISSING_FIELD'],
      [10, 'MISSING_FIELD'],
      [11, 'INVALID_ROW'],
      [12, 'INVALID_ROW'],
    ]);
    expect(body.rejected[0].message).toMatch(/sensorId/);
    const stored = await t.db.selectFrom('records').select(['date', 'count_in']).where('sensor_id', '=', sensor).orderBy('date').execute();
    expect(stored).toEqual([
      { date: '2026-02-01 10:00:00', count_in: 2 },
      { date: '2026-02-01 10:40:00', count_in: 2 },
    ]);
  });

  it('is idempotent per sensor and date: a resent batch stores nothing twice', async () => {
    const batch = { records: [reading('2026-02-02 09:00:00', 5, 0), reading('2026-02-02 09:05:00', 0, 2), reading('2026-02-02 09:00:00', 5, 0)] };
    expect((await send('records', batch)).json()).toEqual({ accepted: 2, duplicates: 1, rejected: [] });
    expect((await send('records', batch)).json()).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    const { rows } = await sql<{ count_in: number; count_out: number }>`select count_in, count_out from record_daily_totals
      where store_id = ${stores['BIB-001']} and day = '2026-02-02'`.execute(t.db);
    expect(rows.map((r) => [Number(r.count_in), Number(r.count_out)])).toEqual([[5, 2]]);
  });

  it('moves the dashboard\'s "inside" at once, and counts the key\'s rows of today', async () => {
    const now = localDateTime(frozen, 'Europe/Madrid');
    const totals = async () => (await t.call('GET', `/api/dashboard/totalToday?selectedStoreIds=${stores['BIB-001']}`, { user: 'admin' })).json();
    const before = await totals();
    expect((await send('records', { records: [reading(now, 9, 2)] })).json().accepted).toBe(1);
    const after = await totals();
    expect(after.totalIn - before.totalIn).toBe(9);
    expect(after.totalInside - before.totalInside).toBe(7);
    const listed = (await t.call('GET', `/api/stores/${stores['BIB-001']}/deviceKeys`, { user: 'admin' })).json();
    const gate = listed.find((k: { name: string }) => k.name === 'Gate A');
    expect(gate.today.records).toBe(5);
    expect(gate.lastUsedAt).toBe(frozen.toISOString());
  });
});

describe('alarms', () => {
  it('validates types, texts and flags; idempotent per sensor, date and uid; writes the item event', async () => {
    const res = await send('alarms', {
      alarms: [
        alarm('2026-02-05 12:00:00'),
        alarm('2026-02-05 12:01:00', { type: 'BEEP' }),
        alarm('2026-02-05 12:02:00', { uid: 'x'.repeat(256) }),
        alarm('2026-02-05 12:03:00', { alarmActivated: 'yes' }),
        alarm('2026-02-05 12:04:00', { antenna: undefined }),
        alarm('2026-02-05 12:05:00', { barcode: null, titleIdentifier: undefined, circulationStatus: undefined }),
        alarm('2026-02-05 12:06:00', { sensorId: otherSensor }),
      ],
    });
    expect(codes(res.json())).toEqual([
      [1, 'INVALID_TYPE'],
      [2, 'FIELD_TOO_LONG'],
      [3, 'INVALID_FIELD'],
      [4, 'MISSING_FIELD'],
      [6, 'UNKNOWN_SENSOR'],
    ]);
    expect(res.json().accepted).toBe(2);
    expect((await send('alarms', { alarms: [alarm('2026-02-05 12:00:00')] })).json()).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    const stored = await t.db.selectFrom('alarms').select(['id', 'sensor_name', 'barcode']).where('sensor_id', '=', sensor).orderBy('date').execute();
    expect(stored.map((a) => [a.sensor_name, a.barcode])).toEqual([
      ['Intake gate', 'BC-77'],
      ['Intake gate', ''],
    ]);
    const events = await t.db.selectFrom('item_events').selectAll().where('type', '=', 'ALARM').where('code', '=', 'BC-77').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ store_id: stores['BIB-001'], object_id: 'UID-2026-02-05 12:00:00', date: '2026-02-05 12:00:00' });
    expect(JSON.parse(events[0].details)).toEqual({
      alarmId: stored[0].id,
      alarmType: 'AFI_1',
      sensorName: 'Intake gate',
      alarmActivated: true,
      title: 'A title',
    });
    const search = await t.call('GET', `/api/itemEvents?searchTexts=${encodeURIComponent(JSON.stringify({ code: 'BC-77' }))}`, { user: 'admin' });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBeGreaterThanOrEqual(1);
  });
});

describe('SIP operations', () => {
  it('upserts by key and operationId: PENDING then SUCCESS is one row whose status moves', async () => {
    expect((await send('sipOperations', { operations: [operation('OP-1')] })).json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect((await send('sipOperations', { operations: [operation('OP-1')] })).json()).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    const done = operation('OP-1', { status: 'SUCCESS', executionDate: '2026-02-03 12:30:00' });
    expect((await send('sipOperations', { operations: [done] })).json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const rows = await t.db.selectFrom('sip_operations').selectAll().where('operation_id', '=', 'OP-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SUCCESS', execution_date: '2026-02-03 12:30:00', patron_identifier: 'P-SECRET-123', store_id: stores['BIB-001'] });
    const events = await t.db.selectFrom('item_events').selectAll().where('type', '=', 'SIP_OPERATION').where('code', '=', 'BC-88').execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].details)).toEqual({
      sipOperationId: rows[0].id,
      sipType: 'CHECKOUT',
      status: 'SUCCESS',
      origin: 'Self-check 2',
      title: 'Another title',
    });
    // The same operationId from another library's key is that key's own operation.
    expect((await send('sipOperations', { operations: [operation('OP-1')] }, otherKey)).json().accepted).toBe(1);
  });

  it('reports bad rows; within a batch the last row of an operationId wins', async () => {
    const res = await send('sipOperations', {
      operations: [
        operation('OP-2'),
        operation('OP-3', { type: 'LEND' }),
        operation('OP-4', { status: 'DONE' }),
        operation(''),
        operation('OP-5', { transactionDate: '2026-13-01 00:00:00' }),
        operation('OP-6', { error: 'e'.repeat(2001) }),
        operation('OP-7', { offline: 1 }),
        operation('OP-8', { itemIdentifier: undefined }),
        operation('OP-2', { status: 'ERROR' }),
        operation('OP-9', { itemIdentifier: '' }),
      ],
    });
    expect(codes(res.json())).toEqual([
      [1, 'INVALID_TYPE'],
      [2, 'INVALID_STATUS'],
      [3, 'MISSING_FIELD'],
      [4, 'INVALID_DATE'],
      [5, 'FIELD_TOO_LONG'],
      [6, 'INVALID_FIELD'],
      [7, 'MISSING_FIELD'],
    ]);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 1 });
    expect((await t.db.selectFrom('sip_operations').select('status').where('operation_id', '=', 'OP-2').executeTakeFirstOrThrow()).status).toBe('ERROR');
    // No item identifier: no item event.
    const op9 = await t.db.selectFrom('sip_operations').select('id').where('operation_id', '=', 'OP-9').executeTakeFirstOrThrow();
    const events = await t.db.selectFrom('item_events').select('details').where('type', '=', 'SIP_OPERATION').execute();
    expect(events.filter((e) => JSON.parse(e.details).sipOperationId === op9.id)).toEqual([]);
  });
});

describe('keys and tokens', () => {
  it('no key, an unknown key, a revoked key: 401', async () => {
    const none = await send('records', { records: [] }, null);
    expect([none.statusCode, none.json().code]).toEqual([401, 'DEVICE_KEY_MISSING']);
    const unknown = await send('records', { records: [] }, 'pdk_unknown');
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'DEVICE_KEY_INVALID']);
    const created = (await t.call('POST', `/api/stores/${stores['BIB-001']}/deviceKeys`, { user: 'admin', body: { name: 'Soon gone' } })).json();
    expect((await send('records', { records: [] }, created.key)).statusCode).toBe(200);
    await t.call('DELETE', `/api/stores/${stores['BIB-001']}/deviceKeys/${created.id}`, { user: 'admin' });
    const revoked = await send('records', { records: [reading('2026-02-09 10:00:00')] }, created.key);
    expect([revoked.statusCode, revoked.json().code]).toEqual([401, 'DEVICE_KEY_INVALID']);
    expect(await t.db.selectFrom('records').select('id').where('date', '=', '2026-02-09 10:00:00').execute()).toEqual([]);
  });

  it('a staff token never opens intake; a device key never opens a staff route', async () => {
    const token = await t.token('admin');
    const asToken = await send('records', { records: [] }, null, { 'x-access-token': token });
    expect([asToken.statusCode, asToken.json().code]).toEqual([401, 'DEVICE_KEY_MISSING']);
    const tokenAsKey = await send('records', { records: [] }, token);
    expect([tokenAsKey.statusCode, tokenAsKey.json().code]).toEqual([401, 'DEVICE_KEY_INVALID']);
    for (const url of ['/api/stores', `/api/stores/${stores['BIB-001']}/sensors`, '/api/alarms']) {
      const withKeyHeader = await t.app.inject({ method: 'GET', url, headers: { 'x-device-key': key } });
      expect([url, withKeyHeader.statusCode]).toEqual([url, 401]);
      const keyAsToken = await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': key } });
      expect([url, keyAsToken.statusCode]).toEqual([url, 401]);
    }
  });
});

describe('limits and hostile input', () => {
  it(`a batch over ${MAX_INTAKE_ROWS} rows is refused whole with 413 BATCH_TOO_LARGE`, async () => {
    const records = Array.from({ length: 11_000 }, (_, i) =>
      reading(
        `2026-03-01 ${String(Math.floor(i / 3600) % 24).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      ),
    );
    const res = await send('records', { records });
    expect([res.statusCode, res.json().code, res.json().details]).toEqual([413, 'BATCH_TOO_LARGE', { maxRows: MAX_INTAKE_ROWS }]);
    expect(await t.db.selectFrom('records').select('id').where('date', 'like', '2026-03-01%').execute()).toEqual([]);
  });

  it('a body over the size limit, not JSON, or without its list: clear 4xx', async () => {
    const huge = await send('alarms', { alarms: [alarm('2026-02-06 10:00:00', { titleIdentifier: 'x'.repeat(9 * 1024 * 1024) })] });
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/devices/records',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      payload: '{records: [',
    });
    expect([notJson.statusCode, notJson.json().code]).toEqual([400, 'INVALID_JSON']);
    for (const body of [{}, { records: 'many' }, { readings: [] }, []]) {
      const res = await send('records', body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const long = await send('alarms', { alarms: [alarm('2026-02-06 10:00:00', { uid: 'u'.repeat(1_000_000) })] });
    expect(codes(long.json())).toEqual([[0, 'FIELD_TOO_LONG']]);
  });

  it('a flood from one key gets 429 with Retry-After while staff calls are still served', async () => {
    const flood = await createTestApp({ now: () => frozen, deviceRate: { perSecond: 1, burst: 5 } });
    try {
      const store = await flood.storeId('BIB-001');
      const floodKey = (await flood.call('POST', `/api/stores/${store}/deviceKeys`, { user: 'admin', body: { name: 'Flood' } })).json().key;
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await flood.app.inject({ method: 'POST', url: '/api/devices/records', headers: { 'x-device-key': floodKey }, payload: { records: [] } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().code).toBe('TOO_MANY_REQUESTS');
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect((await flood.call('GET', '/api/stores', { user: 'admin' })).statusCode).toBe(200);
      // Another key of the same library is not held back by the flooding one.
      const calm = (await flood.call('POST', `/api/stores/${store}/deviceKeys`, { user: 'admin', body: { name: 'Calm' } })).json().key;
      expect(
        (await flood.app.inject({ method: 'POST', url: '/api/devices/records', headers: { 'x-device-key': calm }, payload: { records: [] } })).statusCode,
      ).toBe(200);
    } finally {
      await flood.close();
    }
  });
});
