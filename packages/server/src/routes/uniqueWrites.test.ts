/**
 * Uniqueness under concurrency, enforced by the database (migration 0013): the code/objectId pair per list
 * and catalogue/search list names per library whatever their case. Two writers at once: one wins, the other
 * gets the spec's answer (409 AlreadyExists / NameAlreadyExistsMessage) and nothing is doubled. Existing
 * duplicates are resolved by the migration (later item copies deleted, later names renamed "name (id)").
 */
import { sql } from 'kysely';
import { itemSearchText } from '@portal/contract';
import { uniqueItemsNames } from '../db/migrations/0013_unique_items_names';
import { addCatalogue, addSearchList, uploadAs } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';
import { writeOutcome } from '../testing/testDb';

jest.setTimeout(60_000);

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
});
afterAll(() => t.close());

const as = { user: 'librarian' as const };
const codes = (res: Array<{ statusCode: number; json(): { code?: string } }>) =>
  res.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.json().code}`)).sort();

describe.each([['catalogues'], ['searchLists']])('%s', (path) => {
  const url = (rest = '') => `/api/stores/${bib1}/${path}${rest}`;

  it('names are unique whatever their case; two creators at once: one wins, the other gets NameAlreadyExistsMessage', async () => {
    for (let round = 0; round < 3; round += 1) {
      const res = await Promise.all([`Fondo ${round}`, `fondo ${round}`, `FONDO ${round}`].map((name) => t.call('POST', url(), { ...as, body: { name } })));
      expect(codes(res)).toEqual([200, '409 NameAlreadyExistsMessage', '409 NameAlreadyExistsMessage']);
    }
    const listed = (await t.call('GET', url(), as)).json().items.map((c: { name: string }) => c.name.toLowerCase());
    expect(listed.filter((n: string) => n.startsWith('fondo')).sort()).toEqual(['fondo 0', 'fondo 1', 'fondo 2']);
    // The exists check and an edit into another case of a taken name say the same.
    expect((await t.call('POST', url('/exists'), { ...as, body: { name: 'FoNdO 0' } })).json()).toEqual({ exists: true });
    const other = (await t.call('POST', url(), { ...as, body: { name: 'Otro' } })).json();
    const edit = await t.call('PUT', url(`/${other.tid}`), { ...as, body: { name: 'FONDO 1' } });
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    // The same name in another library is fine.
    expect((await t.call('POST', `/api/stores/${bib2}/${path}`, { user: 'supervisor', body: { name: 'fondo 0' } })).statusCode).toBe(200);
  });

  it('two writers adding the same code/objectId pair at once: one item, the other 409 AlreadyExists', async () => {
    const list = (await t.call('POST', url(), { ...as, body: { name: `Pairs ${Math.random()}` } })).json().tid;
    for (const body of [{ code: 'P1' }, { code: 'P2', objectId: 'E2' }]) {
      const res = await Promise.all([1, 2, 3].map(() => t.call('POST', url(`/${list}/items`), { ...as, body })));
      expect(codes(res)).toEqual([200, '409 AlreadyExists', '409 AlreadyExists']);
    }
    expect((await t.call('GET', url(`/${list}/items`), as)).json().total).toBe(2);
  });
});

/** Whether a write was refused (writeOutcome: the driver's errors are not jest's Error). */
const outcome = async (write: Promise<unknown>): Promise<'written' | 'refused'> => ((await writeOutcome(write)) === 'stored' ? 'written' : 'refused');

describe('the database refuses a doubled pair whoever writes it', () => {
  it('items with the same pair (null = absent) in one list; fine in another list', async () => {
    const cat = await addCatalogue(t.db, bib1, 'Direct', [{ code: 'D1' }, { objectId: 'O1' }]);
    expect(await outcome(addCatalogue(t.db, bib1, 'Direct 2', [{ code: 'D1' }, { code: 'D1' }]))).toBe('refused');
    const row = (code: string | null, objectId: string | null) => ({
      store_id: bib1,
      catalogue_id: cat,
      code,
      object_id: objectId,
      field1: null,
      field2: null,
      field3: null,
      field4: null,
      field5: null,
      field6: null,
      search_text: itemSearchText({ code, objectId }),
      created_at: new Date().toISOString(),
    });
    expect(await outcome(t.db.insertInto('catalogue_items').values(row('D1', null)).execute())).toBe('refused');
    expect(await outcome(t.db.insertInto('catalogue_items').values(row(null, 'O1')).execute())).toBe('refused');
    await t.db.insertInto('catalogue_items').values(row('D1', 'O1')).execute();
    await addSearchList(t.db, bib1, 'Direct', [{ code: 'D1' }]);
  });

  it('an import counts a pair another writer added while it ran, and fails nothing', async () => {
    const cat = (await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `Import race ${Math.random()}` } })).json().tid;
    const file = await uploadAs(t, 'librarian', 'race.csv', `code\n${Array.from({ length: 3000 }, (_, i) => `R${i}`).join('\n')}\n`);
    const importing = t.call('POST', `/api/stores/${bib1}/catalogues/${cat}/import`, {
      ...as,
      body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] },
    });
    const manual = await t.call('POST', `/api/stores/${bib1}/catalogues/${cat}/items`, { ...as, body: { code: 'R2999' } });
    // Whichever wrote R2999 first, the other counts it: nothing fails, nothing is doubled.
    const imported = (await importing).json();
    if (manual.statusCode === 200) expect(imported).toEqual({ numItems: 3000, numItemsInserted: 2999 });
    else expect([manual.statusCode, manual.json().code, imported]).toEqual([409, 'AlreadyExists', { numItems: 3000, numItemsInserted: 3000 }]);
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${cat}/items`, as)).json().total).toBe(3000);
  });
});

describe('migration 0013 on existing duplicates', () => {
  it('keeps the first item of each pair, renames later containers "name (id)", then enforces both', async () => {
    await uniqueItemsNames.down!(t.db);
    try {
      const a = await addCatalogue(t.db, bib2, 'Dup', [
        { code: 'X1', field1: 'first' },
        { code: 'X1', field1: 'second' },
        { objectId: 'O', field1: 'o1' },
        { objectId: 'O' },
        { code: 'X2' },
      ]);
      const b = await addCatalogue(t.db, bib2, 'DUP', [{ code: 'X1' }]);
      const s = await addSearchList(t.db, bib2, 'dup', [{ code: 'S' }, { code: 'S' }]);
      await uniqueItemsNames.up(t.db);
      const items = await t.db.selectFrom('catalogue_items').select(['code', 'object_id', 'field1']).where('catalogue_id', '=', a).orderBy('id').execute();
      expect(items).toEqual([
        { code: 'X1', object_id: null, field1: 'first' },
        { code: null, object_id: 'O', field1: 'o1' },
        { code: 'X2', object_id: null, field1: null },
      ]);
      const names = await t.db.selectFrom('catalogues').select(['id', 'name']).where('id', 'in', [a, b]).orderBy('id').execute();
      expect(names).toEqual([
        { id: a, name: 'Dup' },
        { id: b, name: `DUP (${b})` },
      ]);
      // A search list of the same name is another table: kept; its doubled item is not.
      expect((await t.db.selectFrom('search_lists').select('name').where('id', '=', s).executeTakeFirstOrThrow()).name).toBe('dup');
      const { rows } = await sql<{ n: number }>`select count(*) as n from search_list_items where search_list_id = ${s}`.execute(t.db);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      // up() ran (or throws here): the indexes exist for the rest of the file either way.
      await uniqueItemsNames.up(t.db).catch(() => undefined);
    }
  });
});
