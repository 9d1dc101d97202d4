/**
 * The list call's count parameter: count=skip answers the page at once with a lower-bound total
 * (totalKnown false) unless the page shows the end; count=only answers the exact total alone. Every list
 * route takes it (one engine), with the same permission and library checks as the page.
 */
import { addCatalogue } from '../lists/testing/helpers';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let mine: number;
let theirs: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  const items = Array.from({ length: 30 }, (_, i) => ({ code: `C${String(i).padStart(2, '0')}`, field1: i % 3 ? 'El río' : 'La mar' }));
  mine = await addCatalogue(t.db, bib1, 'Counted', items);
  theirs = await addCatalogue(t.db, bib2, 'Theirs', items);
});
afterAll(() => t.close());

const q = listQuery;
const items = (storeId: number, id: number, params: Record<string, unknown>) => `/api/stores/${storeId}/catalogues/${id}/items${q(params)}`;
const as = { user: 'librarian' as const };

describe('list count parameter', () => {
  it('answers the page without the count, then the count alone', async () => {
    const page = await t.call('GET', items(bib1, mine, { searchTexts: { field1: 'RIO' }, offset: 0, limit: 5, count: 'skip' }), as);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 6, totalKnown: false });
    expect(page.json().items.map((i: { code: string }) => i.code)).toEqual(['C01', 'C02', 'C04', 'C05', 'C07']);
    const count = await t.call('GET', items(bib1, mine, { searchTexts: { field1: 'RIO' }, count: 'only' }), as);
    expect(count.json()).toEqual({ items: [], total: 20 });
    // The last page knows its total; without the parameter the answer is as before (exact total).
    expect((await t.call('GET', items(bib1, mine, { searchTexts: { field1: 'mar' }, offset: 5, limit: 5, count: 'skip' }), as)).json()).toMatchObject({
      total: 10,
    });
    expect(
      (await t.call('GET', items(bib1, mine, { searchTexts: { field1: 'mar' }, offset: 5, limit: 5, count: 'skip' }), as)).json().totalKnown,
    ).toBeUndefined();
    expect((await t.call('GET', items(bib1, mine, { limit: 5 }), as)).json()).toMatchObject({ total: 30 });
  });

  it('refuses other values, callers without a token and other libraries (403, nothing counted)', async () => {
    for (const count of ['all', '', 'SKIP', '1', 'only,skip']) {
      const res = await t.call('GET', items(bib1, mine, { count }), as);
      expect([count, res.statusCode]).toEqual([count, 400]);
    }
    expect((await t.call('GET', items(bib1, mine, { count: 'only' }))).statusCode).toBe(401);
    for (const url of [items(bib2, theirs, { count: 'only' }), items(bib1, theirs, { count: 'only' }), items(bib2, theirs, { count: 'skip' })]) {
      const res = await t.call('GET', url, as);
      expect([url, res.statusCode, res.json().total]).toEqual([url, 403, undefined]);
    }
  });

  it('passes through the areas that relabel their rows (inventory scans)', async () => {
    const group = (await t.call('POST', `/api/stores/${bib1}/inventoryGroups`, { ...as, body: { name: 'Counted group', catalogueId: null } })).json().tid;
    const section = (
      await t.call('POST', `/api/stores/${bib1}/inventoryGroups/${group}/inventories`, { ...as, body: { comment: 'A', date: '2026-11-20 10:30:00' } })
    ).json().tid;
    for (const code of ['S1', 'S2', 'S3'])
      await t.call('POST', `/api/stores/${bib1}/inventoryGroups/${group}/inventories/${section}/items`, { ...as, body: { code } });
    const base = `/api/stores/${bib1}/inventoryGroups/${group}/items`;
    expect((await t.call('GET', `${base}${q({ limit: 2, count: 'skip' })}`, as)).json()).toMatchObject({
      total: 3,
      totalKnown: false,
      items: [{ code: 'S1' }, { code: 'S2' }],
    });
    expect((await t.call('GET', `${base}${q({ count: 'only' })}`, as)).json()).toMatchObject({ total: 3, items: [] });
  });
});
