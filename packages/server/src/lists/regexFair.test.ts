/**
 * Regular-expression searches on SQLite share their worker fairly: a freed worker takes the query of the user
 * served least recently, not the next of one user's many, and a small list's search has a worker of its own, so
 * it never waits behind a large list's scan (six slow searches by one user made another's 1-row search wait 26 s).
 */
import { addCatalogue } from './testing/helpers';
import { laneGate, LANE_QUEUE } from './searchWorker';
import { SMALL_LIST_IDS } from './engine';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);
const describeSqlite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

let t: TestApp;
let large: string;
let tiny: string;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  const rows = Array.from({ length: SMALL_LIST_IDS + 500 }, (_, i) => ({ code: `R${i}`, field1: 'a'.repeat(250), field2: `${'ab'.repeat(120)}` }));
  large = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Long rows', rows)}/items`;
  tiny = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'One row', [{ code: 'T1', field1: 'abc' }])}/items`;
});
afterAll(() => t.close());

/** Resolves once `check` holds, checked on every turn of the event loop (no fixed sleeps). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

const search = (user: 'librarian' | 'admin', url: string, pattern: string) =>
  t.call('GET', `${url}?limit=25&searchTexts=${encodeURIComponent(JSON.stringify({ field1: `/${pattern}/` }))}`, { user });

describeSqlite('fair regular-expression searches (sqlite)', () => {
  it("another user's search goes before the rest of one user's queued searches", async () => {
    const gate = laneGate('search');
    const librarian = await t.userId('librarian');
    const held = await gate.acquire(librarian);
    const order: string[] = [];
    const run = (user: 'librarian' | 'admin', name: string) =>
      search(user, large, 'b{3}').then((res) => {
        order.push(name);
        return res;
      });
    const mine = [run('librarian', 'l1'), run('librarian', 'l2'), run('librarian', 'l3')];
    await until(() => gate.stats.waiting === 3);
    const theirs = run('admin', 'a1');
    await until(() => gate.stats.waiting === 4);
    held();
    for (const res of [...(await Promise.all(mine)), await theirs]) expect(res.json()).toEqual({ items: [], total: 0 });
    expect(order[order.length - 1]).not.toBe('a1');
    expect(order.indexOf('a1')).toBeLessThan(order.indexOf('l2'));
  });

  it("a small list's search does not wait behind a user's slow searches of a large list", async () => {
    const slow = `${'.?'.repeat(25)}${'.'.repeat(24)}!`;
    let answered = 0;
    const mine = Array.from({ length: 3 }, () =>
      search('librarian', large, slow).then((res) => {
        answered += 1;
        return res;
      }),
    );
    await until(() => laneGate('search').stats.running === 1);
    const small = await search('admin', tiny, '^ab');
    expect(small.json()).toMatchObject({ total: 1, items: [{ code: 'T1' }] });
    expect(answered).toBeLessThan(3);
    for (const res of await Promise.all(mine)) expect([200, 400]).toContain(res.statusCode);
  });

  it('refuses with 429 past the queries one user may keep waiting', async () => {
    const gate = laneGate('search');
    const librarian = await t.userId('librarian');
    const held = await gate.acquire(librarian);
    const waiting = Array.from({ length: LANE_QUEUE.perUser }, () => search('librarian', large, 'c{2}'));
    await until(() => gate.stats.waiting === LANE_QUEUE.perUser);
    const refused = await search('librarian', large, 'c{2}');
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'TOO_MANY_CONCURRENT']);
    held();
    for (const res of await Promise.all(waiting)) expect(res.statusCode).toBe(200);
  });
});
