import { addCatalogue } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

// Under load (2 cores shared by every test run) a fresh database with demo users takes seconds to set up.
jest.setTimeout(30_000);

/**
 * A hand-built stocktake. BIB-001 labels an objectId column, so items match by code or by objectId.
 *   Fondo (compared):  A1/E1, A2/E2, A3/-, -/E4, A5/E5        Infantil: K1/-, -/E9
 *   group G1 (Fondo):  S1: A1/-, -/E2, K1/-, Z9/-    S2: A3/-, -/E9
 *   UNGROUPED:         U: A5/E5
 *   group G2:          S3: X1/-
 */
let t: TestApp;
let bib1: number;
let bib2: number;
let bib3: number;
const ids: Record<string, number> = {};
const as = { user: 'librarian' as const };
const groups = (storeId: number, rest = '') => `/api/stores/${storeId}/inventoryGroups${rest}`;
const compare = (storeId: number, rest: string) => `/api/stores/${storeId}/compare/${rest}`;

async function scan(storeId: number, group: number | 'UNGROUPED', comment: string, items: Array<{ code?: string; objectId?: string }>) {
  const section = (await t.call('POST', groups(storeId, `/${group}/inventories`), { ...as, body: { comment, date: '2026-11-20 10:00:00' } })).json().tid;
  for (const item of items)
    expect((await t.call('POST', groups(storeId, `/${group}/inventories/${section}/items`), { ...as, body: item })).statusCode).toBe(200);
  return section as number;
}

beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2, bib3] = [await t.storeId('BIB-001'), await t.storeId('BIB-002'), await t.storeId('BIB-003')];
  ids.fondo = await addCatalogue(t.db, bib1, 'Fondo', [
    { code: 'A1', objectId: 'E1', field1: 'Uno' },
    { code: 'A2', objectId: 'E2' },
    { code: 'A3' },
    { objectId: 'E4' },
    { code: 'A5', objectId: 'E5' },
  ]);
  ids.infantil = await addCatalogue(t.db, bib1, 'Infantil', [{ code: 'K1' }, { objectId: 'E9' }]);
  ids.g1 = (await t.call('POST', groups(bib1), { ...as, body: { name: 'G1', catalogueId: ids.fondo } })).json().tid;
  ids.g2 = (await t.call('POST', groups(bib1), { ...as, body: { name: 'G2' } })).json().tid;
  ids.s1 = await scan(bib1, ids.g1, 'S1', [{ code: 'A1' }, { objectId: 'E2' }, { code: 'K1' }, { code: 'Z9' }]);
  ids.s2 = await scan(bib1, ids.g1, 'S2', [{ code: 'A3' }, { objectId: 'E9' }]);
  ids.u = await scan(bib1, 'UNGROUPED', 'U', [{ code: 'A5', objectId: 'E5' }]);
  ids.s3 = await scan(bib1, ids.g2, 'S3', [{ code: 'X1' }]);
});
afterAll(() => t.close());

const pairs = (items: Array<{ code: string | null; objectId: string | null }>) => items.map((i) => `${i.code ?? '-'}/${i.objectId ?? '-'}`).sort();

async function list(rest: string, query = '') {
  const res = await t.call('GET', compare(bib1, `${ids.fondo}/${rest}${query}`), as);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<Record<string, unknown> & { code: string | null; objectId: string | null }>; total: number };
}

describe('compare MISSING', () => {
  it.each([
    ['ALL_GROUPS', ['-/E4']],
    ['group/G1', ['-/E4', 'A5/E5']],
    ['group/UNGROUPED', ['-/E4', 'A1/E1', 'A2/E2', 'A3/-']],
    ['inventory/S1', ['-/E4', 'A3/-', 'A5/E5']],
  ])('against %s lists the catalogue items nobody scanned (by code or objectId)', async (scope, expected) => {
    const path = scope.replace('G1', String(ids.g1)).replace('S1', String(ids.s1));
    const page = await list(`MISSING/${path}`);
    expect(pairs(page.items)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('pages with the total, searches and orders through the list engine', async () => {
    const first = await list(`MISSING/group/UNGROUPED`, '?offset=0&limit=2&order=%5B%22code%22%2C%22asc%22%5D');
    expect(first.total).toBe(4);
    expect(first.items.map((i) => i.code)).toEqual([null, 'A1']);
    const search = await list(`MISSING/group/UNGROUPED`, `?searchTexts=${encodeURIComponent(JSON.stringify({ field1: 'uno' }))}`);
    expect(search).toEqual({ items: [expect.objectContaining({ code: 'A1', field1: 'Uno' })], total: 1 });
  });
});

describe('compare EXCEEDED', () => {
  it('lists scans the catalogue does not hold, with date, section and the catalogue where they were found', async () => {
    const all = await list('EXCEEDED/ALL_GROUPS', '?order=%5B%22code%22%2C%22asc%22%5D');
    expect(all.total).toBe(4);
    expect(all.items.map((i) => [i.code ?? i.objectId, i.inventoryComment, i.catalogueId, i.catalogueName, i.date])).toEqual([
      ['E9', 'S2', ids.infantil, 'Infantil', '2026-11-20 10:00:00'],
      ['K1', 'S1', ids.infantil, 'Infantil', '2026-11-20 10:00:00'],
      ['X1', 'S3', null, null, '2026-11-20 10:00:00'],
      ['Z9', 'S1', null, null, '2026-11-20 10:00:00'],
    ]);
    expect(pairs((await list(`EXCEEDED/group/${ids.g1}`)).items)).toEqual(['-/E9', 'K1/-', 'Z9/-']);
    expect(pairs((await list(`EXCEEDED/inventory/${ids.s2}`)).items)).toEqual(['-/E9']);
    expect((await list('EXCEEDED/group/UNGROUPED')).total).toBe(0);
  });

  it('a searched page asked with count=skip says its total is a lower bound (the list screen then counts apart)', async () => {
    const search = `searchTexts=${encodeURIComponent(JSON.stringify({ code: '/\\d/' }))}`;
    const page = await list('EXCEEDED/ALL_GROUPS', `?${search}&offset=0&limit=1&count=skip`);
    const exact = await list('EXCEEDED/ALL_GROUPS', `?${search}&count=only`);
    expect([page.items.length, page.total, (page as { totalKnown?: boolean }).totalKnown, exact.total]).toEqual([1, 2, false, 3]);
  });

  it('matches by code only in a library without an objectId column', async () => {
    await t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib3).execute();
    const cat = await addCatalogue(t.db, bib3, 'Solo códigos', [{ code: 'B1', objectId: 'E1' }]);
    const group = (await t.call('POST', groups(bib3), { ...as, body: { name: 'G' } })).json().tid;
    await scan(bib3, group, 'S', [{ code: 'B2', objectId: 'E1' }]);
    const missing = (await t.call('GET', compare(bib3, `${cat}/MISSING/ALL_GROUPS`), as)).json();
    const exceeded = (await t.call('GET', compare(bib3, `${cat}/EXCEEDED/group/${group}`), as)).json();
    expect([missing.total, exceeded.total, exceeded.items[0].code]).toEqual([1, 1, 'B2']);
  });
});

describe('compare export and Add Items To', () => {
  it('exports each list with the chosen format and columns', async () => {
    const body = {
      format: { fileType: 'csv', separator: 'semicolon', firstRowHeader: true },
      columns: [
        { id: 'code', title: 'Código' },
        { id: 'objectId', title: 'RFID' },
      ],
    };
    const missing = await t.call('POST', compare(bib1, `${ids.fondo}/MISSING/group/${ids.g1}/export`), { ...as, body: { ...body, order: ['code', 'asc'] } });
    expect(missing.headers['content-disposition']).toContain('Fondo');
    expect(
      missing.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Código;RFID', ';E4', 'A5;E5']);
    const exceeded = await t.call('GET', compare(bib1, `${ids.fondo}/EXCEEDED/ALL_GROUPS/export`), as);
    expect(exceeded.statusCode).toBe(200);
    for (const code of ['K1', 'Z9', 'X1', 'E9']) expect(exceeded.body).toContain(code);
  });

  it('adds a compare result to a catalogue (compareId names the list)', async () => {
    const target = await addCatalogue(t.db, bib1, 'Faltan');
    const res = await t.call('POST', `/api/stores/${bib1}/catalogues/${target}/items/compare`, {
      ...as,
      body: { parentId: ids.fondo, compareId: `MISSING/group/${ids.g1}`, itemIds: [] },
    });
    expect(res.json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    const bad = await t.call('POST', `/api/stores/${bib1}/catalogues/${target}/items/compare`, {
      ...as,
      body: { parentId: ids.fondo, compareId: 'MISSING/everything', itemIds: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('compare scoping and hostile input', () => {
  it("answers 401 without a token, 403 for another library's catalogue, group or section", async () => {
    expect((await t.call('GET', compare(bib1, `${ids.fondo}/MISSING/ALL_GROUPS`))).statusCode).toBe(401);
    expect((await t.call('GET', compare(bib1, `${ids.fondo}/MISSING/ALL_GROUPS`), { user: 'manager' })).statusCode).toBe(403);
    const theirs = await addCatalogue(t.db, bib2, 'Ajeno', [{ code: 'A1' }]);
    const theirGroup = (await t.call('POST', groups(bib2), { user: 'supervisor', body: { name: 'Ajeno' } })).json().tid;
    const theirSection = (
      await t.call('POST', groups(bib2, `/${theirGroup}/inventories`), { user: 'supervisor', body: { comment: 'x', date: '2026-01-01 10:00' } })
    ).json().tid;
    for (const path of [
      compare(bib2, `${theirs}/MISSING/ALL_GROUPS`),
      compare(bib1, `${theirs}/MISSING/ALL_GROUPS`),
      compare(bib1, `${theirs}/EXCEEDED/ALL_GROUPS/export`),
      compare(bib1, `${ids.fondo}/MISSING/group/${theirGroup}`),
      compare(bib1, `${ids.fondo}/EXCEEDED/inventory/${theirSection}`),
    ]) {
      const res = await t.call('GET', path, as);
      expect([path, res.statusCode, res.json().code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    const add = await t.call('POST', `/api/stores/${bib1}/catalogues/${ids.infantil}/items/compare`, {
      ...as,
      body: { parentId: theirs, compareId: 'MISSING/ALL_GROUPS', itemIds: [] },
    });
    expect(add.statusCode).toBe(403);
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${ids.infantil}/items`, as)).json().total).toBe(2);
  });

  it('refuses unknown modes, scopes, fields and unsafe searches with 4xx', async () => {
    for (const rest of [
      'PRESENT/ALL_GROUPS',
      'MISSING/ALL',
      'MISSING/group/abc',
      'MISSING/inventory/0',
      `MISSING/ALL_GROUPS?searchTexts=${encodeURIComponent('{"nope":"x"}')}`,
      `MISSING/ALL_GROUPS?searchTexts=${encodeURIComponent('{"code":"/(a+)+$/"}')}`,
      'EXCEEDED/ALL_GROUPS?limit=-1',
    ]) {
      const res = await t.call('GET', compare(bib1, `${ids.fondo}/${rest}`), as);
      expect([rest, res.statusCode >= 400 && res.statusCode < 500]).toEqual([rest, true]);
    }
  });
});
