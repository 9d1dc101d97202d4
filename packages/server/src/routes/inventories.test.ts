import { addCatalogue, multipart } from '../lists/testing/helpers';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

// Under load (2 cores shared by every test run) a fresh database with demo users takes seconds to set up.
jest.setTimeout(30_000);

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
});
afterAll(() => t.close());

const groups = (storeId: number, rest = '') => `/api/stores/${storeId}/inventoryGroups${rest}`;
const q = listQuery;
const as = { user: 'librarian' as const };

async function group(storeId: number, name: string, catalogueId: number | null = null, user: 'librarian' | 'supervisor' = 'librarian') {
  const res = await t.call('POST', groups(storeId), { user, body: { name, catalogueId } });
  expect(res.statusCode).toBe(200);
  return res.json().tid as number;
}

async function section(storeId: number, groupId: number | 'UNGROUPED', comment: string, user: 'librarian' | 'supervisor' = 'librarian') {
  const res = await t.call('POST', groups(storeId, `/${groupId}/inventories`), { user, body: { comment, date: '2026-11-20 10:30:00' } });
  expect(res.statusCode).toBe(200);
  return res.json().tid as number;
}

describe('inventory groups', () => {
  it('lists UNGROUPED first, then the groups with their catalogue and counts', async () => {
    const cat = await addCatalogue(t.db, bib1, 'Fondo', [{ code: 'A1' }]);
    const created = await t.call('POST', groups(bib1), { ...as, body: { name: ' Inventario 2026 ', catalogueId: cat } });
    expect(created.json()).toEqual({
      tid: expect.any(Number),
      name: 'Inventario 2026',
      catalogueId: cat,
      catalogue: { tid: cat, name: 'Fondo' },
      catalogueName: 'Fondo',
      numInventories: 0,
      numItems: 0,
      numItemsDistinct: 0,
      createdAt: expect.any(String),
    });
    const gid = created.json().tid;
    const sid = await section(bib1, gid, 'Planta 0 - A1');
    await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/items`), { ...as, body: { code: 'A1' } });
    await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/items`), { ...as, body: { code: 'X9', objectId: 'E1' } });
    await section(bib1, 'UNGROUPED', 'Carro');

    const list = (await t.call('GET', groups(bib1, q({ offset: 0, limit: 25 })), as)).json();
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ tid: 'UNGROUPED', name: 'UNGROUPED', numInventories: 1, numItems: 0, catalogue: null });
    expect(list.items[1]).toMatchObject({ tid: gid, numInventories: 1, numItems: 2, numItemsDistinct: 2 });
    // A search for another name leaves UNGROUPED out.
    const found = (await t.call('GET', groups(bib1, q({ searchTexts: { name: 'inventario' } })), as)).json();
    expect(found).toEqual({ items: [list.items[1]], total: 1 });
    expect((await t.call('GET', groups(bib1, '/UNGROUPED'), as)).json()).toMatchObject({ tid: 'UNGROUPED', numInventories: 1 });
    expect((await t.call('GET', groups(bib1, '/numInventoryItems'), as)).json()).toEqual({ numItems: 2, numItemsDistinct: 2 });
  });

  it("refuses 'Ungrouped' in any case, repeated names and another library's catalogue; never edits UNGROUPED", async () => {
    for (const name of ['Ungrouped', 'UNGROUPED', ' ungrouped ']) {
      const res = await t.call('POST', groups(bib1), { ...as, body: { name } });
      expect([name, res.statusCode, res.json().code]).toEqual([name, 400, 'NotValidNameMessage']);
    }
    const gid = await group(bib1, 'Revisión');
    const dup = await t.call('POST', groups(bib1), { ...as, body: { name: 'Revisión' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    expect((await t.call('POST', groups(bib1, '/exists'), { ...as, body: { name: 'Revisión' } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', groups(bib1, '/exists'), { ...as, body: { name: 'Revisión', inventoryGroupId: gid } })).json()).toEqual({ exists: false });

    const theirs = await addCatalogue(t.db, bib2, 'Ajeno');
    const foreign = await t.call('PUT', groups(bib1, `/${gid}`), { ...as, body: { name: 'Revisión', catalogueId: theirs } });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('GET', groups(bib1, `/${gid}`), as)).json().catalogueId).toBeNull();

    const csv = {
      format: { fileType: 'csv', separator: 'semicolon', firstRowHeader: true },
      columns: [{ id: 'name', title: 'Nombre' }],
      order: ['name', 'asc'],
    };
    const exported = await t.call('POST', groups(bib1, '/export'), { ...as, body: { ...csv, searchTexts: { name: 'revis' } } });
    expect(
      exported.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Nombre', 'Revisión']);
    await section(bib1, gid, 'Sala 1');
    const sections = await t.call('POST', groups(bib1, `/${gid}/inventories/export`), {
      ...as,
      body: {
        ...csv,
        order: ['comment', 'asc'],
        columns: [
          { id: 'comment', title: 'Ubicación' },
          { id: 'date', title: 'Fecha' },
        ],
      },
    });
    expect(
      sections.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n')[1],
    ).toMatch(/^Sala 1;2026/);
    expect((await t.call('GET', groups(bib2, '/export'), as)).statusCode).toBe(403);
    const ungrouped = await t.call('PUT', groups(bib1, '/UNGROUPED'), { ...as, body: { name: 'Otro' } });
    expect(ungrouped.statusCode).toBe(403);
    const renamed = await t.call('PUT', groups(bib1, `/${gid}`), { ...as, body: { name: 'Revisión 2' } });
    expect(renamed.json().name).toBe('Revisión 2');
  });

  it('deletes a group with its sections, items and additional operations in one go', async () => {
    const gid = await group(bib1, 'Para borrar');
    const sid = await section(bib1, gid, 'Estantería B');
    await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/items`), { ...as, body: { code: 'B1' } });
    await t.db
      .insertInto('additional_operations')
      .values({ store_id: bib1, group_id: gid, name: 'op', url: 'https://x.example/', method: 'POST', attach_data: 0, params: '{}', created_at: 'x' })
      .execute();
    expect((await t.call('DELETE', groups(bib1, `/${gid}`), as)).json()).toEqual({ ids: [gid] });
    const left = async (table: 'inventories' | 'inventory_items' | 'additional_operations') =>
      (await t.db.selectFrom(table).select('id').where('group_id', '=', gid).execute()).length;
    expect([await left('inventories'), await left('inventory_items'), await left('additional_operations')]).toEqual([0, 0, 0]);
  });
});

describe('sections and scanned items', () => {
  let gid: number;
  let sid: number;
  beforeAll(async () => {
    gid = await group(bib1, 'Secciones');
    sid = await section(bib1, gid, 'Planta 1 - C2');
  });
  const items = (rest = '') => groups(bib1, `/${gid}/inventories/${sid}/items${rest}`);

  it('keeps locations unique within the group and lists sections with their item counts', async () => {
    const dup = await t.call('POST', groups(bib1, `/${gid}/inventories`), { ...as, body: { comment: 'Planta 1 - C2', date: '2026-11-21 09:00' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    // The same location in another group is fine.
    await section(bib1, 'UNGROUPED', 'Planta 1 - C2');
    expect((await t.call('POST', groups(bib1, `/${gid}/inventories/exists`), { ...as, body: { comment: 'planta 1 - c2' } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', groups(bib1, `/${gid}/inventories/exists`), { ...as, body: { comment: 'Planta 1 - C2' } })).json()).toEqual({ exists: true });
    const bad = await t.call('POST', groups(bib1, `/${gid}/inventories`), { ...as, body: { comment: 'x', date: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    const list = (await t.call('GET', groups(bib1, `/${gid}/inventories`), as)).json();
    expect(list).toEqual({ items: [{ tid: sid, comment: 'Planta 1 - C2', date: '2026-11-20 10:30:00', groupId: gid, numItems: 0 }], total: 1 });
    const all = (await t.call('GET', `/api/stores/${bib1}/inventories${q({ searchTexts: { comment: 'planta 1' } })}`, as)).json();
    expect(all.items.map((s: { groupId: number | null }) => s.groupId).sort()).toEqual([gid, null].sort());
  });

  it('adds, edits, checks and deletes items with the code/objectId rules; items carry their section and group', async () => {
    const a = await t.call('POST', items(), { ...as, body: { code: ' BC1 ', field1: 'Título' } });
    expect(a.json()).toEqual({
      tid: expect.any(Number),
      code: 'BC1',
      objectId: null,
      field1: 'Título',
      field2: null,
      field3: null,
      field4: null,
      field5: null,
      field6: null,
      date: '2026-11-20 10:30:00',
      searchListId: null,
      searchListName: null,
      inventoryId: sid,
      groupId: gid,
      inventoryComment: 'Planta 1 - C2',
      groupName: 'Secciones',
    });
    // BIB-001 labels an objectId column: code or objectId.
    const none = await t.call('POST', items(), { ...as, body: { field1: 'x' } });
    expect([none.statusCode, none.json().code]).toEqual([400, 'AtLeastOneCodeMessage']);
    const dup = await t.call('POST', items(), { ...as, body: { code: 'BC1' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'AlreadyExists']);
    expect((await t.call('POST', items('/exists'), { ...as, body: { code: 'BC1' } })).json()).toEqual({ exists: true, code: 'BC1' });
    expect((await t.call('POST', items('/exists'), { ...as, body: { code: 'BC1', inventoryItemId: a.json().tid } })).json()).toEqual({
      exists: false,
      code: 'BC1',
    });
    const b = (await t.call('POST', items(), { ...as, body: { objectId: 'E200' } })).json();
    const edited = await t.call('PUT', items(`/${b.tid}`), { ...as, body: { code: 'BC2', objectId: 'E200' } });
    expect(edited.json()).toMatchObject({ code: 'BC2', objectId: 'E200' });

    const search = (await t.call('GET', items(q({ searchTexts: { field1: 'titulo' } })), as)).json();
    expect(search.items.map((i: { code: string }) => i.code)).toEqual(['BC1']);
    const regex = (await t.call('GET', items(q({ searchTexts: { code: '/^bc\\d$/' }, order: ['code', 'desc'] })), as)).json();
    expect(regex.items.map((i: { code: string }) => i.code)).toEqual(['BC2', 'BC1']);
    expect((await t.call('GET', groups(bib1, `/${gid}/items`), as)).json().total).toBe(2);
    expect((await t.call('GET', groups(bib1, '/allItems'), as)).json().total).toBeGreaterThanOrEqual(2);

    expect((await t.call('DELETE', items(`/${b.tid}`), as)).json()).toEqual({ ids: [b.tid] });
    expect((await t.call('DELETE', items(), as)).json()).toEqual({ deleted: 1 });
  });

  it('imports a file all-or-nothing into the section, with its group and date on every row, and exports it', async () => {
    const csv = 'code;objectId;title\nIMP1;;Uno\nIMP2;E9;Dos\n;;\n';
    const { payload, headers } = multipart('file', 'scan.csv', csv);
    const up = await t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token('librarian') } });
    const file = up.json().file;
    await t.call('POST', '/api/misc/readFile', { ...as, body: { fileName: file, format: { separator: 'semicolon', firstRowHeader: true } } });
    const res = await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/import`), {
      ...as,
      body: { fileName: file, fields: [{ code: 0, objectId: 1, field1: 2 }], sheetIndex: 0 },
    });
    expect(res.json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    const rows = await t.db
      .selectFrom('inventory_items')
      .select(['code', 'group_id', 'date', 'store_id'])
      .where('inventory_id', '=', sid)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { code: 'IMP1', group_id: gid, date: '2026-11-20 10:30:00', store_id: bib1 },
      { code: 'IMP2', group_id: gid, date: '2026-11-20 10:30:00', store_id: bib1 },
    ]);
    const exported = await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/export`), {
      ...as,
      body: {
        format: { fileType: 'csv', separator: 'semicolon', firstRowHeader: true },
        columns: [
          { id: 'code', title: 'Código' },
          { id: 'field1', title: 'Título' },
        ],
      },
    });
    expect(exported.statusCode).toBe(200);
    expect(
      exported.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Código;Título', 'IMP1;Uno', 'IMP2;Dos']);
    const group = await t.call('GET', groups(bib1, `/${gid}/export${q({ searchTexts: { code: 'imp2' } })}`), as);
    expect(group.statusCode).toBe(200);
    expect(group.body).toContain('IMP2');
    expect(group.body).not.toContain('IMP1');
  });

  it('adds items from a catalogue into the section (Add Items To), counting pairs already there', async () => {
    const cat = await addCatalogue(t.db, bib1, 'Origen', [{ code: 'IMP1' }, { code: 'NEW1' }, { objectId: 'E77' }]);
    const res = await t.call('POST', groups(bib1, `/${gid}/inventories/${sid}/items/catalogue`), { ...as, body: { parentId: cat, itemIds: [] } });
    expect(res.json()).toEqual({ numItems: 3, numItemsInserted: 2 });
    const added = await t.db
      .selectFrom('inventory_items')
      .select(['code', 'object_id', 'group_id'])
      .where('inventory_id', '=', sid)
      .where('code', '=', 'NEW1')
      .execute();
    expect(added).toEqual([{ code: 'NEW1', object_id: null, group_id: gid }]);
  });
});

describe('scoping and hostile input', () => {
  it('answers 401 without a token, 403 without the permission, 403 for another library and changes nothing', async () => {
    const theirGroup = await group(bib2, 'Ajeno', null, 'supervisor');
    const theirSection = await section(bib2, theirGroup, 'Sala', 'supervisor');
    await t.call('POST', groups(bib2, `/${theirGroup}/inventories/${theirSection}/items`), { user: 'supervisor', body: { code: 'Z1' } });
    const mine = await group(bib1, 'Mío');
    const mySection = await section(bib1, mine, 'Sala');

    expect((await t.call('GET', groups(bib1))).statusCode).toBe(401);
    expect((await t.call('GET', groups(bib1), { user: 'manager' })).statusCode).toBe(403);
    expect((await t.call('GET', groups(bib2), as)).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['GET', `/${theirGroup}`, undefined],
      ['PUT', `/${theirGroup}`, { name: 'x' }],
      ['GET', `/${theirGroup}/items`, undefined],
      ['GET', `/${theirGroup}/inventories`, undefined],
      ['POST', `/${theirGroup}/inventories`, { comment: 'x', date: '2026-01-01 10:00' }],
      ['GET', `/${theirGroup}/inventories/${theirSection}/items`, undefined],
      ['POST', `/${theirGroup}/inventories/${theirSection}/items`, { code: 'x' }],
      ['GET', `/${mine}/inventories/${theirSection}/items`, undefined],
      ['POST', `/${mine}/inventories/${theirSection}/items`, { code: 'x' }],
      ['DELETE', `/${mine}/inventories/${theirSection}/items`, undefined],
      ['GET', `/UNGROUPED/inventories/${mySection}/items`, undefined],
      ['POST', `/${mine}/inventories/${mySection}/items/inventoryGroup`, { parentId: theirGroup, itemIds: [] }],
      ['POST', `/${mine}/inventories/${mySection}/items/inventory`, { parentId: theirSection, itemIds: [] }],
    ] as const) {
      const res = await t.call(method, groups(bib1, path), { ...as, body });
      expect([method, path, res.statusCode, res.json().code]).toEqual([method, path, 403, 'FORBIDDEN']);
    }
    expect((await t.call('DELETE', groups(bib1, `/${theirGroup}`), as)).json()).toEqual({ ids: [] });
    expect((await t.call('DELETE', groups(bib1, `/${mine}/inventories/${theirSection}`), as)).json()).toEqual({ ids: [] });
    expect((await t.call('GET', groups(bib2, `/${theirGroup}/inventories/${theirSection}/items`), { user: 'supervisor' })).json().total).toBe(1);
    expect((await t.call('GET', groups(bib2, `/${theirGroup}`), { user: 'supervisor' })).json().name).toBe('Ajeno');
  });

  it('refuses malformed ids, searches and bodies with 4xx', async () => {
    for (const path of [
      '/abc',
      '/ungrouped/inventories',
      '/0/inventories',
      '/1/inventories/-1/items',
      `/UNGROUPED/inventories/1/items${q({ searchTexts: { nope: 'x' } })}`,
      `/UNGROUPED/items${q({ searchTexts: { code: '/(a+)+$/' } })}`,
      `/UNGROUPED/items${q({ order: ['date; drop table x', 'asc'] })}`,
    ]) {
      const res = await t.call('GET', groups(bib1, path), as);
      expect([path, res.statusCode >= 400 && res.statusCode < 500]).toEqual([path, true]);
    }
    const long = await t.call('POST', groups(bib1), { ...as, body: { name: 'x'.repeat(300) } });
    expect(long.statusCode).toBe(400);
    const extra = await t.call('POST', groups(bib1, '/UNGROUPED/inventories'), { ...as, body: { comment: 'x', date: '2026-01-01 10:00', groupId: 3 } });
    expect(extra.statusCode).toBe(400);
  });
});
