/**
 * Real files as staff have them (fixtures in lists/files/fixtures, written by LibreOffice, iconv and
 * Excel-like tools): encodings and separators detected, date cells as dates in the user's format, .xls
 * and .ods read, and an import whose mapped code/objectId columns are empty everywhere refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { UPLOAD_ACCEPT, UPLOAD_FORMATS } from '@portal/contract';
import { addCatalogue, multipart, uploadAs } from '../lists/testing/helpers';
import { LEGACY_WORKBOOK_MAX_BYTES } from '../lists/files/sniff';
import { createTestApp, type TestApp } from '../testing/testApp';

const FIXTURES = path.join(__dirname, '../lists/files/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
});
afterAll(() => t.close());

const upload = (name: string, content: Buffer = fixture(name)) => uploadAs(t, 'librarian', name, content);
const rawUpload = async (name: string, content: Buffer) => {
  const { payload, headers } = multipart('file', name, content);
  return t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token('librarian') } });
};
const read = (fileName: string, format?: unknown) => t.call('POST', '/api/misc/readFile', { user: 'librarian', body: { fileName, format } });
const catalogueUrl = (rest = '') => `/api/stores/${store}/catalogues${rest}`;
const items = async (catalogueId: number) =>
  (await t.call('GET', catalogueUrl(`/${catalogueId}/items?order=code,asc`), { user: 'librarian' }))
    .json()
    .items.map((i: Record<string, unknown>) => [i.code, i.objectId, i.field1, i.field2]);

describe('delimited text: encoding and separator detected, shown, changeable', () => {
  it('reads a Spanish Excel csv (semicolon, Windows-1252) as columns with its accents', async () => {
    const file = await upload('spanish-excel-1252.csv');
    const [sheet] = (await read(file, { firstRowHeader: true })).json();
    expect(sheet).toMatchObject({ encoding: 'windows-1252', separator: 'semicolon', totalItems: 3 });
    expect(sheet.data).toEqual([
      ['Código', 'Signatura', 'Título', 'Fecha'],
      ['ES001', 'OBJ-1', 'Canción de cuna; nana', '2024-01-01'],
      ['ES002', 'OBJ-2', 'Niño, el pingüino', '15/03/2024'],
      ['ES003', '', 'Añoranza', '31/12/2023'],
    ]);
  });

  it('reads Excel "Unicode text" (UTF-16 LE with BOM, tabs), UTF-16 BE, UTF-8 with BOM and plain UTF-8 tab text', async () => {
    const cases: Array<[string, object, unknown[]]> = [
      ['excel-unicode-text-utf16le.txt', { encoding: 'utf-16le', separator: 'tabulator' }, ['U001', 'Ö-1', 'Żółć']],
      ['utf16be-bom.csv', { encoding: 'utf-16be', separator: 'comma' }, ['B001', 'Überraschung']],
      ['utf8-bom-comma.csv', { encoding: 'utf-8', separator: 'comma' }, ['M001', 'X1', 'Mañana, tarde']],
      ['utf8-tab.txt', { encoding: 'utf-8', separator: 'tabulator' }, ['T001', 'Y1', 'Tab, separated']],
    ];
    for (const [name, detected, firstItem] of cases) {
      const [sheet] = (await read(await upload(name), { firstRowHeader: true })).json();
      expect([name, sheet]).toEqual([name, expect.objectContaining({ ...detected, totalItems: 2 })]);
      expect(sheet.data[0][0]).toBe('code');
      expect(sheet.data[1]).toEqual(firstItem);
    }
  });

  it('re-reads with the separator and encoding the user chose, and the import uses what the preview showed', async () => {
    const file = await upload('spanish-excel-1252.csv');
    const [asComma] = (await read(file, { firstRowHeader: true, separator: 'comma', encoding: 'utf-8' })).json();
    expect(asComma).toMatchObject({ encoding: 'utf-8', separator: 'comma' });
    expect(asComma.data[2]).toEqual(['ES002;OBJ-2;Ni\ufffdo', ' el ping\ufffdino;15/03/2024']);
    const [again] = (await read(file, { firstRowHeader: true, separator: 'semicolon', encoding: 'windows-1252' })).json();
    expect(again.data[2][2]).toBe('Niño, el pingüino');
    const catalogueId = await addCatalogue(t.db, store, 'Real csv');
    const res = await t.call('POST', catalogueUrl(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 0, objectId: 1, field1: 2, field2: 3 }], sheetIndex: null },
    });
    expect(res.json()).toEqual({ numItems: 3, numItemsInserted: 3 });
    expect(await items(catalogueId)).toEqual([
      ['ES001', 'OBJ-1', 'Canción de cuna; nana', '2024-01-01'],
      ['ES002', 'OBJ-2', 'Niño, el pingüino', '15/03/2024'],
      ['ES003', null, 'Añoranza', '31/12/2023'],
    ]);
  });

  it('refuses an import whose mapped code and objectId columns are empty on every row, and imports nothing', async () => {
    const catalogueId = await addCatalogue(t.db, store, 'Wrong separator');
    const file = await upload('spanish-excel-1252.csv');
    // Read as comma: one column per line; code mapped to a column that no row has.
    await read(file, { firstRowHeader: true, separator: 'comma' });
    const res = await t.call('POST', catalogueUrl(`/${catalogueId}/import`), {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 3, field1: 0 }], sheetIndex: null },
    });
    expect([res.statusCode, res.json().code, res.json().details]).toEqual([400, 'EmptyCodeColumnsMessage', { sheet: 'spanish-excel-1252' }]);
    expect(await items(catalogueId)).toEqual([]);
  });
});

describe('workbooks written by LibreOffice: xlsx, xls, ods', () => {
  it("reads date cells as dates in the user's date format, not serial numbers", async () => {
    for (const [name, prefix] of [
      ['libreoffice-dates.xlsx', 'D'],
      ['libreoffice-dates.xls', 'X'],
      ['libreoffice-dates.ods', 'O'],
    ] as const) {
      const file = await upload(name);
      const [sheet] = (await read(file, { firstRowHeader: true, dateFormat: 'DD/MM/YYYY' })).json();
      expect([name, sheet]).toEqual([
        name,
        {
          name: name.endsWith('xlsx') ? 'libreoffice-dates' : expect.any(String),
          data: [
            ['code', 'objectId', 'title', 'acquired'],
            [`${prefix}001`, 'OBJ1', 'Título uno', '01/01/2024'],
            [`${prefix}002`, 'OBJ2', 'Título dos', '31/12/2023'],
          ],
          totalItems: 2,
          hasHeader: true,
        },
      ]);
      const [withTime] = (await read(file, { firstRowHeader: true, dateFormat: 'YYYY-MM-DD HH:mm:ss' })).json();
      expect(withTime.data[1][3]).toBe('2024-01-01 00:00:00');
    }
  });

  it('imports .xls and .ods into a catalogue with the saved date format', async () => {
    await t.call('PUT', '/api/format', { user: 'librarian', body: { firstRowHeader: true, dateFormat: 'YYYY-MM-DD', fileType: 'csv', separator: 'comma' } });
    const catalogueId = await addCatalogue(t.db, store, 'Real workbooks');
    for (const name of ['libreoffice-dates.xls', 'libreoffice-dates.ods']) {
      const file = await upload(name);
      const res = await t.call('POST', catalogueUrl(`/${catalogueId}/import`), {
        user: 'librarian',
        body: { fileName: file, fields: [{ code: 0, objectId: 1, field1: 2, field2: 3 }], sheetIndex: null },
      });
      expect([name, res.json()]).toEqual([name, { numItems: 2, numItemsInserted: 2 }]);
    }
    expect(await items(catalogueId)).toEqual([
      ['O001', 'OBJ1', 'Título uno', '2024-01-01'],
      ['O002', 'OBJ2', 'Título dos', '2023-12-31'],
      ['X001', 'OBJ1', 'Título uno', '2024-01-01'],
      ['X002', 'OBJ2', 'Título dos', '2023-12-31'],
    ]);
  });

  it("caps .xls and .ods files and refuses unreadable ones with the server's own message", async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(LEGACY_WORKBOOK_MAX_BYTES)]);
    const big = await rawUpload('huge.xls', ole2);
    expect([big.statusCode, big.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const broken = await upload('broken.xls', Buffer.concat([ole2.subarray(0, 8), Buffer.alloc(600, 7)]));
    const res = await read(broken);
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'INVALID_FILE', message: 'The workbook could not be read' }]);
  });

  it('parses .xls in a worker thread: other requests are answered meanwhile', async () => {
    const t0 = Date.now();
    const rows = [['code', 'title'], ...Array.from({ length: 5000 }, (_, i) => [`W${i}`, `Título ${i}`])];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Big');
    const file = await upload('big.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    const t1 = Date.now();
    let done = false;
    const reading = read(file, { firstRowHeader: true }).finally(() => {
      done = true;
    });
    // Probes while the workbook is parsed: with the parse on the event loop, at most one could answer before it ends.
    let answered = 0;
    while (!done) {
      await new Promise((resolve) => {
        setTimeout(resolve, 20);
      });
      const res = await t.call('GET', '/api/format', { user: 'librarian' });
      if (!done && res.statusCode === 200) answered += 1;
    }
    const [sheet] = (await reading).json();
    console.log(`5,000-row .xls: written and uploaded in ${t1 - t0} ms, read in ${Date.now() - t1} ms, ${answered} other requests answered meanwhile`);
    expect(sheet).toMatchObject({ name: 'Big', totalItems: 5000 });
    expect(answered).toBeGreaterThanOrEqual(3);
  });

  it('passes an ods through the zip guard before SheetJS reads it (a part declaring 300 MiB from a few KiB is refused)', async () => {
    // The LibreOffice file with its content.xml declared at 300 MiB in the central directory.
    const ods = Buffer.from(fixture('libreoffice-dates.ods'));
    const name = Buffer.from('content.xml');
    for (let at = ods.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = ods.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      if (ods.subarray(at + 46, at + 46 + name.length).equals(name)) ods.writeUInt32LE(300 * 1024 * 1024, at + 24);
    }
    const res = await rawUpload('bomb.ods', ods);
    expect([res.statusCode, res.json().code]).toEqual([413, 'ARCHIVE_TOO_LARGE']);
  });

  it("refuses hostile read formats and other users' files", async () => {
    const file = await upload('utf8-tab.txt');
    for (const format of [{ encoding: 'ebcdic' }, { encoding: 'utf-8', separator: ';' }, { dateFormat: 'x'.repeat(101) }]) {
      const res = await read(file, format);
      expect([JSON.stringify(format), res.statusCode]).toEqual([JSON.stringify(format), 400]);
    }
    const other = await t.call('POST', '/api/misc/readFile', { user: 'supervisor', body: { fileName: file, format: { encoding: 'utf-16le' } } });
    expect([other.statusCode, other.json().code]).toEqual([404, 'FILE_NOT_FOUND']);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/misc/readFile', payload: { fileName: file } });
    expect(anonymous.statusCode).toBe(401);
    // Still readable by its owner, as detected.
    expect((await read(file)).json()[0]).toMatchObject({ encoding: 'utf-8', separator: 'tabulator' });
  });

  it('offers in the picker exactly the formats the upload accepts', async () => {
    expect(UPLOAD_ACCEPT).toBe('.csv,.txt,.xlsx,.xls,.ods,.json');
    const samples: Record<string, Buffer> = {
      csv: fixture('utf8-bom-comma.csv'),
      txt: fixture('utf8-tab.txt'),
      xlsx: fixture('libreoffice-dates.xlsx'),
      xls: fixture('libreoffice-dates.xls'),
      ods: fixture('libreoffice-dates.ods'),
      json: Buffer.from('[{"code":"J1"}]'),
    };
    for (const format of UPLOAD_FORMATS) {
      const res = await rawUpload(`sample.${format}`, samples[format]);
      expect([format, res.statusCode, res.json().format]).toEqual([format, 200, format]);
    }
  });
});
