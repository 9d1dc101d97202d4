/**
 * Regular expressions anchored with a fixed start ('^el …') read only the sort index's ranges of that start
 * (./regexPrefix) and find exactly what testing every row finds, whatever accents and case the values hold:
 * with few rows in the ranges (their ids) and with more than CANDIDATE_LIMIT (read through the index on
 * SQLite, the ranges tested per row on PostgreSQL), in pages, counts and sorted pages, on both databases.
 */
import { foldText } from '@portal/contract';
import { addCatalogue } from './testing/helpers';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import { CANDIDATE_LIMIT, planSearch, probeIndex } from './search';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

const VALUES = [
  'El mar',
  'ÉL río',
  'e\u0301l x',
  'Ĺe',
  'el',
  'elx',
  'EL ',
  'em',
  'e',
  'Ælla',
  'İstanbul',
  '\u212Aelvin',
  'kelvin',
  'Él de mar',
  'del mar',
  'La mar',
  '19',
  '195',
  '1950',
  'x1950',
  'año',
  'Año 1',
  'a\u0301no',
];
/** More rows than CANDIDATE_LIMIT in the ranges of 'el ' and 'e' (the many-rows path). */
const MANY = CANDIDATE_LIMIT + 50;

let t: TestApp;
let few: { id: number; url: string };
let many: { id: number; url: string };
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  const fewId = await addCatalogue(
    t.db,
    store,
    'Anchored',
    VALUES.map((field1, i) => ({ code: `A${String(i).padStart(3, '0')}`, field1, field2: VALUES[VALUES.length - 1 - i] })),
  );
  const rows = Array.from({ length: MANY }, (_, i) => ({ code: `M${String(i).padStart(5, '0')}`, field1: i % 7 === 0 ? `Él ${i} mar` : `el ${i}` }));
  const manyId = await addCatalogue(t.db, store, 'Anchored many', [...rows, ...VALUES.map((field1, i) => ({ code: `V${i}`, field1 }))]);
  few = { id: fewId, url: `/api/stores/${store}/catalogues/${fewId}/items` };
  many = { id: manyId, url: `/api/stores/${store}/catalogues/${manyId}/items` };
}, 60_000);
afterAll(() => t.close());

type Item = { code: string; field1: string };
async function search(url: string, field: string, pattern: string, extra = ''): Promise<{ items: Item[]; total: number }> {
  const res = await t.call('GET', `${url}?limit=100${extra}&searchTexts=${encodeURIComponent(JSON.stringify({ [field]: `/${pattern}/` }))}`, {
    user: 'librarian',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Item[]; total: number };
}

const PATTERNS = ['el', 'a.o', '^el', '^el ', '^el .*mar', '^e', '^is', '^ke', '^19[5-6]\\d$', '^19', '^ano', '^a.o', '^zzz', '^la mar$'];

describe(`anchored regular expressions (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('the search plans the sort index ranges for anchored patterns on sorted columns only', async () => {
    const plan = async (texts: Record<string, string>) =>
      (await probeIndex(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: many.id }, planSearch(CATALOGUE_ITEMS_LIST, texts), 'page'))[0].anchor;
    expect(await plan({ field1: '/^el /' })).toMatchObject({ prefix: 'el ', ids: undefined });
    // 'is', or a non-ASCII first character (the 'Él …' rows, a seventh, and İstanbul): few, so their ids.
    const ids = (await plan({ field1: '/^is/' }))?.ids ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(Math.ceil(MANY / 7));
    expect(ids.length).toBeLessThanOrEqual(CANDIDATE_LIMIT);
    expect(await plan({ field1: '/el /' })).toBeUndefined();
    expect(await plan({ field1: '/^(el|la) /' })).toBeUndefined();
  });

  it.each(PATTERNS)('/%s/ on field1 finds what testing every folded value finds (page, count, sorted)', async (pattern) => {
    const re = new RegExp(pattern);
    const want = VALUES.filter((v) => re.test(foldText(v))).sort();
    expect((await search(few.url, 'field1', pattern)).items.map((i) => i.field1).sort()).toEqual(want);
    expect((await search(few.url, 'field1', pattern, '&count=only')).total).toBe(want.length);
    const sorted = await search(few.url, 'field1', pattern, `&count=skip&order=${encodeURIComponent(JSON.stringify(['field2', 'desc']))}`);
    expect(sorted.items.map((i) => i.field1).sort()).toEqual(want);
  });

  it.each(['^el ', '^el .* mar', '^e', '^el 1.*[05]$', '^ELX'.toLowerCase()])(
    '/%s/ with more rows in its ranges than CANDIDATE_LIMIT: the same rows, in id order',
    async (pattern) => {
      const re = new RegExp(pattern);
      const all = [
        ...Array.from({ length: MANY }, (_, i) => ({ code: `M${String(i).padStart(5, '0')}`, field1: i % 7 === 0 ? `Él ${i} mar` : `el ${i}` })),
        ...VALUES.map((field1, i) => ({ code: `V${i}`, field1 })),
      ];
      const want = all.filter((r) => re.test(foldText(r.field1))).map((r) => r.code);
      const page = await search(many.url, 'field1', pattern, '&count=skip');
      expect(page.items.map((i) => i.code)).toEqual(want.slice(0, 100));
      expect((await search(many.url, 'field1', pattern, '&count=only')).total).toBe(want.length);
    },
  );

  it('a code regular expression anchored on the code (the index instead of the trigram probe)', async () => {
    const res = await search(many.url, 'code', '^m0001\\d$', '&count=skip');
    expect(res.items.map((i) => i.code)).toEqual(Array.from({ length: 10 }, (_, i) => `M0001${i}`));
  });
});
