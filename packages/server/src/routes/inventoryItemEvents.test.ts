/**
 * Scans written into an inventory section (import, Add Items To, manual add) are INVENTORY item events in
 * Search (/api/itemEvents) with their section, group (null: UNGROUPED), date and details; pairs already in
 * the section and refused imports write none; an event outlives its scan and its section.
 */
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

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
const groups = (rest = '') => `/api/stores/${bib1}/inventoryGroups${rest}`;
const q = listQuery;

async function section(groupId: number | 'UNGROUPED', comment: string): Promise<string> {
  const res = await t.call('POST', groups(`/${groupId}/inventories`), { ...as, body: { comment, date: '2026-11-20 10:30:00' } });
  expect(res.statusCode).toBe(200);
  return groups(`/${groupId}/inventories/${res.json().tid}`);
}

async function group(name: string): Promise<number> {
  const res = await t.call('POST', groups(), { ...as, body: { name, catalogueId: null } });
  expect(res.statusCode).toBe(200);
  return res.json().tid;
}

const sectionId = (url: string) => Number(url.split('/').pop());

async function importCsv(url: string, csv: string) {
  const fileName = await uploadAs(t, 'librarian', 'scans.csv', csv);
  await t.call('POST', '/api/misc/readFile', { ...as, body: { fileName, format: { separator: 'semicolon', firstRowHeader: true } } });
  return t.call('POST', `${url}/import`, { ...as, body: { fileName, fields: [{ code: 0, objectId: 1, field1: 2 }], sheetIndex: 0 } });
}

type Event = {
  code: string | null;
  objectId: string | null;
  type: string;
  inventoryId: number | null;
  inventoryGroupId: number | null;
  date: string;
  storeId: number;
  details: Record<string, unknown>;
};
const search = async (searchTexts: Record<string, string>, order = 'code') => {
  const res = await t.call('GET', `/api/itemEvents${q({ searchTexts, order: [order, 'asc'] })}`, as);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Event[]; total: number };
};
const events = async (inventoryId: number) =>
  (await t.db.selectFrom('item_events').select(['code', 'object_id']).where('inventory_id', '=', inventoryId).orderBy('id').execute()).map((e) => [
    e.code,
    e.object_id,
  ]);

describe('INVENTORY item events of scans', () => {
  it('an imported csv: one event per new scan, found by code and by objectId, with section, group, date and details', async () => {
    const gid = await group('Inventario 2026');
    const url = await section(gid, 'Planta 1 - A2');
    expect((await importCsv(url, 'code;objectId;title\nEVA1;;Niebla\nEVA2;E00AB12;Fortunata\n;E00AB13;\n')).json()).toEqual({
      numItems: 3,
      numItemsInserted: 3,
    });

    const byCode = await search({ code: 'eva2' });
    expect(byCode.total).toBe(1);
    expect(byCode.items[0]).toEqual({
      tid: expect.any(Number),
      storeId: bib1,
      storeName: expect.any(String),
      code: 'EVA2',
      objectId: 'E00AB12',
      date: '2026-11-20 10:30:00',
      type: 'INVENTORY',
      inventoryId: sectionId(url),
      inventoryGroupId: gid,
      details: { inventoryComment: 'Planta 1 - A2', groupName: 'Inventario 2026', title: 'Fortunata' },
    });
    expect((await search({ objectId: 'e00ab1' }, 'objectId')).items.map((e) => e.objectId)).toEqual(['E00AB12', 'E00AB13']);
    expect((await search({ objectId: 'E00AB13' })).items[0]).toMatchObject({ code: null, details: { title: null } });
    const count = await t.call('GET', `/api/itemEvents/numItemEvents${q({ searchTexts: { code: 'eva' } })}`, as);
    expect(count.json()).toEqual({ numItemEvents: 2 });

    // The same file again: every pair is already in the section, no scan and no event is added.
    expect((await importCsv(url, 'code;objectId;title\nEVA1;;Niebla\nEVA2;E00AB12;Fortunata\n')).json()).toEqual({ numItems: 2, numItemsInserted: 0 });
    // A refused file (a row without code or objectId) writes nothing.
    expect((await importCsv(url, 'code;objectId;title\nEVA9;;Nada\n;;Sin código\n')).statusCode).toBe(400);
    expect(await events(sectionId(url))).toEqual([
      ['EVA1', null],
      ['EVA2', 'E00AB12'],
      [null, 'E00AB13'],
    ]);
  });

  it('Add Items To writes an event for each scan it inserts, none for pairs already there', async () => {
    const gid = await group('Revisión');
    const url = await section(gid, 'Depósito');
    expect((await t.call('POST', `${url}/items`, { ...as, body: { code: 'ADD1' } })).statusCode).toBe(200);
    const cat = await addCatalogue(t.db, bib1, 'Fondo eventos', [{ code: 'ADD1' }, { code: 'ADD2', field1: 'Marianela' }, { objectId: 'E00CD01' }]);
    expect((await t.call('POST', `${url}/items/catalogue`, { ...as, body: { parentId: cat, itemIds: [] } })).json()).toEqual({
      numItems: 3,
      numItemsInserted: 2,
    });
    expect(await events(sectionId(url))).toEqual([
      ['ADD1', null],
      ['ADD2', null],
      [null, 'E00CD01'],
    ]);
    expect((await search({ code: 'add2' })).items[0]).toMatchObject({
      inventoryId: sectionId(url),
      inventoryGroupId: gid,
      details: { groupName: 'Revisión', title: 'Marianela' },
    });
  });

  it('a manual add is one event; a repeated pair is refused and adds none', async () => {
    const gid = await group('Manual');
    const url = await section(gid, 'Mostrador');
    expect((await t.call('POST', `${url}/items`, { ...as, body: { code: 'MAN1', objectId: 'E00EF01', field1: 'Doña Perfecta' } })).statusCode).toBe(200);
    expect((await t.call('POST', `${url}/items`, { ...as, body: { code: 'MAN1', objectId: 'E00EF01' } })).statusCode).toBe(409);
    expect(await events(sectionId(url))).toEqual([['MAN1', 'E00EF01']]);
    expect((await search({ objectId: 'e00ef01' })).items).toEqual([
      expect.objectContaining({ code: 'MAN1', type: 'INVENTORY', details: { inventoryComment: 'Mostrador', groupName: 'Manual', title: 'Doña Perfecta' } }),
    ]);
  });

  it('an ungrouped section: the group is null and named UNGROUPED', async () => {
    const url = await section('UNGROUPED', 'Carro de devoluciones');
    expect((await importCsv(url, 'code;objectId;title\nUNG1;;Tristana\n')).json()).toEqual({ numItems: 1, numItemsInserted: 1 });
    expect((await search({ code: 'ung1' })).items).toEqual([
      expect.objectContaining({
        inventoryId: sectionId(url),
        inventoryGroupId: null,
        details: { inventoryComment: 'Carro de devoluciones', groupName: 'UNGROUPED', title: 'Tristana' },
      }),
    ]);
  });

  it('history stays: deleting the scans and then the section keeps the events, the section id cleared', async () => {
    const gid = await group('Expurgo');
    const url = await section(gid, 'Sótano');
    await importCsv(url, 'code;objectId;title\nDEL1;;Uno\nDEL2;;Dos\n');
    expect((await t.call('DELETE', `${url}/items`, as)).json()).toEqual({ deleted: 2 });
    expect((await search({ code: 'del' })).total).toBe(2);
    expect((await t.call('DELETE', url, as)).statusCode).toBe(200);
    expect((await search({ code: 'del' })).items.map((e) => [e.code, e.inventoryId, e.inventoryGroupId, e.details.inventoryComment])).toEqual([
      ['DEL1', null, gid, 'Sótano'],
      ['DEL2', null, gid, 'Sótano'],
    ]);
  });

  it("another library's section takes no scan and writes no event", async () => {
    const theirs = (
      await t.call('POST', `/api/stores/${bib2}/inventoryGroups/UNGROUPED/inventories`, {
        user: 'supervisor',
        body: { comment: 'Sala', date: '2026-11-20 10:30:00' },
      })
    ).json().tid;
    const res = await t.call('POST', `/api/stores/${bib2}/inventoryGroups/UNGROUPED/inventories/${theirs}/items`, { ...as, body: { code: 'FOREIGN1' } });
    expect(res.statusCode).toBe(403);
    expect(await events(theirs)).toEqual([]);
  });
});
