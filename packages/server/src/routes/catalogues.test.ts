import { addCatalogue } from '../lists/testing/helpers';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

let t: TestApp;
let bib1: number;
let bib2: number;
let bib3: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2, bib3] = [await t.storeId('BIB-001'), await t.storeId('BIB-002'), await t.storeId('BIB-003')];
});
afterAll(() => t.close());

const url = (storeId: number, rest = '') => `/api/stores/${storeId}/catalogues${rest}`;
const q = listQuery;

describe('catalogues', () => {
  it('creates, reads, lists, edits and deletes catalogues with unique names per library', async () => {
    const created = await t.call('POST', url(bib1), { user: 'librarian', body: { name: ' Fondo general ', syncURL: 'https://example.com/items.csv' } });
    expect(created.statusCode).toBe(200);
    const cat = created.json();
    expect(cat).toEqual({ tid: expect.any(Number), name: 'Fondo general', syncURL: 'https://example.com/items.csv', autoSync: false, lastSync: null });
    expect((await t.call('GET', url(bib1, `/${cat.tid}`), { user: 'librarian' })).json()).toEqual(cat);

    const dup = await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Fondo general' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('NameAlreadyExistsMessage');
    // The same name in another library is fine.
    expect((await t.call('POST', url(bib3), { user: 'librarian', body: { name: 'Fondo general' } })).statusCode).toBe(200);

    const list = await t.call('GET', url(bib1, q({ searchTexts: { name: 'FONDO' }, order: ['name', 'asc'], offset: 0, limit: 25 })), { user: 'librarian' });
    expect(list.json()).toEqual({ items: [cat], total: 1 });

    const edited = await t.call('PUT', url(bib1, `/${cat.tid}`), { user: 'librarian', body: { name: 'Fondo', syncURL: '', autoSync: true } });
    expect(edited.json()).toEqual({ ...cat, name: 'Fondo', syncURL: null, autoSync: true });
    const other = (await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Otro' } })).json();
    const clash = await t.call('PUT', url(bib1, `/${other.tid}`), { user: 'librarian', body: { name: 'Fondo' } });
    expect(clash.json().code).toBe('NameAlreadyExistsMessage');

    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Fondo' } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Fondo', catalogueId: cat.tid } })).json()).toEqual({
      exists: false,
    });
    expect((await t.call('POST', url(bib1, '/exists'), { user: 'librarian', body: { name: 'Nuevo' } })).json()).toEqual({ exists: false });

    const deleted = await t.call('DELETE', url(bib1, `/${cat.tid},${other.tid}`), { user: 'librarian' });
    expect(deleted.json()).toEqual({ ids: [cat.tid, other.tid] });
    expect((await t.call('GET', url(bib1), { user: 'librarian' })).json().total).toBe(0);
  });

  it("refuses sync URLs that are not http(s) with 'Invalid URL'", async () => {
    for (const syncURL of ['ftp://example.com/a.csv', 'not a url', 'javascript:alert(1)', 'http://user:pw@example.com/']) {
      const res = await t.call('POST', url(bib1), { user: 'librarian', body: { name: `bad ${syncURL}`, syncURL } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_URL', message: 'Invalid URL' });
    }
  });

  it('needs the inventories permission and a library the user holds; other libraries answer like missing ones', async () => {
    const mine = await addCatalogue(t.db, bib1, 'Mine', [{ code: 'A1' }]);
    const theirs = await addCatalogue(t.db, bib2, 'Theirs', [{ code: 'B1' }]);
    // manager holds BIB-001 but lacks 'inventories'.
    expect((await t.call('GET', url(bib1), { user: 'manager' })).statusCode).toBe(403);
    expect((await t.call('GET', url(bib1))).statusCode).toBe(401);
    // librarian holds BIB-001 and BIB-003, not BIB-002.
    const other = await t.call('GET', url(bib2), { user: 'librarian' });
    const missing = await t.call('GET', url(99999), { user: 'librarian' });
    expect(other.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(other.json().code).toBe(missing.json().code);
    // A catalogue of another library, reached through a library the user holds: same answer as a missing one.
    for (const [method, path] of [
      ['GET', `/${theirs}`],
      ['GET', `/${theirs}/items`],
      ['PUT', `/${theirs}`],
      ['POST', `/${theirs}/items`],
      ['GET', `/${theirs}/sync`],
      ['GET', '/424242/items'],
    ] as const) {
      const body = method === 'GET' ? undefined : path.endsWith('items') ? { code: 'x' } : { name: 'x' };
      const res = await t.call(method, url(bib1, path), { user: 'librarian', body });
      expect([path, res.statusCode, res.json().code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    // Deleting someone else's catalogue through your library deletes nothing.
    expect((await t.call('DELETE', url(bib1, `/${theirs}`), { user: 'librarian' })).json()).toEqual({ ids: [] });
    expect((await t.call('GET', url(bib2, `/${theirs}/items`), { user: 'supervisor' })).json().total).toBe(1);
    expect((await t.call('GET', url(bib1, `/${mine}/items`), { user: 'admin' })).json().total).toBe(1);
  });
});

describe('catalogue items', () => {
  let catalogueId: number;
  beforeAll(async () => {
    catalogueId = (await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Items' } })).json().tid;
  });
  const items = (rest = '') => url(bib1, `/${catalogueId}/items${rest}`);

  it('adds, lists, edits and deletes items with the code/objectId rules (the library labels an objectId column)', async () => {
    const a = await t.call('POST', items(), { user: 'librarian', body: { code: ' 001 ', objectId: 'E1', field1: 'Título' } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({
      tid: expect.any(Number),
      code: '001',
      objectId: 'E1',
      field1: 'Título',
      field2: null,
      field3: null,
      field4: null,
      field5: null,
      field6: null,
    });
    // objectId alone is enough when the library has an objectId column.
    const b = await t.call('POST', items(), { user: 'librarian', body: { objectId: 'E2' } });
    expect(b.statusCode).toBe(200);
    const none = await t.call('POST', items(), { user: 'librarian', body: { code: '  ', field1: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('AtLeastOneCodeMessage');
    const dup = await t.call('POST', items(), { user: 'librarian', body: { code: '001', objectId: 'E1' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('AlreadyExists');
    // The same code with another objectId is another pair.
    expect((await t.call('POST', items(), { user: 'librarian', body: { code: '001', objectId: 'E9' } })).statusCode).toBe(200);

    expect((await t.call('POST', items('/exists'), { user: 'librarian', body: { code: '001', objectId: 'E1' } })).json()).toEqual({
      exists: true,
      code: '001',
    });
    expect(
      (await t.call('POST', items('/exists'), { user: 'librarian', body: { code: '001', objectId: 'E1', catalogueItemId: a.json().tid } })).json(),
    ).toEqual({ exists: false, code: '001' });
    expect((await t.call('POST', items('/exists'), { user: 'librarian', body: { objectId: 'E2' } })).json()).toEqual({ exists: true, code: null });

    const edited = await t.call('PUT', items(`/${b.json().tid}`), { user: 'librarian', body: { code: '002', objectId: 'E2', field2: 'Autor' } });
    expect(edited.json()).toMatchObject({ code: '002', objectId: 'E2', field2: 'Autor' });
    const clash = await t.call('PUT', items(`/${b.json().tid}`), { user: 'librarian', body: { code: '001', objectId: 'E1' } });
    expect(clash.json().code).toBe('AlreadyExists');

    const found = await t.call('GET', `${items()}${q({ searchTexts: { field1: 'titulo' } })}`, { user: 'librarian' });
    expect(found.json()).toEqual({ items: [a.json()], total: 1 });
    const bad = await t.call('GET', `${items()}${q({ searchTexts: { code: '/(a+)+/' } })}`, { user: 'librarian' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_REGEX');

    expect((await t.call('DELETE', items(`/${a.json().tid}`), { user: 'librarian' })).json()).toEqual({ ids: [a.json().tid] });
    expect((await t.call('DELETE', items(), { user: 'librarian' })).json()).toEqual({ deleted: 2 });
    expect((await t.call('GET', items(), { user: 'librarian' })).json()).toEqual({ items: [], total: 0 });
  });

  it('requires a code when the library has no objectId column', async () => {
    await t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib3).execute();
    const cat = (await t.call('POST', url(bib3), { user: 'librarian', body: { name: 'Sin RFID' } })).json();
    const res = await t.call('POST', url(bib3, `/${cat.tid}/items`), { user: 'librarian', body: { objectId: 'E1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_REQUIRED');
  });

  it('counts items over every catalogue of the library and distinct code/objectId pairs', async () => {
    const store = await t.storeId('BIB-004');
    await addCatalogue(t.db, store, 'A', [{ code: '1' }, { code: '2', objectId: 'x' }]);
    await addCatalogue(t.db, store, 'B', [{ code: '1' }, { code: '2' }]);
    expect((await t.call('GET', url(store, '/numCatalogueItems'), { user: 'admin' })).json()).toEqual({ numItems: 4, numItemsDistinct: 3 });
  });
});

describe('Add Items To a catalogue', () => {
  it('adds the chosen items, or every item matching searchTexts, skipping pairs already there', async () => {
    const source = await addCatalogue(t.db, bib1, 'Source', [
      { code: 'S1', field1: 'Canción' },
      { code: 'S2', field1: 'Poema' },
      { code: 'S3', field1: 'canciones' },
    ]);
    const target = await addCatalogue(t.db, bib1, 'Target', [{ code: 'S1', field1: 'ya estaba' }]);
    const ids = (await t.call('GET', url(bib1, `/${source}/items`), { user: 'librarian' })).json().items.map((i: { tid: number }) => i.tid);

    const byIds = await t.call('POST', url(bib1, `/${target}/items/catalogue`), {
      user: 'librarian',
      body: { parentId: source, itemIds: [ids[0], ids[1]], searchTexts: {} },
    });
    expect(byIds.json()).toEqual({ numItems: 2, numItemsInserted: 1 });
    const bySearch = await t.call('POST', url(bib1, `/${target}/items/catalogue`), {
      user: 'librarian',
      body: { parentId: String(source), itemIds: [], searchTexts: { field1: 'CANCION' } },
    });
    expect(bySearch.json()).toEqual({ numItems: 2, numItemsInserted: 1 });
    const codes = (await t.call('GET', url(bib1, `/${target}/items`), { user: 'librarian' })).json().items.map((i: { code: string }) => i.code);
    expect(codes).toEqual(['S1', 'S2', 'S3']);
  });

  it('refuses unknown sources and source lists of other libraries', async () => {
    const target = await addCatalogue(t.db, bib1, 'Target 2');
    const theirs = await addCatalogue(t.db, bib2, 'Theirs 2', [{ code: 'T' }]);
    const unknown = await t.call('POST', url(bib1, `/${target}/items/somewhere`), { user: 'librarian', body: { itemIds: [] } });
    expect(unknown.statusCode).toBe(400);
    const other = await t.call('POST', url(bib1, `/${target}/items/catalogue`), { user: 'librarian', body: { parentId: theirs, itemIds: [] } });
    expect(other.statusCode).toBe(403);
  });
});
