/**
 * Sensors and device keys of a library on a real database: admins and holders of the `devices` permission on
 * the library (manager holds BIB-001 and BIB-002), never another library's sensors or keys, a sensor with
 * records deleted only by retiring it, a key shown once and stored as a hash, revoke.
 */
import { DEVICE_KEY_PREFIX } from '@portal/contract';
import { hashDeviceKey } from '../services/devices';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let stores: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  stores = await t.storeIds(['BIB-001', 'BIB-002', 'BIB-003']);
  await t.db
    .updateTable('users')
    .set({ permissions: JSON.stringify(['manager', 'devices']) })
    .where('user_name', '=', 'manager')
    .execute();
});
afterAll(() => t.close());

const sensors = (store: string) => `/api/stores/${stores[store]}/sensors`;
const keys = (store: string) => `/api/stores/${stores[store]}/deviceKeys`;

describe('sensors', () => {
  it("lists, adds, renames, sets capacity and retires a library's sensors", async () => {
    const before = (await t.call('GET', sensors('BIB-001'), { user: 'manager' })).json();
    expect(before.length).toBeGreaterThan(0);
    expect(before[0]).toEqual({
      id: expect.any(Number),
      storeId: stores['BIB-001'],
      name: expect.any(String),
      capacity: null,
      retired: false,
      createdAt: expect.any(String),
      hasRecords: false,
    });
    const created = await t.call('POST', sensors('BIB-001'), { user: 'manager', body: { name: '  Gate B ', capacity: 40 } });
    expect(created.statusCode).toBe(201);
    const sensor = created.json();
    expect(sensor).toMatchObject({ name: 'Gate B', capacity: 40, retired: false, hasRecords: false, storeId: stores['BIB-001'] });
    const url = `${sensors('BIB-001')}/${sensor.id}`;
    const renamed = await t.call('PUT', url, { user: 'manager', body: { name: 'Gate C', capacity: null } });
    expect(renamed.json()).toMatchObject({ name: 'Gate C', capacity: null, retired: false });
    expect((await t.call('PUT', url, { user: 'manager', body: { retired: true } })).json()).toMatchObject({ name: 'Gate C', retired: true });
    const after = (await t.call('GET', sensors('BIB-001'), { user: 'manager' })).json();
    expect(after).toHaveLength(before.length + 1);
  });

  it('deletes a sensor without records; one with records answers 409 SENSOR_HAS_RECORDS and stays', async () => {
    const empty = (await t.call('POST', sensors('BIB-002'), { user: 'admin', body: { name: 'Spare', capacity: null } })).json();
    expect((await t.call('DELETE', `${sensors('BIB-002')}/${empty.id}`, { user: 'manager' })).json()).toEqual({ ids: [empty.id] });

    const used = (await t.call('POST', sensors('BIB-002'), { user: 'admin', body: { name: 'Used', capacity: null } })).json();
    await t.db
      .insertInto('records')
      .values({ store_id: stores['BIB-002'], sensor_id: used.id, date: '2026-01-02 10:00:00', count_in: 3, count_out: 1 })
      .execute();
    const refused = await t.call('DELETE', `${sensors('BIB-002')}/${used.id}`, { user: 'manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SENSOR_HAS_RECORDS');
    const listed = (await t.call('GET', sensors('BIB-002'), { user: 'manager' })).json();
    expect(listed.find((s: { id: number }) => s.id === used.id)).toMatchObject({ hasRecords: true });
    expect(await t.db.selectFrom('records').select('id').where('sensor_id', '=', used.id).execute()).toHaveLength(1);
  });

  it('validates names and capacities', async () => {
    for (const body of [
      { name: '', capacity: null },
      { name: ' ', capacity: 1 },
      { name: 'x'.repeat(101), capacity: null },
      { name: 'A', capacity: 0 },
      { name: 'A' },
      { name: 'A', capacity: null, storeId: 9 },
    ]) {
      const res = await t.call('POST', sensors('BIB-001'), { user: 'admin', body });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});

describe('device keys', () => {
  it('creates a key shown once, stored as its hash; lists without secrets; revokes', async () => {
    const created = await t.call('POST', keys('BIB-001'), { user: 'manager', body: { name: 'Gate A' } });
    expect(created.statusCode).toBe(201);
    const { id, name, key } = created.json();
    expect(name).toBe('Gate A');
    expect(key.startsWith(DEVICE_KEY_PREFIX)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    const row = await t.db.selectFrom('device_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashDeviceKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(DEVICE_KEY_PREFIX.length, 20));

    const listed = await t.call('GET', keys('BIB-001'), { user: 'manager' });
    expect(listed.body).not.toContain(key);
    expect(listed.json()).toContainEqual({
      id,
      storeId: stores['BIB-001'],
      name: 'Gate A',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      today: { records: 0, alarms: 0, sipOperations: 0 },
    });
    const revoked = await t.call('DELETE', `${keys('BIB-001')}/${id}`, { user: 'manager' });
    expect(revoked.json()).toMatchObject({ id, revokedAt: expect.any(String) });
    // Revoking again keeps the first revocation time.
    expect((await t.call('DELETE', `${keys('BIB-001')}/${id}`, { user: 'manager' })).json().revokedAt).toBe(revoked.json().revokedAt);
  });

  it('two keys never share a secret', async () => {
    const a = (await t.call('POST', keys('BIB-002'), { user: 'admin', body: { name: 'One' } })).json();
    const b = (await t.call('POST', keys('BIB-002'), { user: 'admin', body: { name: 'Two' } })).json();
    expect(a.key).not.toBe(b.key);
  });
});

describe('access', () => {
  it('asks for a token', async () => {
    for (const [method, url] of [
      ['GET', sensors('BIB-001')],
      ['POST', keys('BIB-001')],
      ['DELETE', `${keys('BIB-001')}/1`],
    ] as const) {
      const res = await t.call(method, url, { body: method === 'POST' ? { name: 'x' } : undefined });
      expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_MISSING']);
    }
  });

  it("refuses users without the devices permission, and another library's ids", async () => {
    expect((await t.call('GET', sensors('BIB-001'), { user: 'librarian' })).statusCode).toBe(403);
    expect((await t.call('GET', sensors('BIB-001'), { user: 'supervisor' })).statusCode).toBe(403);
    // manager holds BIB-001 and BIB-002, not BIB-003.
    for (const [method, url, body] of [
      ['GET', sensors('BIB-003'), undefined],
      ['POST', sensors('BIB-003'), { name: 'x', capacity: null }],
      ['GET', keys('BIB-003'), undefined],
      ['POST', keys('BIB-003'), { name: 'x' }],
    ] as const) {
      const res = await t.call(method, url, { user: 'manager', body });
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 'FORBIDDEN']);
    }
    const other = (await t.call('POST', sensors('BIB-003'), { user: 'admin', body: { name: 'Theirs', capacity: null } })).json();
    const otherKey = (await t.call('POST', keys('BIB-003'), { user: 'admin', body: { name: 'Theirs' } })).json();
    // Another library's sensor or key through a library the user holds: not found there, and untouched.
    expect((await t.call('PUT', `${sensors('BIB-001')}/${other.id}`, { user: 'manager', body: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${sensors('BIB-001')}/${other.id}`, { user: 'manager' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${keys('BIB-001')}/${otherKey.id}`, { user: 'manager' })).statusCode).toBe(404);
    const theirs = await t.db.selectFrom('device_keys').select('revoked_at').where('id', '=', otherKey.id).executeTakeFirstOrThrow();
    expect(theirs.revoked_at).toBeNull();
    expect((await t.db.selectFrom('sensors').select('name').where('id', '=', other.id).executeTakeFirstOrThrow()).name).toBe('Theirs');
  });

  it('hostile input: huge names, unknown fields, out-of-range ids answer 400 fast', async () => {
    const huge = 'x'.repeat(500_000);
    for (const [method, url, body] of [
      ['POST', keys('BIB-001'), { name: huge }],
      ['POST', sensors('BIB-001'), { name: huge, capacity: null }],
      ['PUT', `${sensors('BIB-001')}/99999999999`, { name: 'x' }],
      ['POST', keys('BIB-001'), { name: 'x', key: 'mine' }],
    ] as const) {
      const res = await t.call(method, url, { user: 'admin', body });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});
