import ExcelJS from 'exceljs';
import { addCatalogue, addSearchList } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

/**
 * Exports of inventory items and compare lists carry the names the screens show (section location, group
 * name, search list name, catalogue where found), not ids. BIB-001 (objectId column labelled):
 *   Fondo (compared): A1      Infantil: K1      Zeta (added later): K1, Z9
 *   group 'Planta 1': section 'Estantería 3': A1, K1 (from search list 'Novedades'), Z9
 *   UNGROUPED:        section 'Mostrador':    Q1
 */
let t: TestApp;
let bib1: number;
let bib2: number;
const ids: Record<string, number> = {};
const as = { user: 'librarian' as const };
const groups = (storeId: number, rest = '') => `/api/stores/${storeId}/inventoryGroups${rest}`;
const csv = { fileType: 'csv', separator: 'semicolon', firstRowHeader: true };

async function scan(group: number | 'UNGROUPED', comment: string, codes: string[]) {
  const section = (await t.call('POST', groups(bib1, `/${group}/inventories`), { ...as, body: { comment, date: '2026-11-20 10:00:00' } })).json().tid as number;
  for (const code of codes)
    expect((await t.call('POST', groups(bib1, `/${group}/inventories/${section}/items`), { ...as, body: { code } })).statusCode).toBe(200);
  return section;
}

beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  ids.fondo = await addCatalogue(t.db, bib1, 'Fondo', [{ code: 'A1' }]);
  ids.infantil = await addCatalogue(t.db, bib1, 'Infantil', [{ code: 'K1' }]);
  ids.zeta = await addCatalogue(t.db, bib1, 'Zeta', [{ code: 'K1' }, { code: 'Z9' }]);
  ids.novedades = await addSearchList(t.db, bib1, 'Novedades');
  ids.g = (await t.call('POST', groups(bib1), { ...as, body: { name: 'Planta 1', catalogueId: ids.fondo } })).json().tid;
  ids.s = await scan(ids.g, 'Estantería 3', ['A1', 'K1', 'Z9']);
  ids.u = await scan('UNGROUPED', 'Mostrador', ['Q1']);
  await t.db.updateTable('inventory_items').set({ search_list_id: ids.novedades }).where('code', '=', 'K1').execute();
});
afterAll(() => t.close());

const columns = (...names: string[]) => names.map((id) => ({ id, title: id }));
const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');

async function exported(path: string, body: Record<string, unknown>, storeId = bib1) {
  const res = await t.call('POST', path.startsWith('/api') ? path : groups(storeId, path), { ...as, body: { format: csv, order: ['code', 'asc'], ...body } });
  expect(res.statusCode).toBe(200);
  return res;
}

async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('inventory item exports carry names', () => {
  it('section items: location, group and search list by name (csv)', async () => {
    const res = await exported(`/${ids.g}/inventories/${ids.s}/export`, { columns: columns('code', 'inventoryComment', 'groupName', 'searchListName') });
    expect(lines(res.body)).toEqual([
      'code;inventoryComment;groupName;searchListName',
      'A1;Estantería 3;Planta 1;',
      'K1;Estantería 3;Planta 1;Novedades',
      'Z9;Estantería 3;Planta 1;',
    ]);
  });

  it('group items read back from xlsx with names; ids stay ids when asked for', async () => {
    const res = await exported(`/${ids.g}/export`, {
      format: { ...csv, fileType: 'xlsx' },
      columns: columns('code', 'inventoryComment', 'groupName', 'inventoryId'),
    });
    expect(await xlsxRows(res.rawPayload)).toEqual([
      ['code', 'inventoryComment', 'groupName', 'inventoryId'],
      ['A1', 'Estantería 3', 'Planta 1', ids.s],
      ['K1', 'Estantería 3', 'Planta 1', ids.s],
      ['Z9', 'Estantería 3', 'Planta 1', ids.s],
    ]);
  });

  it('all items: a section without a group is exported in UNGROUPED', async () => {
    const res = await exported('/allItems/export', { columns: columns('code', 'inventoryComment', 'groupName') });
    expect(lines(res.body)).toEqual([
      'code;inventoryComment;groupName',
      'A1;Estantería 3;Planta 1',
      'K1;Estantería 3;Planta 1',
      'Q1;Mostrador;UNGROUPED',
      'Z9;Estantería 3;Planta 1',
    ]);
  });
});

describe('inventory group exports carry the related catalogue by name', () => {
  it('groups: name and catalogueName', async () => {
    const res = await exported('/export', { order: ['name', 'asc'], columns: columns('name', 'catalogueName'), searchTexts: { name: 'planta' } });
    expect(lines(res.body)).toEqual(['name;catalogueName', 'Planta 1;Fondo']);
  });
});

describe('compare exports carry names', () => {
  const compare = (rest: string, storeId = bib1) => `/api/stores/${storeId}/compare/${ids.fondo}/${rest}`;

  it('EXCEEDED: date, section location and the (first) catalogue where found (csv and xlsx)', async () => {
    const body = {
      format: { ...csv, dateFormat: 'YYYY/MM/DD HH:mm:ss' },
      columns: columns('code', 'date', 'inventoryComment', 'catalogueName', 'catalogueId'),
    };
    const res = await exported(compare('EXCEEDED/ALL_GROUPS/export'), body);
    expect(lines(res.body)).toEqual([
      'code;date;inventoryComment;catalogueName;catalogueId',
      `K1;2026/11/20 10:00:00;Estantería 3;Infantil;${ids.infantil}`,
      'Q1;2026/11/20 10:00:00;Mostrador;;',
      `Z9;2026/11/20 10:00:00;Estantería 3;Zeta;${ids.zeta}`,
    ]);
    const xlsx = await exported(compare(`EXCEEDED/group/${ids.g}/export`), { ...body, format: { ...body.format, fileType: 'xlsx' } });
    expect((await xlsxRows(xlsx.rawPayload)).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['code', 'inventoryComment', 'catalogueName'],
      ['K1', 'Estantería 3', 'Infantil'],
      ['Z9', 'Estantería 3', 'Zeta'],
    ]);
  });

  it('MISSING holds catalogue items only: names of scans are unknown columns there (400)', async () => {
    const res = await t.call('POST', compare('MISSING/ALL_GROUPS/export'), { ...as, body: { format: csv, columns: columns('code', 'inventoryComment') } });
    expect(res.statusCode).toBe(400);
  });

  it("refuses row keys as column ids, and another library's lists (403)", async () => {
    const raw = await t.call('POST', groups(bib1, '/allItems/export'), { ...as, body: { format: csv, columns: columns('code', 'group_name') } });
    expect(raw.statusCode).toBe(400);
    const foreign = await t.call('POST', groups(bib2, `/${ids.g}/inventories/${ids.s}/export`), {
      ...as,
      body: { format: csv, columns: columns('code', 'inventoryComment') },
    });
    expect(foreign.statusCode).toBe(403);
    const foreignCompare = await t.call('POST', compare('EXCEEDED/ALL_GROUPS/export', bib2), {
      ...as,
      body: { format: csv, columns: columns('code', 'catalogueName') },
    });
    expect(foreignCompare.statusCode).toBe(403);
  });
});
