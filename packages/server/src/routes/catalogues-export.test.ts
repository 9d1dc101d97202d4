import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { addCatalogue } from '../lists/testing/helpers';
import { convertWithLibreOffice, itWithLibreOffice } from '../testing/libreOffice';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let store: number;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestApp({ lists: { maxXlsRows: 5 } });
  store = await t.storeId('BIB-001');
  catalogueId = await addCatalogue(t.db, store, 'Exportable', [
    { code: '001', objectId: 'E1', field1: 'Canción, "larga"' },
    { code: '=2+2', objectId: '-E2', field1: '@SUM(A1)' },
    { code: '003', objectId: null, field1: 'dos\nlíneas' },
    { code: '004', objectId: 'E4', field1: '+34 600;tab\tx' },
  ]);
});
afterAll(() => t.close());

const exportUrl = (rest = `/${catalogueId}/export`) => `/api/stores/${store}/catalogues${rest}`;
const columns = [
  { id: 'code', title: 'Código' },
  { id: 'objectId', title: 'RFID' },
  { id: 'field1', title: 'Título' },
];
const base = { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' };

const run = (format: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call('POST', exportUrl(), { user: 'librarian', body: { format: { ...base, ...format }, columns, order: null, searchTexts: {}, ...extra } });

describe('catalogue items export', () => {
  it('writes csv byte for byte: BOM, header, CRLF, RFC 4180 quoting, neutralised formulas', async () => {
    const res = await run({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Exportable.csv"; filename*=UTF-8''Exportable.csv`);
    expect(
      res.rawPayload.equals(
        Buffer.from(
          '\ufeffCódigo,RFID,Título\r\n' +
            '001,E1,"Canción, ""larga"""\r\n' +
            "'=2+2,'-E2,'@SUM(A1)\r\n" +
            '003,,"dos\nlíneas"\r\n' +
            "004,E4,'+34 600;tab\tx\r\n",
          'utf8',
        ),
      ),
    ).toBe(true);
  });

  it.each([
    ['semicolon', '', ';'],
    ['tabulator', '', '\t'],
    ['other', '||', '||'],
  ])('writes txt with the %s separator and no BOM', async (separator, otherSeparator, sep) => {
    const res = await run({ fileType: 'txt', separator, otherSeparator, firstRowHeader: false, codePrefix: '[', codeSuffix: ']' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const q = (text: string) => (text.includes(sep) || /["\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    const expected = [
      ['[001]', 'E1', 'Canción, "larga"'],
      ['[=2+2]', "'-E2", "'@SUM(A1)"],
      ['[003]', '', 'dos\nlíneas'],
      ['[004]', 'E4', "'+34 600;tab\tx"],
    ]
      .map((r) => `${r.map(q).join(sep)}\r\n`)
      .join('');
    expect(res.rawPayload.toString('utf8')).toBe(expected);
    expect(res.rawPayload[0]).not.toBe(0xef);
  });

  it('keeps the order and searchTexts of the list, and only the chosen columns', async () => {
    const res = await run({ firstRowHeader: false }, { columns: [{ id: 'code', title: 'C' }], order: ['code', 'desc'], searchTexts: { code: '/^0/' } });
    expect(res.rawPayload.toString('utf8')).toBe('\ufeff004\r\n003\r\n001\r\n');
  });

  it('writes xlsx that reads back with the same cells', async () => {
    const res = await run({ fileType: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Código', 'RFID', 'Título'],
      ['001', 'E1', 'Canción, "larga"'],
      ["'=2+2", "'-E2", "'@SUM(A1)"],
      ['003', undefined, 'dos\nlíneas'],
      ['004', 'E4', "'+34 600;tab\tx"],
    ]);
  });

  it('refuses xlsx above the row limit (header included) with MAX_XLS_ROWS_EXCEEDED', async () => {
    // 4 rows + header = 5 = the limit in this test: fine. One more is refused.
    expect((await run({ fileType: 'xlsx' })).statusCode).toBe(200);
    await t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/items`, { user: 'librarian', body: { code: '005' } });
    const res = await run({ fileType: 'xlsx' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MAX_XLS_ROWS_EXCEEDED', details: { rows: 5, max: 5 } });
    expect((await run({ fileType: 'xlsx', firstRowHeader: false })).statusCode).toBe(200);
    expect((await run({ fileType: 'csv' })).statusCode).toBe(200);
  });

  it('answers bad requests before streaming anything', async () => {
    expect((await run({}, { columns: [{ id: 'search_text', title: 'x' }] })).json().code).toBe('VALIDATION_ERROR');
    expect((await run({}, { searchTexts: { code: '/(a*)*/' } })).json().code).toBe('INVALID_REGEX');
    expect((await run({ fileType: 'pdf' })).statusCode).toBe(400);
  });

  it('uses the saved format for GET exports and exports the catalogue list too', async () => {
    await t.call('PUT', '/api/format', { user: 'librarian', body: { ...base, separator: 'semicolon', firstRowHeader: true } });
    const res = await t.call('GET', `${exportUrl()}?searchTexts=${encodeURIComponent(JSON.stringify({ code: '001' }))}`, { user: 'librarian' });
    expect(res.rawPayload.toString('utf8')).toBe(
      '\ufefftid;code;objectId;field1;field2;field3;field4;field5;field6\r\n' +
        `${(await t.call('GET', `/api/stores/${store}/catalogues/${catalogueId}/items?limit=1`, { user: 'librarian' })).json().items[0].tid};001;E1;"Canción, ""larga""";;;;;\r\n`,
    );
    await t.db.updateTable('catalogues').set({ last_sync: '2024-05-06T07:08:09.000Z' }).where('id', '=', catalogueId).execute();
    const list = await t.call('POST', exportUrl('/export'), {
      user: 'librarian',
      body: {
        format: { ...base, dateFormat: 'DD/MM/YYYY HH:mm' },
        columns: [
          { id: 'name', title: 'Nombre' },
          { id: 'lastSync', title: 'Última' },
          { id: 'autoSync', title: 'Auto' },
        ],
        order: null,
        searchTexts: {},
      },
    });
    expect(list.rawPayload.toString('utf8')).toBe('\ufeffNombre,Última,Auto\r\nExportable,06/05/2024 07:08,false\r\n');
    expect(list.headers['content-disposition']).toContain('filename="catalogues.csv"');
  });

  it('writes csv that no common separator or line break turns into formulas, whichever the file uses', async () => {
    const id = await addCatalogue(t.db, store, 'Separators', [
      { code: '101', objectId: ';=1+1', field1: '=1+1;=2+2' },
      { code: '102', objectId: ',=1+1', field1: 'a\n=1+1' },
      { code: '103', objectId: 'a|-2\t+3', field1: 'x,"=4' },
    ]);
    const cols = [
      { id: 'objectId', title: 'RFID' },
      { id: 'field1', title: 'x;=cmd' },
    ];
    const comma = await t.call('POST', exportUrl(`/${id}/export`), { user: 'librarian', body: { format: base, columns: cols, order: null, searchTexts: {} } });
    expect(comma.rawPayload.toString('utf8')).toBe(
      "\ufeffRFID,x;'=cmd\r\n" + ";'=1+1,'=1+1;'=2+2\r\n" + '",\'=1+1","a\n\'=1+1"\r\n' + 'a|\'-2\t\'+3,"x,\'""=4"\r\n',
    );
    const semicolon = await t.call('POST', exportUrl(`/${id}/export`), {
      user: 'librarian',
      body: { format: { ...base, separator: 'semicolon' }, columns: cols, order: null, searchTexts: {} },
    });
    expect(semicolon.rawPayload.toString('utf8')).toBe(
      '\ufeffRFID;"x;\'=cmd"\r\n' + '";\'=1+1";"\'=1+1;\'=2+2"\r\n' + ',\'=1+1;"a\n\'=1+1"\r\n' + 'a|\'-2\t\'+3;"x,\'""=4"\r\n',
    );
    // Read back with every common separator (RFC 4180 quotes, as spreadsheets read them): no cell starts a formula.
    for (const file of [comma, semicolon]) {
      const text = file.rawPayload.toString('utf8').slice(1);
      for (const reader of [',', ';', '\t', '|']) {
        for (const cell of readDelimited(text, reader)) expect([reader, cell]).toEqual([reader, expect.not.stringMatching(/^[=+\-@\t\r]/)]);
      }
    }
  });

  itWithLibreOffice('LibreOffice opens both csv exports with either separator and finds no formula', async () => {
    const id = await addCatalogue(t.db, store, 'Opened', [
      { code: '=1+1', objectId: ';=1+1', field1: '=1+1;=2+2' },
      { code: '102', objectId: ',=1+1', field1: 'a\n=1+1' },
      { code: '103', objectId: '@SUM(A1)', field1: 'x,"=4' },
    ]);
    const cols = [
      { id: 'code', title: 'Code' },
      { id: 'objectId', title: 'RFID' },
      { id: 'field1', title: 'x;=cmd' },
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-formulas-'));
    try {
      const files = [];
      for (const separator of ['comma', 'semicolon']) {
        const res = await t.call('POST', exportUrl(`/${id}/export`), {
          user: 'librarian',
          body: { format: { ...base, separator }, columns: cols, order: null, searchTexts: {} },
        });
        files.push(path.join(dir, `${separator}.csv`));
        fs.writeFileSync(files[files.length - 1], res.rawPayload);
      }
      // Each file read with a comma and with a semicolon (44, 59), quotes and UTF-8, formulas evaluated as a
      // double-clicked csv is: not one cell may come out as a formula.
      for (const [reader, code] of [
        ['comma', 44],
        ['semicolon', 59],
      ] as const) {
        const out = path.join(dir, reader);
        convertWithLibreOffice(files, out, 'xlsx', `CSV:${code},34,76,1,,0,false,true,false,false,false,-1,true`);
        for (const file of files) {
          const book = XLSX.readFile(path.join(out, `${path.basename(file, '.csv')}.xlsx`));
          const sheet = book.Sheets[book.SheetNames[0]];
          const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
          expect(cells.length).toBeGreaterThan(5);
          expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined).map(([ref]) => `${reader} ${path.basename(file)} ${ref}`)).toEqual([]);
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives Content-Disposition a safe name', async () => {
    const id = await addCatalogue(t.db, store, '../ñu "x";\r\nSet-Cookie: a');
    const res = await t.call('POST', exportUrl(`/${id}/export`), { user: 'librarian', body: { format: base } });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="u_x_Set-Cookie_a.csv"; filename*=UTF-8''..%2F%C3%B1u%20%22x%22%3B%0D%0ASet-Cookie%3A%20a.csv`,
    );
  });
});

/** Every cell of a delimited text as a spreadsheet reads it with `separator` (quotes only at a cell's start). */
function readDelimited(text: string, separator: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at < text.length) {
    let cell = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const end = text.indexOf('"', at);
        if (end === -1) {
          cell += text.slice(at);
          at = text.length;
          break;
        }
        cell += text.slice(at, end);
        at = end + 1;
        if (text[at] !== '"') break;
        cell += '"';
        at += 1;
      }
    }
    // Up to the next separator or line end (after a closing quote, the rest is read as text).
    let end = at;
    while (end < text.length && text[end] !== separator && text[end] !== '\n' && !(text[end] === '\r' && text[end + 1] === '\n')) end += 1;
    cell += text.slice(at, end);
    cells.push(cell);
    at = end + (text[end] === '\r' ? 2 : 1);
  }
  return cells;
}
