import { addCatalogue, addSearchList } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
});
afterAll(() => t.close());

const url = (storeId: number, rest = '') => `/api/stores/${storeId}/searchLists${rest}`;

describe('search lists', () => {
  it('creates, checks names, lists, edits and deletes search lists with unique names per library', async () => {
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Wanted' } })).json()).toEqual({ exists: false });
    const created = await t.call('POST', url(bib1), { user: 'librarian', body: { name: ' Wanted ', syncURL: 'https://example.com/wanted.csv' } });
    expect(created.statusCode).toBe(200);
    const list = created.json();
    expect(list).toEqual({ tid: expect.any(Number), name: 'Wanted', syncURL: 'https://example.com/wanted.csv', autoSync: false, lastSync: null });

    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Wanted' } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Wanted', searchListId: list.tid } })).json()).toEqual({
      exists: false,
    });
    // The catalogue body names do not apply here.
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Wanted', catalogueId: list.tid } })).statusCode).toBe(400);
    const dup = await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Wanted' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    // A catalogue of the same name does not count: search lists are their own namespace.
    await addCatalogue(t.db, bib1, 'Shared name');
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Shared name' } })).json()).toEqual({ exists: false });

    expect((await t.call('GET', url(bib1), { user: 'librarian' })).json()).toEqual({ items: [list], total: 1 });
    expect((await t.call('GET', url(bib1, `/${list.tid}`), { user: 'librarian' })).json()).toEqual(list);
    const edited = await t.call('PUT', url(bib1, `/${list.tid}`), { user: 'librarian', body: { name: 'Wanted books', syncURL: '', autoSync: true } });
    expect(edited.json()).toEqual({ ...list, name: 'Wanted books', syncURL: null, autoSync: true });
    expect((await t.call('DELETE', url(bib1, `/${list.tid}`), { user: 'librarian' })).json()).toEqual({ ids: [list.tid] });
    expect((await t.call('GET', url(bib1), { user: 'librarian' })).json()).toEqual({ items: [], total: 0 });
  });

  it('keeps items with the code/objectId rules and counts them per library', async () => {
    const id = (await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Items' } })).json().tid;
    const items = (rest = '') => url(bib1, `/${id}/items${rest}`);
    const a = await t.call('POST', items(), { user: 'librarian', body: { code: 'C1', objectId: 'E1' } });
    expect(a.json()).toMatchObject({ code: 'C1', objectId: 'E1' });
    expect((await t.call('POST', items(), { user: 'librarian', body: { code: 'C1', objectId: 'E1' } })).json().code).toBe('AlreadyExists');
    expect((await t.call('POST', items(), { user: 'librarian', body: { field1: 'x' } })).json().code).toBe('AtLeastOneCodeMessage');
    expect((await t.call('POST', items('/exists'), { user: 'librarian', body: { code: 'C1', objectId: 'E1' } })).json()).toEqual({ exists: true, code: 'C1' });
    expect(
      (await t.call('POST', items('/exists'), { user: 'librarian', body: { code: 'C1', objectId: 'E1', searchListItemId: a.json().tid } })).json(),
    ).toEqual({ exists: false, code: 'C1' });
    expect((await t.call('PUT', items(`/${a.json().tid}`), { user: 'librarian', body: { code: 'C2', objectId: null } })).json()).toMatchObject({
      code: 'C2',
      objectId: null,
    });
    await addSearchList(t.db, bib1, 'More', [{ code: 'C2' }, { code: 'C3' }]);
    expect((await t.call('GET', url(bib1, '/numSearchListItems'), { user: 'librarian' })).json()).toEqual({ numItems: 3, numItemsDistinct: 2 });
    expect((await t.call('DELETE', items(`/${a.json().tid}`), { user: 'librarian' })).json()).toEqual({ ids: [a.json().tid] });
    expect((await t.call('GET', items(), { user: 'librarian' })).json()).toEqual({ items: [], total: 0 });
  });

  it('adds items from a catalogue (chosen ids or a search), skipping pairs already there', async () => {
    const catalogue = await addCatalogue(t.db, bib1, 'Fondo', [
      { code: 'S1', field1: 'Canción' },
      { code: 'S2', field1: 'Poema' },
      { code: 'S3', field1: 'canciones' },
    ]);
    const target = await addSearchList(t.db, bib1, 'Target', [{ code: 'S1' }]);
    const catalogueItems = (await t.call('GET', `/api/stores/${bib1}/catalogues/${catalogue}/items`, { user: 'librarian' })).json().items;
    const ids = catalogueItems.map((i: { tid: number }) => i.tid);
    const byIds = await t.call('POST', url(bib1, `/${target}/items/catalogue`), {
      user: 'librarian',
      body: { parentId: catalogue, itemIds: [ids[0], ids[1]], searchTexts: {} },
    });
    expect(byIds.json()).toEqual({ numItems: 2, numItemsInserted: 1 });
    const bySearch = await t.call('POST', url(bib1, `/${target}/items/catalogue`), {
      user: 'librarian',
      body: { parentId: catalogue, compareId: null, itemIds: [], searchTexts: { field1: 'CANCION' } },
    });
    expect(bySearch.json()).toEqual({ numItems: 2, numItemsInserted: 1 });
    const got = (await t.call('GET', url(bib1, `/${target}/items`), { user: 'librarian' })).json();
    expect(got.items.map((i: { code: string }) => i.code)).toEqual(['S1', 'S2', 'S3']);
    // The catalogue itself is untouched.
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${catalogue}/items`, { user: 'librarian' })).json().total).toBe(3);
  });

  it('needs the inventories permission and a library the user holds; other libraries answer like missing ones', async () => {
    const theirs = await addSearchList(t.db, bib2, 'Theirs', [{ code: 'B1' }]);
    const theirCatalogue = await addCatalogue(t.db, bib2, 'Their catalogue', [{ code: 'B1' }]);
    const mine = await addSearchList(t.db, bib1, 'Mine');
    expect((await t.call('GET', url(bib1), { user: 'manager' })).statusCode).toBe(403);
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'manager', body: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call('GET', url(bib1))).statusCode).toBe(401);
    const other = await t.call('GET', url(bib2), { user: 'librarian' });
    const missing = await t.call('GET', url(99999), { user: 'librarian' });
    expect([other.statusCode, missing.statusCode]).toEqual([403, 403]);
    expect(other.json().code).toBe(missing.json().code);
    for (const [method, path] of [
      ['GET', `/${theirs}`],
      ['GET', `/${theirs}/items`],
      ['PUT', `/${theirs}`],
      ['POST', `/${theirs}/items`],
      ['GET', `/${theirs}/sync`],
      ['POST', `/${theirs}/items/exists`],
      ['GET', '/424242/items'],
    ] as const) {
      const body = method === 'GET' ? undefined : path.endsWith('items') ? { code: 'x' } : path.endsWith('exists') ? { code: 'B1' } : { name: 'x' };
      const res = await t.call(method, url(bib1, path), { user: 'librarian', body });
      expect([path, res.statusCode, res.json().code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    expect((await t.call('DELETE', url(bib1, `/${theirs}`), { user: 'librarian' })).json()).toEqual({ ids: [] });
    // Items cannot be pulled from another library's catalogue into one's own search list.
    const pulled = await t.call('POST', url(bib1, `/${mine}/items/catalogue`), { user: 'librarian', body: { parentId: theirCatalogue, itemIds: [] } });
    expect(pulled.statusCode).toBe(403);
    expect((await t.call('GET', url(bib2, `/${theirs}/items`), { user: 'supervisor' })).json().total).toBe(1);
  });
});
