/**
 * The largest bodies the user calls accept are validated and saved, and larger arrays are refused with 400.
 * No time bounds: the quadratic uniqueItems path this guards against took minutes (past jest's timeout).
 */
import { USER_ARRAY_LIMITS } from '@portal/contract';
import { createTestApp, type TestApp } from '../testing/testApp';

// Server tests share a loaded 2-core machine: setting up the app on PostgreSQL alone can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    userName: `bounds${serial}`,
    fullName: 'Núria Nova',
    address: 'Carrer 1',
    telephone: '600000000',
    email: `bounds${serial}@example.com`,
    role: 'user',
    permissions: ['manager'],
    password: 'secret-password',
    ...overrides,
  };
}

const create = (body: unknown) => t.call('POST', '/api/users', { user: 'admin', body });

describe('array bounds of request bodies', () => {
  it('takes a body with the longest arrays, duplicates included', async () => {
    const store = await t.storeId('BIB-001');
    expect((await create(newUser({ storeIds: [store] }))).statusCode).toBe(200);

    // ~200 KB: every array at its cap, full of duplicates (the quadratic uniqueItems error path).
    const worst = await create(
      newUser({
        permissions: Array(USER_ARRAY_LIMITS.permissions).fill('manager'),
        storeIds: Array(USER_ARRAY_LIMITS.storeIds).fill(store),
        regions: Array(USER_ARRAY_LIMITS.regions).fill(`store:${store}`),
      }),
    );
    expect(worst.statusCode).toBe(200);
    const saved = await t.call('GET', `/api/users/${worst.json().tid}`, { user: 'admin' });
    expect(saved.json()).toMatchObject({ permissions: ['manager'], storeIds: [store], regions: [`store:${store}`] });
  });

  it('answers a 200 KB body of long region values', async () => {
    const regions = Array.from({ length: USER_ARRAY_LIMITS.regions }, (_, i) => `area:${'x'.repeat(30)}${i % 2}`);
    expect(JSON.stringify(regions).length).toBeGreaterThan(190_000);
    expect((await create(newUser({ regions }))).statusCode).toBeLessThan(500);
  });

  it('refuses arrays over their bound with 400', async () => {
    for (const body of [
      newUser({ storeIds: Array(USER_ARRAY_LIMITS.storeIds + 1).fill(1) }),
      newUser({ regions: Array(USER_ARRAY_LIMITS.regions + 1).fill('store:1') }),
      newUser({ permissions: Array(USER_ARRAY_LIMITS.permissions + 1).fill('manager') }),
    ]) {
      // The quadratic validation path took minutes: it would run into jest's timeout.
      expect((await create(body)).statusCode).toBe(400);
    }
  });
});
