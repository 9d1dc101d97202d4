/**
 * The largest bodies the user calls accept are validated in about the time of a normal request (no
 * quadratic uniqueItems), and larger arrays are refused with 400.
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
    userName: `bounds${serial}`, fullName: 'Núria Nova', address: 'Carrer 1', telephone: '600000000',
    email: `bounds${serial}@example.com`, role: 'user', permissions: ['manager'], password: 'secret-password', ...overrides,
  };
}

async function timed(body: unknown) {
  const start = performance.now();
  const res = await t.call('POST', '/api/users', { user: 'admin', body });
  return { res, ms: performance.now() - start };
}

describe('array bounds of request bodies', () => {
  it('takes a body with the longest arrays, duplicates included, about as fast as a normal one', async () => {
    const store = await t.storeId('BIB-001');
    await timed(newUser({ storeIds: [store] })); // warm-up
    const normal = await timed(newUser({ storeIds: [store] }));
    expect(normal.res.statusCode).toBe(200);

    // ~200 KB: every array at its cap, full of duplicates (the quadratic uniqueItems error path).
    const worst = await timed(newUser({
      permissions: Array(USER_ARRAY_LIMITS.permissions).fill('manager'),
      storeIds: Array(USER_ARRAY_LIMITS.storeIds).fill(store),
      regions: Array(USER_ARRAY_LIMITS.regions).fill(`store:${store}`),
    }));
    expect(JSON.stringify(worst.res.json()).length).toBeGreaterThan(0);
    expect(worst.res.statusCode).toBe(200);
    expect(worst.ms).toBeLessThan(Math.max(5000, normal.ms * 10));
    const saved = await t.call('GET', `/api/users/${worst.res.json().tid}`, { user: 'admin' });
    expect(saved.json()).toMatchObject({ permissions: ['manager'], storeIds: [store], regions: [`store:${store}`] });
  });

  it('answers a 200 KB body of long region values in about the time of a normal request', async () => {
    const regions = Array.from({ length: USER_ARRAY_LIMITS.regions }, (_, i) => `area:${'x'.repeat(30)}${i % 2}`);
    const { res, ms } = await timed(newUser({ regions }));
    expect(JSON.stringify(regions).length).toBeGreaterThan(190_000);
    expect(res.statusCode).toBeLessThan(500);
    expect(ms).toBeLessThan(5000); // loose: a loaded CI lane
  });

  it('refuses arrays over their bound with 400 quickly', async () => {
    for (const body of [
      newUser({ storeIds: Array(USER_ARRAY_LIMITS.storeIds + 1).fill(1) }),
      newUser({ regions: Array(USER_ARRAY_LIMITS.regions + 1).fill('store:1') }),
      newUser({ permissions: Array(USER_ARRAY_LIMITS.permissions + 1).fill('manager') }),
    ]) {
      const { res, ms } = await timed(body);
      expect(res.statusCode).toBe(400);
      // The quadratic path took minutes; 5 s leaves room for a loaded test machine.
      expect(ms).toBeLessThan(5000);
    }
  });
});
