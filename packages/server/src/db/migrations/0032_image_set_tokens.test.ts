/**
 * Migration 0032 on users written before it: each user's image-set token starts as their capacities token (the
 * client URLs already set up keep working), and is unique from then on.
 */
import { createTestDb, writeOutcome, type TestDb } from '../../testing/testDb';
import { imageSetTokens } from './0032_image_set_tokens';

jest.setTimeout(60_000);

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe(`0032 image-set tokens (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it("copies every user's token, then refuses a token two users would share", async () => {
    const migration = imageSetTokens(t.dialect);
    await migration.down!(t.db);
    const now = new Date().toISOString();
    const user = (name: string, token: string) => ({
      user_name: name,
      full_name: name,
      address: '',
      telephone: '',
      email: `${name}@example.org`,
      password_hash: 'x',
      flavor: '{product}',
      role: 'user',
      permissions: '[]',
      regions: '[]',
      token,
      parent_id: null,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('users')
      .values([user('before1', 'tok-before-1'), user('before2', 'tok-before-2')] as never)
      .execute();

    await migration.up(t.db);

    const rows = await t.db
      .selectFrom('users')
      .select(['user_name', 'token', 'image_set_token'])
      .where('user_name', 'like', 'before%')
      .orderBy('user_name')
      .execute();
    expect(rows).toEqual([
      { user_name: 'before1', token: 'tok-before-1', image_set_token: 'tok-before-1' },
      { user_name: 'before2', token: 'tok-before-2', image_set_token: 'tok-before-2' },
    ]);
    expect(await writeOutcome(t.db.updateTable('users').set({ image_set_token: 'tok-before-1' }).where('user_name', '=', 'before2'))).toMatch(
      /unique|duplicate/i,
    );
  });
});
