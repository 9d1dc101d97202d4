import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { multipart } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ lists: { maxUploadBytes: 64 * 1024, tempFileTtlMs: 60_000 } });
});
afterAll(() => t.close());

const upload = async (fileName: string, content: Buffer | string, user: 'librarian' | 'supervisor' = 'librarian', field = 'file') => {
  const { payload, headers } = multipart(field, fileName, content);
  return t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token(user) } });
};
const tmpDir = () => path.join(t.config.dataDir, 'tmp-uploads');

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('POST /api/misc/upload', () => {
  it('stores the file under a server-chosen name and tells its type by content', async () => {
    const res = await upload('../../etc/passwd.csv', 'code;title\n001;Uno\n');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ file: expect.stringMatching(/^[0-9a-f]{32}\.csv$/), name: 'passwd.csv', size: 19, format: 'csv' });
    expect(fs.readdirSync(tmpDir())).toContain(body.file);
    expect((await upload('list.txt', 'a\tb\n')).json().format).toBe('txt');
    expect((await upload('items.csv', '[{"code":"1"}]')).json().format).toBe('json');
    expect((await upload('renamed.csv', await workbook({ S: [['a']] }))).json().format).toBe('xlsx');
  });

  it('refuses binary content, other zips, empty and too large files (.xls and .ods: real-files.test.ts)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    expect((await upload('image.csv', png)).json().code).toBe('INVALID_FILE_TYPE');
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect((await upload('archive.xlsx', zip)).statusCode).toBe(415);
    expect((await upload('empty.csv', '')).json().code).toBe('INVALID_FILE');
    const big = await upload('big.csv', 'x'.repeat(64 * 1024 + 1));
    expect([big.statusCode, big.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect((await upload('a.csv', 'a', 'librarian', 'other')).json().code).toBe('INVALID_FILE');
    // Nothing refused stays on disk.
    expect(fs.readdirSync(tmpDir()).filter((n) => n.endsWith('.part'))).toEqual([]);
  });
});

describe('POST /api/misc/readFile and deleteFile', () => {
  const read = (fileName: string, format?: unknown, user: 'librarian' | 'supervisor' = 'librarian') =>
    t.call('POST', '/api/misc/readFile', { user, body: { fileName, format } });

  it('reads csv with the format separator and header, Windows-1252 text and quoted fields', async () => {
    const { file } = (await upload('Préstamos.csv', 'code;title\n001;"Uno; dos"\n\n002;Canción\n')).json();
    const sheets = (await read(file, { separator: 'semicolon', firstRowHeader: true })).json();
    expect(sheets).toEqual([
      {
        name: 'Préstamos',
        data: [['code', 'title'], ['001', 'Uno; dos'], [''], ['002', 'Canción']],
        totalItems: 2,
        hasHeader: true,
        encoding: 'utf-8',
        separator: 'semicolon',
      },
    ]);
    const latin1 = (await upload('l.csv', Buffer.from('code,title\n1,Canci\xf3n\n', 'latin1'))).json().file;
    expect((await read(latin1, { separator: 'comma', firstRowHeader: false })).json()[0]).toMatchObject({
      data: [
        ['code', 'title'],
        ['1', 'Canción'],
      ],
      totalItems: 2,
    });
  });

  it('reads every sheet of a workbook and json arrays of objects', async () => {
    const { file } = (
      await upload(
        'book.xlsx',
        await workbook({
          Primera: [
            ['code', 'n'],
            ['A', 1],
            ['B', true],
          ],
          Segunda: [['x'], [new Date(Date.UTC(2024, 0, 2))]],
        }),
      )
    ).json();
    const sheets = (await read(file, { firstRowHeader: true })).json();
    expect(sheets).toEqual([
      {
        name: 'Primera',
        data: [
          ['code', 'n'],
          ['A', 1],
          ['B', true],
        ],
        totalItems: 2,
        hasHeader: true,
      },
      { name: 'Segunda', data: [['x'], ['2024-01-02']], totalItems: 1, hasHeader: true },
    ]);
    const json = (await upload('items.json', JSON.stringify({ items: [{ code: '1', field1: { a: 1 } }, { objectId: 'E' }] }))).json().file;
    expect((await read(json)).json()).toEqual([
      {
        name: 'items',
        data: [
          ['code', 'field1', 'objectId'],
          ['1', '{"a":1}', null],
          [null, null, 'E'],
        ],
        totalItems: 2,
        hasHeader: true,
      },
    ]);
    const broken = (await upload('broken.json', '[{"code": ')).json().file;
    expect((await read(broken)).json().code).toBe('INVALID_FILE');
  });

  it('refuses names the server did not generate (no path ever comes from the client) and files of other users', async () => {
    for (const fileName of ['../../portal.sqlite', '/etc/passwd', 'a'.repeat(32) + '.csv/../x', '..%2F..%2Fx.csv', 'ABCDEF0123456789ABCDEF0123456789.csv']) {
      const res = await read(fileName);
      expect(res.statusCode).toBe(400);
      const del = await t.call('POST', '/api/misc/deleteFile', { user: 'librarian', body: { fileName } });
      expect(del.statusCode).toBe(400);
    }
    const { file } = (await upload('mine.csv', 'a\n')).json();
    const other = await read(file, undefined, 'supervisor');
    expect([other.statusCode, other.json().code]).toEqual([404, 'FILE_NOT_FOUND']);
    expect((await t.call('POST', '/api/misc/deleteFile', { user: 'supervisor', body: { fileName: file } })).json()).toEqual({ deleted: false });
    expect((await t.call('POST', '/api/misc/deleteFile', { user: 'librarian', body: { fileName: file } })).json()).toEqual({ deleted: true });
    expect(fs.readdirSync(tmpDir()).filter((n) => n.startsWith(file))).toEqual([]);
    expect((await read(file)).statusCode).toBe(404);
  });

  it('sweeps abandoned files after their time to live', async () => {
    const { file } = (await upload('old.csv', 'a\n')).json();
    const old = (Date.now() - 120_000) / 1000;
    fs.utimesSync(path.join(tmpDir(), file), old, old);
    fs.utimesSync(path.join(tmpDir(), `${file}.json`), old, old);
    fs.writeFileSync(path.join(tmpDir(), `${'b'.repeat(32)}.part`), 'half');
    fs.utimesSync(path.join(tmpDir(), `${'b'.repeat(32)}.part`), old, old);
    const { localTempFiles } = await import('../storage/tempFiles');
    expect(await localTempFiles(tmpDir()).sweep(60_000)).toBe(2);
    expect(fs.readdirSync(tmpDir()).filter((n) => n.startsWith(file) || n.endsWith('.part'))).toEqual([]);
  });
});
