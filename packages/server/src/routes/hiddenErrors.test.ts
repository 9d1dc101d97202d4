/**
 * Internal exception texts never reach the client: an unreadable workbook or file and an unreadable or
 * unreachable sync source answer the server's own message with their code; the detail goes to the log.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { workbookZip } from '../lists/testing/zip';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let store: number;
let server: http.Server;
let origin: string;
const lines: string[] = [];
const PAYLOADS: Record<string, string> = {
  // The second item is not JSON: JSON.parse's own text ("Unexpected token …") must not be answered.
  '/broken-item.json': '[{"code": "1"}, {"code": tru}]',
  '/not-a-list.json': '{"count": 3}',
};

// A worksheet whose XML is broken: the reader says "1:…: unexpected close tag".
const BROKEN_SHEET =
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="s"><v>0</v></row></sheetData></worksheet>';
const LIBRARY_TEXT = /unexpected close tag|EISDIR|ENOENT|no such file|Unexpected token|JSON at position|ECONNREFUSED|tmp-uploads|127\.0\.0\.1/i;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = PAYLOADS[req.url ?? ''];
    if (body === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    lists: { syncAllowList: ['127.0.0.1/32'], syncTimeoutMs: 2000 },
    logger: {
      level: 'warn',
      stream: {
        write: (line) => {
          lines.push(line);
        },
      },
    },
  });
  store = await t.storeId('BIB-001');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

const logged = (pattern: RegExp) => lines.some((l) => pattern.test(l));

describe('unreadable files', () => {
  it('a broken workbook answers 400 INVALID_FILE "The workbook could not be read" on readFile and import; the reader’s text is logged', async () => {
    const file = await uploadAs(t, 'librarian', 'broken.xlsx', workbookZip([{ name: 'xl/worksheets/sheet1.xml', data: BROKEN_SHEET }]));
    const read = await t.call('POST', '/api/misc/readFile', { user: 'librarian', body: { fileName: file } });
    expect([read.statusCode, read.json()]).toEqual([400, { code: 'INVALID_FILE', message: 'The workbook could not be read' }]);
    const catalogueId = await addCatalogue(t.db, store, 'Broken workbook');
    const imported = await t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/import`, {
      user: 'librarian',
      body: { fileName: file, fields: [{ code: 0 }], sheetIndex: null },
    });
    expect([imported.statusCode, imported.json()]).toEqual([400, { code: 'INVALID_FILE', message: 'The workbook could not be read' }]);
    expect(read.body + imported.body).not.toMatch(LIBRARY_TEXT);
    expect(logged(/unexpected close tag/)).toBe(true);
    expect((await t.call('GET', `/api/stores/${store}/catalogues/${catalogueId}/items`, { user: 'librarian' })).json().total).toBe(0);
  });

  it('a file that cannot be opened answers 400 INVALID_FILE "The file could not be read" without the path or the system error', async () => {
    const file = await uploadAs(t, 'librarian', 'gone.csv', 'a,b\n1,2\n');
    // The stored bytes are replaced behind the server's back by a folder: reading them fails with EISDIR.
    const stored = path.join(t.config.dataDir, 'tmp-uploads', file);
    fs.rmSync(stored);
    fs.mkdirSync(stored);
    const res = await t.call('POST', '/api/misc/readFile', { user: 'librarian', body: { fileName: file } });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'INVALID_FILE', message: 'The file could not be read' }]);
    expect(res.body).not.toMatch(LIBRARY_TEXT);
    expect(logged(/EISDIR/)).toBe(true);
  });
});

describe('sync sources', () => {
  const sync = async (syncURL: string) => {
    const id = (await t.call('POST', `/api/stores/${store}/catalogues`, { user: 'librarian', body: { name: `Sync ${syncURL}`, syncURL } })).json()
      .tid as number;
    return t.call('GET', `/api/stores/${store}/catalogues/${id}/sync`, { user: 'librarian' });
  };

  it('content that is not a list of items answers 502 SYNC_FAILED in the server’s words only', async () => {
    const broken = await sync(`${origin}/broken-item.json`);
    expect(broken.statusCode).toBe(502);
    expect(broken.json().code).toBe('SYNC_FAILED');
    expect(broken.json().message).toMatch(/^The content is not a list of items/);
    const notList = await sync(`${origin}/not-a-list.json`);
    expect([notList.statusCode, notList.json()]).toEqual([
      502,
      { code: 'SYNC_FAILED', message: 'The content is not a list of items: JSON files must hold an array of items' },
    ]);
    expect(broken.body + notList.body).not.toMatch(LIBRARY_TEXT);
  });

  it('an unreachable source answers "could not be reached"; the address and system error go to the log (the fetch error’s cause)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const res = await sync(`http://127.0.0.1:${port}/items.csv`);
    expect([res.statusCode, res.json()]).toEqual([502, { code: 'SYNC_FAILED', message: 'The server could not be reached' }]);
    expect(res.body).not.toMatch(LIBRARY_TEXT);
    expect(logged(/ECONNREFUSED/)).toBe(true);
  });
});
