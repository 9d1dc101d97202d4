/**
 * GET /api/statistics/capacities/{token}[/{storeCode}] over a real database (temp SQLite, or PostgreSQL with
 * TEST_DATABASE_URL). Hand-computed fixture; the process runs in UTC:
 *
 *   server clock 2024-03-07 11:30 UTC
 *   A  BIB-001  Europe/Madrid     now 12:30, open 09:00–21:00, reset 00:00   'manager' and 'librarian' hold it
 *   B  BIB-002  America/New_York  now 06:30, open 09:00–21:00 (closed), reset 06:00   only 'manager'
 *   C  BIB-003  Europe/Madrid     only 'librarian'
 *   Each library has an entrance sensor (no own capacity: counts for the library) and a 'Sala infantil'
 *   sensor with capacity 20 (an area of its own).
 */
process.env.TZ = 'UTC';

// The machine's two cores are shared with other suites: a first query may wait on them.
jest.setTimeout(30_000);

import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

let t: TestApp;
let A: number;
let B: number;
let C: number;

const NOW = Date.parse('2024-03-07T11:30:00Z');

async function sensors(storeId: number): Promise<[number, number]> {
  const rows = await t.db.selectFrom('sensors').select('id').where('store_id', '=', storeId).orderBy('id').execute();
  return [rows[0].id, rows[1].id];
}

const rec = (store_id: number, sensor_id: number, date: string, count_in: number, count_out: number) => ({ store_id, sensor_id, date, count_in, count_out });

async function insertFixture(): Promise<void> {
  await t.db.updateTable('stores').set({ timezone: 'America/New_York', reset_time: '06:00' }).where('id', '=', B).execute();
  const [[aIn, aKids], [bIn], [cIn]] = [await sensors(A), await sensors(B), await sensors(C)];
  await t.db
    .insertInto('records')
    .values([
      rec(A, aIn, '2024-03-07 09:10:00', 50, 10), // inside 40
      rec(A, aIn, '2024-03-06 20:00:00', 30, 0), // yesterday: before the reset
      rec(A, aKids, '2024-03-07 09:30:00', 25, 3), // the children's room: 22 of 20
      rec(B, bIn, '2024-03-07 05:00:00', 100, 0), // before B's 06:00 reset
      rec(B, bIn, '2024-03-07 06:10:00', 4, 1), // inside 3
      rec(C, cIn, '2024-03-07 10:00:00', 1000, 0),
    ])
    .execute();
}

async function tokenOf(user: DemoUser): Promise<string> {
  return (await t.db.selectFrom('users').select('token').where('user_name', '=', user).executeTakeFirstOrThrow()).token;
}

const get = (url: string) => t.call('GET', url);

beforeAll(async () => {
  t = await createTestApp();
  t.advance((NOW - Date.now()) / 1000);
  [A, B, C] = [await t.storeId('BIB-001'), await t.storeId('BIB-002'), await t.storeId('BIB-003')];
  await insertFixture();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe("every area of the token user's libraries", () => {
  it('manager: B then A (by name), each library then its own-capacity area; no access token needed', async () => {
    const res = await get(`/api/statistics/capacities/${await tokenOf('manager')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=4');
    expect(res.json()).toEqual([
      { name: 'Biblioteca Carles Rahola', storeCode: 'BIB-002', opened: false, currentCapacity: 3, maxCapacity: 80, percentageCapacity: 3 },
      { name: 'Biblioteca Carles Rahola - Sala infantil', storeCode: 'BIB-002', opened: false, currentCapacity: 0, maxCapacity: 20, percentageCapacity: 0 },
      { name: 'Biblioteca Sant Antoni', storeCode: 'BIB-001', opened: true, currentCapacity: 40, maxCapacity: 120, percentageCapacity: 33 },
      { name: 'Biblioteca Sant Antoni - Sala infantil', storeCode: 'BIB-001', opened: true, currentCapacity: 22, maxCapacity: 20, percentageCapacity: 110 },
    ]);
  });

  it("a token of one user never shows another user's libraries", async () => {
    const librarian = (await get(`/api/statistics/capacities/${await tokenOf('librarian')}`)).json() as Array<{ storeCode: string }>;
    expect([...new Set(librarian.map((r) => r.storeCode))].sort()).toEqual(['BIB-001', 'BIB-003']);
    const manager = (await get(`/api/statistics/capacities/${await tokenOf('manager')}`)).json() as Array<{ storeCode: string; currentCapacity: number }>;
    expect(manager.map((r) => r.storeCode)).not.toContain('BIB-003');
    expect(manager.map((r) => r.currentCapacity)).not.toContain(1000);
  });

  it('admin: every library', async () => {
    const rows = (await get(`/api/statistics/capacities/${await tokenOf('admin')}`)).json() as Array<{ storeCode: string }>;
    expect([...new Set(rows.map((r) => r.storeCode))].sort()).toEqual(['BIB-001', 'BIB-002', 'BIB-003', 'BIB-004']);
  });
});

describe('one library (the traffic light)', () => {
  it('the library as one area', async () => {
    const res = await get(`/api/statistics/capacities/${await tokenOf('manager')}/BIB-001`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Biblioteca Sant Antoni',
      storeCode: 'BIB-001',
      opened: true,
      currentCapacity: 40,
      maxCapacity: 120,
      percentageCapacity: 33,
    });
  });

  it('a library the user does not hold answers exactly like one that does not exist: 404 STORE_CODE_UNKNOWN', async () => {
    const token = await tokenOf('manager');
    const foreign = await get(`/api/statistics/capacities/${token}/BIB-003`);
    const missing = await get(`/api/statistics/capacities/${token}/NO-SUCH`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().code).toBe('STORE_CODE_UNKNOWN');
    expect(foreign.body).not.toContain('Trías');
  });
});

describe('unknown, revoked and hostile tokens', () => {
  it('an unknown token: 404 CAPACITY_TOKEN_UNKNOWN, also for a library', async () => {
    for (const url of ['/api/statistics/capacities/0123456789abcdef0123456789abcdef', '/api/statistics/capacities/0123456789abcdef0123456789abcdef/BIB-001']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CAPACITY_TOKEN_UNKNOWN');
    }
  });

  it('an access token (JWT) or any other malformed token is unknown too: 404 CAPACITY_TOKEN_UNKNOWN', async () => {
    for (const token of [await t.token('manager'), 'not.a.token', '%F0%9F%98%80', `${await tokenOf('manager')}x!`]) {
      const res = await get(`/api/statistics/capacities/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CAPACITY_TOKEN_UNKNOWN');
      expect(res.body).not.toContain('Sant Antoni');
    }
  });

  it.each([
    ['too long', 'a'.repeat(513)],
    ['dot segments', '..%2F..%2Fetc'],
    ['NUL', 'ab%00cd'],
    ['quote', "x'%20or%20'1'='1"],
  ])('hostile token (%s) → 4xx', async (_label, token) => {
    const res = await get(`/api/statistics/capacities/${token}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a replaced (revoked) token stops answering at once, cached answers or not', async () => {
    const userId = await t.userId('librarian');
    const old = await tokenOf('librarian');
    expect((await get(`/api/statistics/capacities/${old}`)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ token: 'replacedtoken0000000000000000000' }).where('id', '=', userId).execute();
    const res = await get(`/api/statistics/capacities/${old}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CAPACITY_TOKEN_UNKNOWN');
    expect((await get('/api/statistics/capacities/replacedtoken0000000000000000000')).statusCode).toBe(200);
  });
});

describe('a deleted user', () => {
  it("the user's displays stop showing data at once", async () => {
    const created = await t.call('POST', '/api/users', {
      user: 'admin',
      body: {
        userName: 'display1',
        fullName: 'Display',
        address: 'A',
        telephone: '1',
        email: 'display1@example.com',
        role: 'user',
        permissions: ['manager'],
        password: 'display-password-1',
        storeIds: [A],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().tid as number;
    const token = (await t.db.selectFrom('users').select('token').where('id', '=', id).executeTakeFirstOrThrow()).token;
    const rows = (await get(`/api/statistics/capacities/${token}`)).json() as Array<{ storeCode: string }>;
    expect([...new Set(rows.map((r) => r.storeCode))]).toEqual(['BIB-001']);
    expect((await t.call('DELETE', `/api/users/${id}`, { user: 'admin' })).statusCode).toBe(200);
    const res = await get(`/api/statistics/capacities/${token}/BIB-001`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CAPACITY_TOKEN_UNKNOWN');
  });
});

describe('cached for a few seconds', () => {
  it('many polls within the period share one answer; the next period sees new records', async () => {
    const token = await tokenOf('manager');
    const [[aIn]] = [await sensors(A)];
    const inside = async () => ((await get(`/api/statistics/capacities/${token}/BIB-001`)).json() as { currentCapacity: number }).currentCapacity;
    t.advance(5);
    const first = await inside();
    await t.db
      .insertInto('records')
      .values(rec(A, aIn, '2024-03-07 12:00:00', 7, 0))
      .execute();
    const polls = await Promise.all(Array.from({ length: 20 }, inside));
    expect(new Set(polls)).toEqual(new Set([first]));
    t.advance(5);
    expect(await inside()).toBe(first + 7);
  });

  it('displays of different users showing one library share its answer too (cached per library)', async () => {
    const [manager, librarian] = [await tokenOf('manager'), await tokenOf('librarian')];
    const [[aIn]] = [await sensors(A)];
    const insideVia = async (token: string) =>
      ((await get(`/api/statistics/capacities/${token}/BIB-001`)).json() as { currentCapacity: number }).currentCapacity;
    t.advance(5);
    await insideVia(librarian); // the librarian's token is known now: only the library is new below
    t.advance(5);
    const first = await insideVia(manager);
    await t.db
      .insertInto('records')
      .values(rec(A, aIn, '2024-03-07 12:05:00', 3, 0))
      .execute();
    expect(await insideVia(librarian)).toBe(first);
    t.advance(5);
    expect(await insideVia(librarian)).toBe(first + 3);
  });
});
