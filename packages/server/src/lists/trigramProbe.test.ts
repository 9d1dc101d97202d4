/**
 * SQLite's trigram probe asks the index first for the rows holding the text's last four trigrams (codes share
 * their first digits, whose trigrams every row holds): a superset of the rows holding the text, which the field
 * test narrows to exactly the matches; when that superset is large it asks with the whole text (LIKE) as before.
 * On PostgreSQL (no probe) the same searches give the same rows.
 */
import { addCatalogue } from './testing/helpers';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import { listPage } from './engine';
import { CANDIDATE_LIMIT, planSearch, probeIndex } from './search';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

const SQLITE = !process.env.TEST_DATABASE_URL;

let t: TestApp;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  const rows = [
    { code: 'Q1', field1: 'abcdefg' },
    { code: 'Q2', field1: 'xx ABCDÉFG yy' },
    // Holds the last four trigrams of 'abcdefg' (bcd cde def efg) and 'abc', never 'abcdefg' itself.
    { code: 'Q3', field1: 'bcdefg abc' },
    { code: 'Q4', field1: 'abcdef' },
    // Every generated row holds 'ab1234' (the common start), as every code of a library shares its first digits.
    ...Array.from({ length: CANDIDATE_LIMIT + 20 }, (_, i) => ({ code: `ab1234${String(i).padStart(5, '0')}`, field1: 'x' })),
  ];
  catalogueId = await addCatalogue(t.db, store, 'Probe', rows);
}, 60_000);
afterAll(() => t.close());

const scope = () => ({ catalogue_id: catalogueId });
const codes = async (searchTexts: Record<string, string>, count: 'skip' | 'only' | undefined = undefined) =>
  listPage(t.db, CATALOGUE_ITEMS_LIST, scope(), { searchTexts, count, limit: 100 });

describe(`trigram probe (${SQLITE ? 'sqlite' : 'postgres'})`, () => {
  it('a text whose last trigrams few rows hold: their ids, a superset the field test narrows', async () => {
    const [term] = await probeIndex(t.db, CATALOGUE_ITEMS_LIST, scope(), planSearch(CATALOGUE_ITEMS_LIST, { field1: 'abcdefg' }));
    if (SQLITE) expect(term.candidates?.length).toBe(3);
    const page = await codes({ field1: 'abcdefg' });
    expect(page.items.map((i) => i.code).sort()).toEqual(['Q1', 'Q2']);
    expect(page.total).toBe(2);
    expect((await codes({ field1: 'abcdefg' }, 'only')).total).toBe(2);
    expect((await codes({ field1: '/bcdefg/' })).items.map((i) => i.code).sort()).toEqual(['Q1', 'Q2', 'Q3']);
  });

  it('a code whose first digits every row shares', async () => {
    const [term] = await probeIndex(t.db, CATALOGUE_ITEMS_LIST, scope(), planSearch(CATALOGUE_ITEMS_LIST, { code: 'ab123400017' }));
    if (SQLITE) expect(term.candidates?.length).toBeLessThanOrEqual(CANDIDATE_LIMIT);
    expect((await codes({ code: 'AB123400017' })).items.map((i) => i.code)).toEqual(['ab123400017']);
    expect((await codes({ code: 'ab12340001' }, 'skip')).items.map((i) => i.code)).toEqual(Array.from({ length: 10 }, (_, i) => `ab12340001${i}`));
    expect((await codes({ code: 'ab12340001' }, 'only')).total).toBe(10);
  });

  it('a text whose last trigrams many rows hold: the whole text is probed as before', async () => {
    // The last four trigrams of 'zab1234' (ab1 b12 123 234) are held by every generated code; the text by none.
    const [term] = await probeIndex(t.db, CATALOGUE_ITEMS_LIST, scope(), planSearch(CATALOGUE_ITEMS_LIST, { code: 'zab1234' }));
    if (SQLITE) expect(term.candidates).toEqual([]);
    expect((await codes({ code: 'zab1234' }, 'only')).total).toBe(0);
    expect((await codes({ code: 'b12340201' }, 'only')).total).toBe(10);
  });
});
