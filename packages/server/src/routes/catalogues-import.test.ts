import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { addCatalogue, multipart } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
});
afterAll(() => t.close());

const url = (rest = '') => `/api/stores/${store}/catalogues${rest}`;

async function upload(fileName: string, content: Buffer | string): Promise<string> {
  const { payload, headers } = multipart('file', fileName, content);
  const res = await t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token('librarian') } });
  expect(res.statusCode).toBe(200);
  return res.json().file;
}

const items = async (catalogueId: number) =>
  (await t.call('GET', url(`/${catalogueId}/items?order=code,asc`), { user: 'librarian' }))
    .json()
    .items.map((i: Record<string, unknown>) => [i.code, i.objectId, i.field1]);

describe('POST /{id}/import', () => {
  it('imports the mapped columns, skipping the header, empty rows and pairs already there', async () => {
    const catalogueId = await addCatalogue(t.db, store, 'Import 1', [{ code: '001', objectId: 'E1', field1: 'ya estaba' }]);
    const file = await upload('items.csv', 'Título;Código;RFID\nUno;001;E1\nDos;002;E2\n;;\nDos bis;002;E2\nTres;;E3\n');
    const res = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 1, objectId: 2, field1: 0 }], sheetIndex: null, format: { separator: 'semicolon', firstRowHeader: true } },
    });
    expect(res.json()).toEqual({ numItems: 4, numItemsInserted: 2 });
    expect(await items(catalogueId)).toEqual([
      [null, 'E3', 'Tres'],
      ['001', 'E1', 'ya estaba'],
      ['002', 'E2', 'Dos'],
    ]);
    // The temporary file is gone after a successful import.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp-uploads')).filter((n) => n.startsWith(file))).toEqual([]);
  });

  it('uses the split options of the last readFile when the import names none', async () => {
    const catalogueId = await addCatalogue(t.db, store, 'Import 2');
    const file = await upload('items.txt', 'A|x\nB|y\n');
    await t.call('POST', '/api/misc/readFile', {
      user: 'librarian',
      body: { fileName: file, format: { separator: 'other', otherSeparator: '|', firstRowHeader: false } },
    });
    const res = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 0, field1: 1 }], sheetIndex: null },
    });
    expect(res.json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    expect(await items(catalogueId)).toEqual([
      ['A', null, 'x'],
      ['B', null, 'y'],
    ]);
  });

  it('imports every row or none: refused rows are reported with their row number and code', async () => {
    const catalogueId = await addCatalogue(t.db, store, 'Import 3');
    const rows = Array.from({ length: 1200 }, (_, i) => `C${i},E${i}`);
    rows[1100] = ',';
    rows[1150] = ' , ';
    rows[3] = `X,${'y'.repeat(300)}`;
    const file = await upload('big.csv', `code,objectId\n${rows.join('\n')}\n`);
    const res = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 0, objectId: 1 }], sheetIndex: null, format: { separator: 'comma', firstRowHeader: true } },
    });
    expect(res.statusCode).toBe(400);
    // Rows 1102 and 1152 of the file are empty after trimming: skipped, not refused. Row 5 has a value too long.
    expect(res.json()).toMatchObject({
      code: 'IMPORT_FAILED',
      details: { errorCount: 1, errors: [{ sheet: 'big', row: 5, code: 'VALUE_TOO_LONG', field: 'objectId' }] },
    });
    expect((await t.call('GET', url(`/${catalogueId}/items`), { user: 'librarian' })).json().total).toBe(0);

    const noCode = await upload('nocode.csv', 'code,title\nA,1\n,2\nC,3\n');
    const refused = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: noCode, fields: [{ code: 0, field1: 1 }], sheetIndex: null, format: { separator: 'comma', firstRowHeader: true } },
    });
    expect(refused.json()).toMatchObject({ code: 'IMPORT_FAILED', details: { errors: [{ row: 3, code: 'CODE_REQUIRED', field: 'code' }] } });
    const noObject = await upload('noobject.csv', 'code,rfid,title\nA,1,x\n,,solo\n,3,y\n');
    const refused2 = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: noObject, fields: [{ code: 0, objectId: 1, field1: 2 }], sheetIndex: null, format: { separator: 'comma', firstRowHeader: false } },
    });
    expect(refused2.json()).toMatchObject({ code: 'IMPORT_FAILED', details: { errors: [{ row: 3, code: 'AtLeastOneCodeMessage' }] } });
    expect((await t.call('GET', url(`/${catalogueId}/items`), { user: 'librarian' })).json().total).toBe(0);
  });

  it('needs a mapping to code or objectId, an existing sheet and the caller’s own file', async () => {
    const catalogueId = await addCatalogue(t.db, store, 'Import 4');
    const file = await upload('m.csv', 'a,b\n');
    const unmapped = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ field1: 0 }], sheetIndex: null },
    });
    expect(unmapped.statusCode).toBe(400);
    const noSheet = await t.call('POST', url(`/${catalogueId}/import`), { user: 'librarian', body: { fileName: file, fields: [{ code: 0 }], sheetIndex: 3 } });
    expect(noSheet.statusCode).toBe(400);
    const other = await t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/import`, {
      user: 'supervisor',
      body: { fileName: file, fields: [{ code: 0 }], sheetIndex: null },
    });
    expect(other.json().code).toBe('FILE_NOT_FOUND');
    const traversal = await t.call('POST', url(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: '../portal.sqlite', fields: [{ code: 0 }], sheetIndex: null },
    });
    expect(traversal.statusCode).toBe(400);
  });
});

describe('POST /import (one catalogue per sheet)', () => {
  async function workbook(): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Novela').addRows([
      ['code', 'title'],
      ['N1', 'Una'],
      ['N2', 'Otra'],
    ]);
    wb.addWorksheet('Poesía').addRows([
      ['title', 'code'],
      ['Versos', 'P1'],
    ]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const body = (fileName: string, sheetIndex: number | null) => ({
    fileName,
    fields: [
      { code: 0, field1: 1 },
      { code: 1, field1: 0 },
    ],
    sheetIndex,
    format: { firstRowHeader: true },
  });

  it('creates a catalogue per sheet named after it, or only for the chosen sheet', async () => {
    const res = await t.call('POST', url('/import'), { user: 'librarian', body: body(await upload('libros.xlsx', await workbook()), null) });
    expect(res.json()).toEqual({ numItems: 3, numItemsInserted: 3 });
    const list = (
      await t.call('GET', `${url()}?searchTexts=${encodeURIComponent(JSON.stringify({ name: '/^(novela|poesia)$/' }))}&order=name,asc`, { user: 'librarian' })
    ).json();
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(['Novela', 'Poesía']);
    expect(await items(list.items[1].tid)).toEqual([['P1', null, 'Versos']]);
  });

  it('refuses names already in use and creates nothing', async () => {
    const before = (await t.call('GET', url(), { user: 'librarian' })).json().total;
    const res = await t.call('POST', url('/import'), { user: 'librarian', body: body(await upload('libros.xlsx', await workbook()), null) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NameAlreadyExistsMessage', details: { names: ['Novela', 'Poesía'] } });
    expect((await t.call('GET', url(), { user: 'librarian' })).json().total).toBe(before);
    await t.call('DELETE', url(), { user: 'librarian' });
    const one = await t.call('POST', url('/import'), { user: 'librarian', body: body(await upload('libros.xlsx', await workbook()), 1) });
    expect(one.json()).toEqual({ numItems: 1, numItemsInserted: 1 });
    expect((await t.call('GET', url(), { user: 'librarian' })).json().items.map((c: { name: string }) => c.name)).toEqual(['Poesía']);
  });
});
