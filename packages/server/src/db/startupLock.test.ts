/**
 * Instances starting together on one empty database take turns: exactly one migrates and creates the first
 * admin, the other waits and finds it done (PostgreSQL: two connection pools, as two processes; SQLite: one
 * database object, as the one process that may use the file).
 */
import { prepareDatabase } from '../bootstrap';
import { TEST_ARGON2 } from '../auth/password';
import { createDb } from './connect';
import { createTestDb, type TestDb } from '../testing/testDb';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

it('lets one instance at a time prepare the database: one admin, no error', async () => {
  let other = t.db;
  if (t.dialect === 'postgres') {
    // The test database's own URL, through a second pool.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await t.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()).name}`;
    other = createDb({ databaseUrl: url.toString() });
  }
  try {
    const options = { demo: false, adminPassword: 'a-long-secret-1', argon2: TEST_ARGON2, now: new Date() };
    const results = await Promise.all([prepareDatabase(t.db, options), prepareDatabase(other, options)]);
    expect(results.sort()).toEqual(['admin account', null]);
    expect((await t.db.selectFrom('users').select('user_name').execute()).map((u) => u.user_name)).toEqual(['admin']);
  } finally {
    if (other !== t.db) await other.destroy();
  }
});
