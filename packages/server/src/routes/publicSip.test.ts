/**
 * GET /api/public/sipOperations/{storeCode}: unauthenticated, today's counts of one library by type and
 * status, never an identifier. Real database (SQLite, or PostgreSQL with TEST_DATABASE_URL); process in UTC,
 * server clock 2024-03-07 23:30 UTC = 2024-03-08 00:30 in Madrid (BIB-001's "today" is already the 8th).
 */
process.env.TZ = 'UTC';

// The machine's two cores are shared with other suites: a first query may wait on them.
jest.setTimeout(30_000);

import { SIP_SUMMARY_STATUSES, SIP_SUMMARY_TYPES } from '@portal/contract';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let A: number;
let B: number;

const NOW = Date.parse('2024-03-07T23:30:00Z');
const SECRETS = ['PATRON-SECRET', 'ITEM-SECRET', 'TITLE-SECRET', 'ERROR-SECRET', 'Kiosk-SECRET'];

type Op = 'CHECKIN' | 'CHECKOUT' | 'RENEW';
type Status = 'SUCCESS' | 'ERROR' | 'PENDING';
const op = (store_id: number, type: Op, status: Status, transaction_date: string) => ({
  store_id,
  origin: 'Kiosk-SECRET',
  type,
  offline: 0 as const,
  patron_identifier: 'PATRON-SECRET',
  item_identifier: 'ITEM-SECRET',
  title_identifier: 'TITLE-SECRET',
  transaction_date,
  due_date: null,
  execution_date: null,
  status,
  error: 'ERROR-SECRET',
});

beforeAll(async () => {
  t = await createTestApp();
  t.advance((NOW - Date.now()) / 1000);
  [A, B] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  await t.db
    .insertInto('sip_operations')
    .values([
      op(A, 'CHECKOUT', 'SUCCESS', '2024-03-08 00:05:00'),
      op(A, 'CHECKOUT', 'SUCCESS', '2024-03-08 00:10:00'),
      op(A, 'CHECKOUT', 'ERROR', '2024-03-08 00:20:00'),
      op(A, 'CHECKIN', 'PENDING', '2024-03-08 00:15:00'),
      op(A, 'RENEW', 'SUCCESS', '2024-03-07 23:59:59'), // yesterday at the library
      op(B, 'CHECKOUT', 'SUCCESS', '2024-03-08 00:01:00'), // another library
    ])
    .execute();
}, 60_000);

afterAll(async () => {
  await t.close();
});

const count = (body: { counts: Array<{ type: string; status: string; count: number }> }, type: string, status: string) =>
  body.counts.find((c) => c.type === type && c.status === status)?.count;

describe('public SIP summary', () => {
  it("without a token: today's counts by type and status at the library's clock", async () => {
    const res = await t.call('GET', '/api/public/sipOperations/BIB-001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ storeName: 'Biblioteca Sant Antoni', date: '2024-03-08', lastOperationAt: '2024-03-08 00:20:00', total: 4 });
    expect(body.updatedAt).toMatch(/^2024-03-08 00:3[0-9]:[0-9]{2}$/);
    expect(body.counts).toHaveLength(SIP_SUMMARY_TYPES.length * SIP_SUMMARY_STATUSES.length);
    expect(count(body, 'CHECKOUT', 'SUCCESS')).toBe(2);
    expect(count(body, 'CHECKOUT', 'ERROR')).toBe(1);
    expect(count(body, 'CHECKIN', 'PENDING')).toBe(1);
    expect(count(body, 'RENEW', 'SUCCESS')).toBe(0);
  });

  it('contains no identifier: no patron, item, title, origin or message text', async () => {
    const res = await t.call('GET', '/api/public/sipOperations/BIB-001');
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    expect(Object.keys(res.json()).sort()).toEqual(['counts', 'date', 'lastOperationAt', 'storeName', 'total', 'updatedAt']);
    for (const c of res.json().counts) expect(Object.keys(c).sort()).toEqual(['count', 'status', 'type']);
  });

  it('a library without operations today: zeros and no last operation', async () => {
    const body = (await t.call('GET', '/api/public/sipOperations/BIB-004')).json();
    expect(body).toMatchObject({ total: 0, lastOperationAt: null });
  });

  it('an unknown library: 404 STORE_CODE_UNKNOWN; hostile codes 4xx', async () => {
    const res = await t.call('GET', '/api/public/sipOperations/NO-SUCH');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('STORE_CODE_UNKNOWN');
    for (const code of ['x'.repeat(51), 'a%00b', "'%20or%201=1--"]) {
      const hostile = await t.call('GET', `/api/public/sipOperations/${code}`);
      expect(hostile.statusCode).toBeGreaterThanOrEqual(400);
      expect(hostile.statusCode).toBeLessThan(500);
    }
  });

  it('a new operation shows after the few-second cache period', async () => {
    const before = (await t.call('GET', '/api/public/sipOperations/BIB-002')).json().total;
    await t.db
      .insertInto('sip_operations')
      .values(op(B, 'RENEW', 'SUCCESS', '2024-03-08 00:29:00'))
      .execute();
    expect((await t.call('GET', '/api/public/sipOperations/BIB-002')).json().total).toBe(before);
    t.advance(5);
    expect((await t.call('GET', '/api/public/sipOperations/BIB-002')).json().total).toBe(before + 1);
  });
});
