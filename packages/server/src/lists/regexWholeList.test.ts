/**
 * A regular expression that reads the whole list (./regexPage): the rows, pages and totals equal testing every
 * folded value, and the page's scan past its first rows answers the exact total (SQLite: the search worker's ids
 * of the whole list). Here the page's first try reads 40 rows unless a case says fewer. On PostgreSQL the same answers; its page past the
 * first rows is one scan ordered by `id + 0` with a window count (parallel workers on a large list).
 */
import { sql } from 'kysely';
import { dialectOf } from '../db/connect';
import type { ListDefinition } from './definition';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import { listPage, listParams, orderSql } from './engine';
import type { RegexPageSizes } from './regexPage';
import { laneQueries } from './searchWorker';
import { addCatalogue } from './testing/helpers';
import { expectedCodes, randomValues, WIDEN_PATTERNS, WIDEN_VALUES } from './testing/regexCases';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = [...WIDEN_VALUES, ...randomValues(300)].map((field1, i) => ({ code: `S${String(i).padStart(4, '0')}`, field1 }));

let t: TestApp;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  catalogueId = await addCatalogue(t.db, store, 'Regex split', ROWS);
}, 120_000);
afterAll(() => t.close());

/** The list call `?limit=…&searchTexts={"field1":"/pattern/"}` plus `extra` (a query string). */
function search(pattern: string, extra = '', limit = 25, sizes: RegexPageSizes = { firstRows: 40 }) {
  const { offset, ...rest } = Object.fromEntries(new URLSearchParams(extra));
  const params = listParams({ ...rest, ...(offset && { offset: Number(offset) }), limit, searchTexts: JSON.stringify({ field1: `/${pattern}/` }) });
  return listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, params, sizes);
}

const expected = (pattern: string) => expectedCodes(t.db, catalogueId, ROWS, pattern);

describe(`a whole-list regular expression (${postgres ? 'postgres' : 'sqlite'})`, () => {
  it.each(WIDEN_PATTERNS)('/%s/: pages and totals equal testing every folded value', async (pattern) => {
    const want = await expected(pattern);
    const page = await search(pattern, '&count=skip');
    expect(page.items.map((i) => i.code)).toEqual(want.slice(0, 25));
    // Shown total: exact when the page knows it (its scan counted, or it shows the end), else a lower bound.
    if (page.totalKnown === false) expect(page.total).toBeLessThanOrEqual(want.length);
    else expect(page.total).toBe(want.length);
    const later = await search(pattern, '&count=skip&offset=30');
    expect(later.items.map((i) => i.code)).toEqual(want.slice(30, 55));
    expect((await search(pattern, '&count=only')).total).toBe(want.length);
    expect((await search(pattern)).total).toBe(want.length);
  });

  it('the page past its first rows answers the exact total (SQLite: its scan runs in the worker)', async () => {
    // '[xz]{3}' matches a few rows, none of them in the first 5: the page reads the whole list.
    const want = await expected('[xz]{3}');
    expect(want.length).toBeGreaterThan(1); // more than the page of 1: its total is known only by counting
    const before = laneQueries('small');
    const page = await search('[xz]{3}', '&count=skip', 1, { firstRows: 5 });
    expect(page.items.map((i) => i.code)).toEqual(want.slice(0, 1));
    const count = await search('[xz]{3}', '&count=only');
    expect(count.total).toBe(want.length);
    // Both databases: the page's scan past its first rows counted every match (PostgreSQL: its window).
    expect(page).toMatchObject({ total: want.length });
    expect(page.totalKnown).toBeUndefined();
    if (postgres) return;
    // A list of a few hundred ids: the page's queries (bound, first rows, scan, rows) and the count in the small lane.
    expect(laneQueries('small') - before).toBe(5);
  });

  it.each([
    ['field1', 'asc'],
    ['code', 'desc'],
  ] as const)('in the order of %s %s: pages and totals equal the folded test, sorted as the list is', async (field, dir) => {
    const def = CATALOGUE_ITEMS_LIST as ListDefinition<unknown>;
    const { rows } = await sql<{
      code: string;
    }>`select code from catalogue_items where catalogue_id = ${catalogueId} order by ${orderSql(dialectOf(t.db), def, [field, dir])}`.execute(t.db);
    const order = `&order=${field},${dir}`;
    for (const pattern of ['[xz]{3}', 'a', '^[A-Z ]+$', 'q\\w*z', '(e|é)l', '[^a-z ]']) {
      const matching = new Set(await expected(pattern));
      const want = rows.map((r) => r.code).filter((c) => matching.has(c));
      // 3 first rows and 5 ids at most: the scan, then the order's walk when more match.
      for (const [firstRows, orderedIds] of [
        [40, 20_000],
        [3, 20_000],
        [3, 5],
      ]) {
        const sizes = { firstRows, orderedIds };
        const page = await search(pattern, `&count=skip${order}`, 10, sizes);
        expect(page.items.map((i) => i.code)).toEqual(want.slice(0, 10));
        if (page.totalKnown !== false) expect(page.total).toBe(want.length);
        expect((await search(pattern, `&count=skip${order}&offset=12`, 10, sizes)).items.map((i) => i.code)).toEqual(want.slice(12, 22));
        expect((await search(pattern, `${order}`, 10, sizes)).total).toBe(want.length);
      }
    }
  });

  it('an ordered page whose first rows hold no match answers the exact total from its scan', async () => {
    const want = await expected('[xz]{3}');
    const page = await search('[xz]{3}', '&count=skip&order=code,desc', 1, { firstRows: 3 });
    expect(page).toMatchObject({ total: want.length });
    expect(page.totalKnown).toBeUndefined();
  });
});
