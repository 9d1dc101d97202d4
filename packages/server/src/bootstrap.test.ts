import { TEST_ARGON2 } from './auth/password';
import { accountsWithDemoPasswords, prepareDatabase, StartupError } from './bootstrap';
import { migrateToLatest } from './db/connect';
import { DEMO_ACCOUNTS, DEMO_STORE_CODES } from './demo/accounts';
import { seedMinimal } from './demo/seedMinimal';
import { createTestDb, type TestDb } from './testing/testDb';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.destroy());

const options = { argon2: TEST_ARGON2, now: new Date() };

describe('first start', () => {
  it('refuses an empty database without demo and without ADMIN_PASSWORD', async () => {
    await expect(prepareDatabase(t.db, { ...options, demo: false, adminPassword: undefined })).rejects.toThrow(StartupError);
    await expect(prepareDatabase(t.db, { ...options, demo: false, adminPassword: '' })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('creates only the admin account from ADMIN_PASSWORD, once', async () => {
    expect(await prepareDatabase(t.db, { ...options, demo: false, adminPassword: 's3cret-admin!' })).toBe('admin account');
    const users = await t.db.selectFrom('users').select(['user_name', 'role', 'password_hash']).execute();
    expect(users.map((u) => [u.user_name, u.role])).toEqual([['admin', 'admin']]);
    expect(users[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(await prepareDatabase(t.db, { ...options, demo: false, adminPassword: undefined })).toBeNull();
  });

  // The full generator has its own tests (demo/generate.test.ts); the minimal seed keeps this one fast.
  it('creates the demo accounts with their libraries when demo is on', async () => {
    const seed = async (db: typeof t.db) => {
      await seedMinimal(db, TEST_ARGON2);
      return 'minimal demo';
    };
    expect(await prepareDatabase(t.db, { ...options, demo: true, adminPassword: undefined, seed })).toBe('minimal demo');
    const users = await t.db.selectFrom('users').select(['id', 'user_name', 'role', 'permissions']).orderBy('id').execute();
    expect(users.map((u) => u.user_name).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.userName).sort());
    const codes = (await t.db.selectFrom('stores').select('code').execute()).map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining([...DEMO_STORE_CODES]));
    const manager = users.find((u) => u.user_name === 'manager')!;
    const held = await t.db
      .selectFrom('user_stores')
      .innerJoin('stores', 'stores.id', 'user_stores.store_id')
      .select('stores.code')
      .where('user_stores.user_id', '=', manager.id)
      .orderBy('stores.code')
      .execute();
    expect(held.map((h) => h.code)).toEqual(['BIB-001', 'BIB-002']);
  });

  it('refuses an ADMIN_PASSWORD that is short or a demo password, creating nothing', async () => {
    for (const adminPassword of ['short', 'admin', 'Supervisor', 'librarian ']) {
      await expect(prepareDatabase(t.db, { ...options, demo: false, adminPassword })).rejects.toThrow(/ADMIN_PASSWORD is refused/);
    }
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('names the demo accounts that still have their demo password', async () => {
    await seedMinimal(t.db, TEST_ARGON2);
    expect(await accountsWithDemoPasswords(t.db)).toEqual(DEMO_ACCOUNTS.map((a) => a.userName).sort());
    await t.db.updateTable('users').set({ password_hash: 'x' }).where('user_name', '=', 'admin').execute();
    expect(await accountsWithDemoPasswords(t.db)).not.toContain('admin');
  });

  it('migrations are idempotent', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });
});
