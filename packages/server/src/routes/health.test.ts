/** GET /api/health: public; 200 on a reachable, migrated database; 503 when a migration is pending or the database is gone. */
import path from 'node:path';
import { buildApp } from '../app';
import { createTestDb } from '../testing/testDb';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers without a token: database ok, migrations current; never cached; hostile queries refused (4xx)', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
    expect(res.headers['cache-control']).toBe('no-store');
    const odd = await t.call('GET', `/api/health?x=${encodeURIComponent("' or 1=1 --")}&y=${'z'.repeat(5000)}`);
    expect(odd.statusCode).toBe(400);
    expect((await t.call('POST', '/api/health', { body: {} })).statusCode).toBe(404);
  });

  it('answers 503 while a migration this server knows has not run', async () => {
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0014_shared_state' as never)
      .execute();
    try {
      const res = await t.call('GET', '/api/health');
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'unavailable', database: 'ok', migrations: 'pending' }]);
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values({ name: '0014_shared_state', timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
  });

  it('answers 503 when the database cannot be reached', async () => {
    const other = await createTestDb();
    const app = await buildApp({ db: other.db, config: { ...t.config, dataDir: path.join(other.dir, 'data') } });
    await other.destroy();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'unavailable', database: 'unreachable', migrations: 'unknown' }]);
    } finally {
      await app.close();
    }
  });
});
