/**
 * Plain searches ignore case and accents the same on both databases, whatever letters a value holds
 * (data-areas §2): PostgreSQL's per-needle fold (only the accented forms of the needle's own letters are
 * translated) and SQLite's portal_fold find exactly what foldText finds, in pages and in counts.
 */
import { foldText } from '@portal/contract';
import { addCatalogue } from './testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

const VALUES = [
  'ÉLITE',
  'Ĺéon',
  'İstanbul',
  'naïve',
  'Straße',
  'Łódź',
  'crème brûlée',
  'ǅemal',
  'Ångström',
  'cañón',
  'CANON',
  'Ḝlla',
  'plain el',
  'e\u0301l',
  'ÈL Ñ',
];

/** Accents in every field, so SQLite's cut of each field out of search_text is tested at every position. */
const ROWS = [
  { code: 'Cé1', objectId: 'Öb', field1: 'Ñu', field2: 'Pérez Él', field3: null, field4: 'Ça', field5: '', field6: 'fín Él' },
  { code: 'C\u0301x', objectId: 'o', field1: 'élan', field2: 'Perez', field3: 'x', field4: null, field5: 'Éé', field6: 'el' },
  { code: 'C3', objectId: null, field1: 'Ωméga él', field2: 'pÈrez', field3: 'Ǆ', field4: 'z', field5: 'ÉL', field6: 'Fin' },
  { code: 'C4', objectId: 'ß', field1: 'straße', field2: 'x pérEz', field3: 'ÿ', field4: 'Łl', field5: 'le', field6: 'fÍn' },
];
const FIELDS = ['code', 'objectId', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'] as const;

let t: TestApp;
let url: string;
let rowsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  url = `/api/stores/${store}/catalogues/${await addCatalogue(
    t.db,
    store,
    'Folding',
    VALUES.map((field1, i) => ({ code: `F${i}`, field1 })),
  )}/items`;
  rowsUrl = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Folding rows', ROWS)}/items`;
}, 30_000);
afterAll(() => t.close());

const search = async (needle: string, count: 'skip' | 'only') => {
  const res = await t.call('GET', `${url}?limit=100&count=${count}&searchTexts=${encodeURIComponent(JSON.stringify({ field1: needle }))}`, {
    user: 'librarian',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ field1: string }>; total: number };
};

describe(`accent- and case-blind plain searches (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it.each(['el', 'EL', 'é', 'eo', 'is', 'i', 'ss', 'odz', 'lodz', 'ree', 'ang', 'canon', 'CAÑON', 'n', 'l', 'xyz', 'dž'])(
    'field1 "%s": the rows foldText finds, and their count',
    async (needle) => {
      const want = VALUES.filter((v) => foldText(v).includes(foldText(needle))).sort();
      expect((await search(needle, 'skip')).items.map((i) => i.field1).sort()).toEqual(want);
      expect((await search(needle, 'only')).total).toBe(want.length);
    },
  );

  it.each(['el', 'perez', 'e', 'fin', 'c', 'o', 'n', 'l', 'ss', 'dz', 'ca', 'y'])('"%s" in each field of rows with accents everywhere', async (needle) => {
    for (const field of FIELDS) {
      const res = await t.call('GET', `${rowsUrl}?limit=100&searchTexts=${encodeURIComponent(JSON.stringify({ [field]: needle }))}`, { user: 'librarian' });
      const want = ROWS.filter((r) => foldText(r[field] ?? '').includes(needle))
        .map((r) => r.code)
        .sort();
      expect({ field, codes: (res.json() as { items: Array<{ code: string }> }).items.map((i) => i.code).sort() }).toEqual({ field, codes: want });
    }
  });
});
