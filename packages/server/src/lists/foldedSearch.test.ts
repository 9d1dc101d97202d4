/**
 * Plain searches ignore case and accents the same on both databases, whatever letters a value holds
 * (data-areas §2): PostgreSQL's per-needle fold (only the accented forms of the needle's own letters are
 * translated) and SQLite's portal_fold find exactly what foldText finds, in pages and in counts.
 */
import { foldText } from '@portal/contract';
import { addCatalogue } from './testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

const VALUES = ['ÉLITE', 'Ĺéon', 'İstanbul', 'naïve', 'Straße', 'Łódź', 'crème brûlée', 'ǅemal', 'Ångström', 'cañón', 'CANON', 'Ḝlla', 'plain el', 'e\u0301l', 'ÈL Ñ'];

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  url = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Folding', VALUES.map((field1, i) => ({ code: `F${i}`, field1 })))}/items`;
}, 30_000);
afterAll(() => t.close());

const search = async (needle: string, count: 'skip' | 'only') => {
  const res = await t.call('GET', `${url}?limit=100&count=${count}&searchTexts=${encodeURIComponent(JSON.stringify({ field1: needle }))}`, { user: 'librarian' });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ field1: string }>; total: number };
};

describe(`accent- and case-blind plain searches (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it.each(['el', 'EL', 'é', 'eo', 'is', 'i', 'ss', 'odz', 'lodz', 'ree', 'ang', 'canon', 'CAÑON', 'n', 'l', 'xyz', 'dž'])('field1 "%s": the rows foldText finds, and their count', async (needle) => {
    const want = VALUES.filter((v) => foldText(v).includes(foldText(needle))).sort();
    expect((await search(needle, 'skip')).items.map((i) => i.field1).sort()).toEqual(want);
    expect((await search(needle, 'only')).total).toBe(want.length);
  });
});
