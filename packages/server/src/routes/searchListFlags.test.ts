/**
 * Search lists flag scanned items (data-areas §3 Inventory item searchListId / searchListName): a scan whose
 * code, or else objectId, is on one of its library's search lists carries the oldest such list, whichever way
 * it arrived (manual add or edit, import, Add Items To), and the flag follows later edits of the search lists.
 * Another library's lists never flag. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { addCatalogue, addSearchList, addSectionThroughApi, uploadAs } from '../lists/testing/helpers';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let listA: number;
let listB: number;
const as = { user: 'librarian' as const };

beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  await t.db.updateTable('stores').set({ field_object_id: 'RFID' }).where('id', '=', bib1).execute();
  // Another library's list, older than bib1's and holding the same codes: it must never flag bib1's scans.
  await addSearchList(t.db, bib2, 'Theirs', [{ code: 'C1' }, { code: 'C9' }, { objectId: 'O2' }]);
  listA = await addSearchList(t.db, bib1, 'Wanted', [{ code: 'C1', objectId: 'E1' }]);
  listB = await addSearchList(t.db, bib1, 'Novelties', [{ code: 'C1' }, { code: 'C2', objectId: 'O2' }]);
});
afterAll(() => t.close());

type Flag = { code: string | null; objectId: string | null; searchListId: number | null; searchListName: string | null };
const flagsOf = async (items: string): Promise<Flag[]> => {
  const res = await t.call('GET', `${items}${listQuery({ order: ['tid', 'asc'], limit: 100 })}`, as);
  expect(res.statusCode).toBe(200);
  return (res.json().items as Flag[]).map(({ code, objectId, searchListId, searchListName }) => ({ code, objectId, searchListId, searchListName }));
};
const flag = (code: string | null, objectId: string | null, list: number | null) => ({
  code,
  objectId,
  searchListId: list,
  searchListName: list === null ? null : list === listA ? 'Wanted' : list === listB ? 'Novelties' : '?',
});

describe('every way a scan arrives sets its flag', () => {
  it('manual add and edit: by code (the oldest list holding it), else by objectId; not by another library', async () => {
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    for (const body of [{ code: 'C1' }, { code: 'X', objectId: 'O2' }, { code: 'C9' }, { code: 'Z' }]) {
      expect((await t.call('POST', items, { ...as, body })).statusCode).toBe(200);
    }
    expect(await flagsOf(items)).toEqual([flag('C1', null, listA), flag('X', 'O2', listB), flag('C9', null, null), flag('Z', null, null)]);
    const added = (await t.call('POST', items, { ...as, body: { code: 'C2' } })).json();
    expect([added.searchListId, added.searchListName]).toEqual([listB, 'Novelties']);
    const edited = (await t.call('PUT', `${items}/${added.tid}`, { ...as, body: { code: 'Y' } })).json();
    expect([edited.code, edited.searchListId, edited.searchListName]).toEqual(['Y', null, null]);
  });

  it('import into a section', async () => {
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    const file = await uploadAs(t, 'librarian', 'scans.csv', 'code,rfid\nC1,\nX,O2\nC9,\nZ,\n');
    const res = await t.call('POST', items.replace(/\/items$/, '/import'), {
      ...as,
      body: { fileName: file, sheetIndex: null, fields: [{ code: 0, objectId: 1 }] },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { numItems: 4, numItemsInserted: 4 }]);
    expect(await flagsOf(items)).toEqual([flag('C1', null, listA), flag('X', 'O2', listB), flag('C9', null, null), flag('Z', null, null)]);
  });

  it('Add Items To a section', async () => {
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    const catalogue = await addCatalogue(t.db, bib1, `Source ${Math.random()}`, [{ code: 'C1' }, { code: 'X', objectId: 'O2' }, { code: 'C9' }]);
    const res = await t.call('POST', `${items}/catalogue`, { ...as, body: { parentId: catalogue, itemIds: [] } });
    expect([res.statusCode, res.json()]).toEqual([200, { numItems: 3, numItemsInserted: 3 }]);
    expect(await flagsOf(items)).toEqual([flag('C1', null, listA), flag('X', 'O2', listB), flag('C9', null, null)]);
  });
});

describe("the flag follows the library's search lists", () => {
  it("an entry added, removed, a list imported or deleted: earlier scans are flagged again; another library's edits change nothing", async () => {
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    for (const code of ['C1', 'Z', 'W']) await t.call('POST', items, { ...as, body: { code } });
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, null, null]);

    const listBItems = `/api/stores/${bib1}/searchLists/${listB}/items`;
    const entry = (await t.call('POST', listBItems, { ...as, body: { code: 'Z' } })).json();
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, listB, null]);
    await t.call('PUT', `${listBItems}/${entry.tid}`, { ...as, body: { code: 'W' } });
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, null, listB]);
    await t.call('DELETE', `${listBItems}/${entry.tid}`, as);
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, null, null]);

    // A new list imported from a file (multi import: one list per sheet).
    const file = await uploadAs(t, 'librarian', 'Lost.csv', 'code\nZ\n');
    expect(
      (await t.call('POST', `/api/stores/${bib1}/searchLists/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] } })).statusCode,
    ).toBe(200);
    const lost = (await t.db.selectFrom('search_lists').select('id').where('store_id', '=', bib1).where('name', '=', 'Lost').executeTakeFirstOrThrow()).id;
    expect(await flagsOf(items)).toEqual([flag('C1', null, listA), { ...flag('Z', null, lost), searchListName: 'Lost' }, flag('W', null, null)]);

    // A file imported into a list, and Add Items To a list, flag the scans holding their entries.
    const upload = await uploadAs(t, 'librarian', 'more.csv', 'code\nW\n');
    expect(
      (
        await t.call('POST', `/api/stores/${bib1}/searchLists/${listB}/import`, { ...as, body: { fileName: upload, sheetIndex: null, fields: [{ code: 0 }] } })
      ).json(),
    ).toEqual({ numItems: 1, numItemsInserted: 1 });
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, lost, listB]);
    const source = await addCatalogue(t.db, bib1, `Source ${Math.random()}`, [{ code: 'W' }]);
    const fresh = (await t.call('POST', `/api/stores/${bib1}/searchLists`, { ...as, body: { name: 'Fresh' } })).json().tid as number;
    expect(
      (await t.call('POST', `/api/stores/${bib1}/searchLists/${fresh}/items/catalogue`, { ...as, body: { parentId: source, itemIds: [] } })).json(),
    ).toEqual({ numItems: 1, numItemsInserted: 1 });
    await t.call(
      'DELETE',
      `${listBItems}/${(await t.db.selectFrom('search_list_items').select('id').where('search_list_id', '=', listB).where('code', '=', 'W').executeTakeFirstOrThrow()).id}`,
      as,
    );
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, lost, fresh]);
    expect((await t.call('DELETE', `/api/stores/${bib1}/searchLists/${fresh}`, as)).statusCode).toBe(200);
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, lost, null]);

    // Another library's list gets W: nothing changes here.
    const theirs = (await t.db.selectFrom('search_lists').select('id').where('store_id', '=', bib2).executeTakeFirstOrThrow()).id;
    expect((await t.call('POST', `/api/stores/${bib2}/searchLists/${theirs}/items`, { user: 'admin', body: { code: 'W' } })).statusCode).toBe(200);
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listA, lost, null]);

    // Deleting the list that flagged C1 hands it to the next list holding it; deleting the last, to none.
    expect((await t.call('DELETE', `/api/stores/${bib1}/searchLists/${listA}`, as)).statusCode).toBe(200);
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listB, lost, null]);
    expect((await t.call('DELETE', `/api/stores/${bib1}/searchLists/${lost}/items`, as)).statusCode).toBe(200);
    expect((await flagsOf(items)).map((f) => f.searchListId)).toEqual([listB, null, null]);
  });

  it('the items lists filter by search list', async () => {
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    for (const code of ['C1', 'C2', 'Q']) await t.call('POST', items, { ...as, body: { code } });
    const all = `/api/stores/${bib1}/inventoryGroups/allItems`;
    const res = await t.call('GET', `${all}${listQuery({ searchTexts: { searchListId: String(listB) }, limit: 100 })}`, as);
    expect(res.statusCode).toBe(200);
    expect(new Set((res.json().items as Flag[]).map((i) => i.searchListId))).toEqual(new Set([listB]));
    expect((res.json().items as Flag[]).map((i) => i.code)).toEqual(expect.arrayContaining(['C1', 'C2']));
  });
});
