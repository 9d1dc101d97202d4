import { minimalStores } from '../demo/seedMinimal';
import { createTestDb, type TestDb } from '../testing/testDb';
import { CATALOGUE_ITEMS_LIST, CATALOGUES_LIST } from './definitions';
import { listPage } from './engine';
import { CANDIDATE_LIMIT, planSearch, probeIndex } from './search';
import { openRegexBudget } from './sqlite';
import { addCatalogue } from './testing/helpers';
import { normalizeItem } from './items';
import { updateItem } from '../queries/containers';
import { CATALOGUES } from '../services/containers';
import { sql } from 'kysely';
import { MAX_LIST_OFFSET } from '@portal/contract';

let t: TestDb;
let catalogueId: number;
let otherId: number;
let storeId: number;

const ITEMS = [
  { code: 'BC001', objectId: 'E2801', field1: 'Canción de cuna', field2: 'García Márquez' },
  { code: 'BC002', objectId: 'E2802', field1: 'El árbol', field2: 'Lorca' },
  { code: 'bc003', objectId: null, field1: 'NIÑO perdido', field2: 'garcia' },
  { code: 'XZ-900', objectId: 'E2899', field1: 'Código 1234', field2: null },
  { code: null, objectId: 'ONLY-OBJ', field1: 'Sin código', field2: 'Pérez' },
  { code: 'BC010', objectId: 'E2810', field1: 'cancion', field2: 'Anónimo' },
];

beforeAll(async () => {
  t = await createTestDb();
  const [store] = await t.db.insertInto('stores').values(minimalStores()[0]).returning('id').execute();
  storeId = store.id;
  catalogueId = await addCatalogue(t.db, storeId, 'Main', ITEMS);
  otherId = await addCatalogue(t.db, storeId, 'Other', [{ code: 'BC001', field1: 'Canción' }]);
});
afterAll(() => t.destroy());

const page = (params: Parameters<typeof listPage>[3]) => listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, params);
const codes = async (params: Parameters<typeof listPage>[3]) => (await page(params)).items.map((i) => i.code ?? i.objectId);

describe(`list engine (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('pages in id order with the total of the scoped list', async () => {
    expect(await page({ offset: 0, limit: 2 })).toMatchObject({ total: 6, items: [{ code: 'BC001', field1: 'Canción de cuna' }, { code: 'BC002' }] });
    expect(await codes({ offset: 4, limit: 25 })).toEqual(['ONLY-OBJ', 'BC010']);
    expect(await page({ offset: 10, limit: 25 })).toEqual({ items: [], total: 6 });
  });

  it('answers the page without counting (count=skip) and the count alone (count=only), exact once known', async () => {
    // A page that does not reach the end: a lower bound (one more than the rows so far when more follow).
    expect(await page({ limit: 2, count: 'skip' })).toMatchObject({ total: 3, totalKnown: false, items: [{ code: 'BC001' }, { code: 'BC002' }] });
    expect(await page({ offset: 2, limit: 2, count: 'skip' })).toMatchObject({ total: 5, totalKnown: false });
    // A page that reaches the end tells the exact total, also when it is exactly full.
    expect(await page({ offset: 4, limit: 2, count: 'skip' })).toEqual({
      total: 6,
      items: [expect.objectContaining({ code: null }), expect.objectContaining({ code: 'BC010' })],
    });
    expect(await page({ searchTexts: { field1: 'cancion' }, count: 'skip' })).toMatchObject({ total: 2, items: [{ code: 'BC001' }, { code: 'BC010' }] });
    expect((await page({ offset: 10, count: 'skip' })).totalKnown).toBe(false);
    expect(await page({ searchTexts: { field1: 'cancion' }, count: 'only', limit: 1 })).toEqual({ items: [], total: 2 });
    expect(await page({ searchTexts: { field1: '/^c[aá]ncion/' }, count: 'only' })).toEqual({ items: [], total: 2 });
    expect(await page({ searchTexts: { field2: 'GARCÍA', code: 'bc' }, count: 'only' })).toEqual({ items: [], total: 2 });
    expect(await page({ count: 'only' })).toEqual({ items: [], total: 6 });
  });

  it('searches short texts (one, two letters) and accented values on every row, not only those the index can narrow', async () => {
    expect(await codes({ searchTexts: { field1: 'N' } })).toEqual(['BC001', 'bc003', 'ONLY-OBJ', 'BC010']);
    expect(await codes({ searchTexts: { field1: 'Ó' } })).toEqual(['BC001', 'BC002', 'bc003', 'XZ-900', 'ONLY-OBJ', 'BC010']);
    expect(await codes({ searchTexts: { field1: 'EL' } })).toEqual(['BC002']);
    expect(await codes({ searchTexts: { field2: 'ez' } })).toEqual(['BC001', 'ONLY-OBJ']);
    expect(await codes({ searchTexts: { field1: '/^(c|n)/' } })).toEqual(['BC001', 'bc003', 'XZ-900', 'BC010']);
    expect(await codes({ searchTexts: { field1: '/^[^c]/' } })).toEqual(['BC002', 'bc003', 'ONLY-OBJ']);
  });

  it('refuses offsets past MAX_LIST_OFFSET with OFFSET_TOO_LARGE (deep offsets scan every row before them)', async () => {
    await expect(page({ offset: MAX_LIST_OFFSET + 1, limit: 25 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'OFFSET_TOO_LARGE',
      details: { max: MAX_LIST_OFFSET },
    });
    expect(await page({ offset: MAX_LIST_OFFSET, limit: 25 })).toEqual({ items: [], total: 6 });
  });

  it('matches plain texts as substrings ignoring case and accents, in the searched field only', async () => {
    expect(await codes({ searchTexts: { field1: 'CANCIÓN' } })).toEqual(['BC001', 'BC010']);
    expect(await codes({ searchTexts: { field1: 'nino' } })).toEqual(['bc003']);
    expect(await codes({ searchTexts: { field2: 'garcía' } })).toEqual(['BC001', 'bc003']);
    // 'garcia' is in field2 of BC001, not in its field1.
    expect(await codes({ searchTexts: { field1: 'garcia' } })).toEqual([]);
    expect(await codes({ searchTexts: { code: 'bc0' } })).toEqual(['BC001', 'BC002', 'bc003', 'BC010']);
    expect((await page({ searchTexts: { code: 'bc0', field1: 'cancion' } })).total).toBe(2);
    expect(await codes({ searchTexts: { field1: '%' } })).toEqual([]);
    expect(await codes({ searchTexts: { tid: String((await page({ limit: 1 })).items[0].tid) } })).toEqual(['BC001']);
  });

  it('keeps the substring index in step with inserts, edits and deletes', async () => {
    const id = await addCatalogue(t.db, storeId, 'Indexed', [{ code: 'ZETA-1', field1: 'Primera edición' }]);
    const scope = { catalogue_id: id };
    const find = async (searchTexts: Record<string, string>) => (await listPage(t.db, CATALOGUE_ITEMS_LIST, scope, { searchTexts })).items.map((i) => i.code);
    expect(await find({ field1: 'EDICION' })).toEqual(['ZETA-1']);
    const [item] = (await listPage(t.db, CATALOGUE_ITEMS_LIST, scope, {})).items;
    await updateItem(t.db, CATALOGUES, item.tid, normalizeItem({ code: 'OMEGA-2', field1: 'Segunda impresión' }));
    expect(await find({ field1: 'edicion' })).toEqual([]);
    expect(await find({ field1: 'impresion' })).toEqual(['OMEGA-2']);
    expect(await find({ code: '/^omega-\\d$/' })).toEqual(['OMEGA-2']);
    await t.db.deleteFrom('catalogues').where('id', '=', id).execute();
    const again = await addCatalogue(t.db, storeId, 'Indexed again', [{ code: 'OTHER', field1: 'otra' }]);
    expect((await listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: again }, { searchTexts: { field1: 'impresion' } })).total).toBe(0);
    expect((await listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: again }, { searchTexts: { field1: 'otr' } })).total).toBe(1);
    await t.db.deleteFrom('catalogues').where('id', '=', again).execute();
  });

  it('finds the same rows whether the index answers with few candidates or a scan is cheaper', async () => {
    const many = Array.from({ length: CANDIDATE_LIMIT + 100 }, (_, i) => ({ code: `M${i}`, field1: `Palabra común ${i}` }));
    const id = await addCatalogue(t.db, storeId, 'Many', many);
    const total = async (searchTexts: Record<string, string>) =>
      (await listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: id }, { searchTexts, limit: 5 })).total;
    expect(await total({ field1: 'COMUN' })).toBe(CANDIDATE_LIMIT + 100);
    expect(await total({ field1: 'común 2099' })).toBe(1);
    expect(await total({ field1: '/^palabra comun \\d+$/' })).toBe(CANDIDATE_LIMIT + 100);
    expect(await total({ field1: '/comun 20\\d\\d$/' })).toBe(100);
    expect(await total({ code: 'comun' })).toBe(0);
    await t.db.deleteFrom('catalogues').where('id', '=', id).execute();
  });

  it('counts and pages a common text of a large list exactly when the index is joined instead of scanning', async () => {
    const common = CANDIDATE_LIMIT + 100;
    const items = [
      ...Array.from({ length: common }, (_, i) => ({ code: `J${i}`, field1: `Río común ${i}`, field2: i % 2 ? 'García' : 'Lorca' })),
      // 'comun' in field2 only, and across the field1/field2 boundary ('rio' + ' ' + 'comun...'): not field1 matches.
      ...Array.from({ length: 300 }, (_, i) => ({ code: `K${i}`, field1: 'Otro río', field2: `común ${i}` })),
      ...Array.from({ length: 5000 }, (_, i) => ({ code: `L${i}`, field1: `Nada ${i}`, field2: null })),
    ];
    const id = await addCatalogue(t.db, storeId, 'Large', items);
    const scope = { catalogue_id: id };
    const [term] = await probeIndex(t.db, CATALOGUE_ITEMS_LIST, scope, planSearch(CATALOGUE_ITEMS_LIST, { field1: 'comun' }));
    if (!process.env.TEST_DATABASE_URL) expect(term.ftsMatch).toBeDefined();
    const search = (searchTexts: Record<string, string>, extra: Parameters<typeof listPage>[3] = {}) =>
      listPage(t.db, CATALOGUE_ITEMS_LIST, scope, { searchTexts, limit: 3, ...extra });
    expect(await search({ field1: 'COMÚN' })).toMatchObject({ total: common, items: [{ code: 'J0' }, { code: 'J1' }, { code: 'J2' }] });
    expect((await search({ field1: 'rio comun' })).total).toBe(common);
    expect((await search({ field1: 'comun', field2: 'garcia' })).total).toBe(common / 2);
    expect((await search({ field1: 'comun', code: 'j1' })).total).toBe(1 + 10 + 100 + 1000);
    expect((await search({ field1: 'comun' }, { order: ['field1', 'desc'] })).items.map((i) => i.field1)).toEqual([
      'Río común 999',
      'Río común 998',
      'Río común 997',
    ]);
    expect((await search({ field1: 'comun' }, { offset: common - 1 })).items.map((i) => i.code)).toEqual([`J${common - 1}`]);
    // One page alone (count=skip) reads the list in order instead of joining the index: the same rows.
    expect(await search({ field1: 'COMÚN' }, { count: 'skip' })).toMatchObject({
      total: 4,
      totalKnown: false,
      items: [{ code: 'J0' }, { code: 'J1' }, { code: 'J2' }],
    });
    expect((await search({ field1: 'comun', field2: 'garcia' }, { count: 'skip', order: ['code', 'desc'] })).items.map((i) => i.code)).toEqual([
      'J999',
      'J997',
      'J995',
    ]);
    expect((await search({ field1: 'comun' }, { count: 'skip', offset: common - 2 })).items.map((i) => i.code)).toEqual([`J${common - 2}`, `J${common - 1}`]);
    await t.db.deleteFrom('catalogues').where('id', '=', id).execute();
  });

  it('treats /text/ as a regular expression, ignoring case and accents', async () => {
    expect(await codes({ searchTexts: { code: '/^bc00[13]$/' } })).toEqual(['BC001', 'bc003']);
    expect(await codes({ searchTexts: { field1: '/^c[aá]ncion/' } })).toEqual(['BC001', 'BC010']);
    expect(await codes({ searchTexts: { field1: '/código \\d+/' } })).toEqual(['XZ-900']);
    expect(await codes({ searchTexts: { field2: '/^p.rez$/' } })).toEqual(['ONLY-OBJ']);
    expect(await codes({ searchTexts: { code: '/\\D{2}-\\d+/' } })).toEqual(['XZ-900']);
  });

  it('refuses unsafe or invalid regular expressions with 400 INVALID_REGEX', async () => {
    for (const pattern of ['/(a+)+$/', '/(a)\\1/', '/(?=x)/', '/[a/', `/${'a'.repeat(150)}/`]) {
      await expect(page({ searchTexts: { code: pattern } })).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_REGEX' });
    }
  });

  it('refuses unknown fields in searchTexts and order', async () => {
    await expect(page({ searchTexts: { search_text: 'x' } })).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    await expect(page({ order: ['catalogue_id', 'asc'] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(page({ searchTexts: { 'code; drop table stores': 'x' } })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('orders by a field (nulls first ascending, last descending) with id breaking ties', async () => {
    expect(await codes({ order: ['code', 'asc'], limit: 2 })).toEqual(['ONLY-OBJ', 'BC001']);
    expect((await codes({ order: ['code', 'desc'] })).at(-1)).toBe('ONLY-OBJ');
    expect(await codes({ order: ['field2', 'desc'], searchTexts: { code: 'bc0' }, offset: 1, limit: 2 })).toEqual(['BC001', 'bc003']);
    // Case does not split the order.
    expect(await codes({ order: ['field1', 'asc'], searchTexts: { code: 'bc0' } })).toEqual(['BC010', 'BC001', 'BC002', 'bc003']);
  });

  it('lists catalogues with boolean and text fields', async () => {
    const scope = { store_id: storeId };
    expect((await listPage(t.db, CATALOGUES_LIST, scope, { order: ['name', 'desc'] })).items.map((c) => c.name)).toEqual(['Other', 'Main']);
    expect((await listPage(t.db, CATALOGUES_LIST, scope, { searchTexts: { autoSync: 'no' } })).total).toBe(2);
    expect((await listPage(t.db, CATALOGUES_LIST, scope, { searchTexts: { name: '/^oth/' } })).items).toEqual([
      { tid: otherId, name: 'Other', syncURL: null, autoSync: false, lastSync: null },
    ]);
  });

  if (!process.env.TEST_DATABASE_URL) {
    it('stops a SQLite regular-expression scan that runs past its time budget', async () => {
      const budget = openRegexBudget(-1);
      try {
        const query = sql`select count(*) from catalogue_items a, catalogue_items b, catalogue_items c, catalogue_items d, catalogue_items e where regexp('^x', a.id || b.id || c.id || d.id || e.id, ${budget.key}) = 0`;
        await expect(query.execute(t.db)).rejects.toThrow('took too long');
      } finally {
        budget.close();
      }
    });
  }
});
