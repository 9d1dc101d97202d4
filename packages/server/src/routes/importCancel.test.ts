/**
 * Cancel during an import: the client closing the request, or the Import modal's Cancel deleting
 * the file, stops the import with nothing imported (no rows, no catalogue created); the file is never
 * deleted under a running reader — the delete answers only after the import has stopped. A real HTTP
 * server and socket for the closed request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importsRunning } from '../lists/importRuns';
import { uploadAs } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

// Three 40,000-row imports: minutes on a lane at load 30.
jest.setTimeout(300_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const as = { user: 'librarian' as const };
const ROWS = 40_000;
const bigCsv = () => `code\n${Array.from({ length: ROWS }, (_, i) => `C${i}`).join('\n')}\n`;
const fields = [{ code: 0 }];

/** Resolves once `check` holds, checked on every turn of the event loop (no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

async function newCatalogue(): Promise<number> {
  return (await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `Cancel ${Math.random()}` } })).json().tid;
}
const itemCount = async (id: number) =>
  (
    await t.db
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('catalogue_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;
const fileExists = async (file: string) => (await t.call('POST', '/api/misc/readFile', { ...as, body: { fileName: file } })).statusCode === 200;

describe('cancel during an import', () => {
  it("the Import modal's Cancel (deleteFile) stops the import, nothing imported, and deletes the file only after the reader stopped", async () => {
    const id = await newCatalogue();
    const file = await uploadAs(t, 'librarian', 'big.csv', bigCsv());
    let importSettled = false;
    const importing = t
      .call('POST', `/api/stores/${bib1}/catalogues/${id}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields } })
      .then((res) => {
        importSettled = true;
        return res;
      });
    await until(() => importsRunning(file) > 0);
    const deleted = await t.call('POST', '/api/misc/deleteFile', { ...as, body: { fileName: file } });
    // The delete answered after the import had stopped.
    expect(importSettled).toBe(true);
    expect(importsRunning(file)).toBe(0);
    expect(deleted.json()).toEqual({ deleted: true });
    const res = await importing;
    expect([res.statusCode, res.json().code]).toEqual([409, 'IMPORT_CANCELLED']);
    expect(Number(await itemCount(id))).toBe(0);
    expect(await fileExists(file)).toBe(false);
  });

  it('a multi-sheet import that would create catalogues creates none when cancelled', async () => {
    const before = (await t.call('GET', `/api/stores/${bib1}/catalogues`, as)).json().total;
    const file = await uploadAs(t, 'librarian', 'Nuevo fondo.csv', bigCsv());
    const importing = t.call('POST', `/api/stores/${bib1}/catalogues/import`, { ...as, body: { fileName: file, sheetIndex: null, fields } });
    await until(() => importsRunning(file) > 0);
    await t.call('POST', '/api/misc/deleteFile', { ...as, body: { fileName: file } });
    expect((await importing).json().code).toBe('IMPORT_CANCELLED');
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues`, as)).json().total).toBe(before);
  });

  it('a client that closes the request stops the import: nothing imported, the file kept for another try', async () => {
    const id = await newCatalogue();
    const file = await uploadAs(t, 'librarian', 'big.csv', bigCsv());
    const body = JSON.stringify({ fileName: file, sheetIndex: null, fields });
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/stores/${bib1}/catalogues/${id}/import`,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-access-token': await t.token('librarian') },
    });
    req.on('error', () => undefined); // the socket we destroy
    req.end(body);
    await until(() => importsRunning(file) > 0);
    req.destroy();
    await until(() => importsRunning(file) === 0);
    expect(Number(await itemCount(id))).toBe(0);
    expect(await fileExists(file)).toBe(true);
    // The same file imports in full afterwards.
    const again = await t.call('POST', `/api/stores/${bib1}/catalogues/${id}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields } });
    expect(again.json()).toEqual({ numItems: ROWS, numItemsInserted: ROWS });
  });

  it("another user's delete of the file cancels nothing (their file answers like a missing one)", async () => {
    const id = await newCatalogue();
    const file = await uploadAs(t, 'librarian', 'small.csv', 'code\nA\nB\n');
    expect((await t.call('POST', '/api/misc/deleteFile', { user: 'supervisor', body: { fileName: file } })).json()).toEqual({ deleted: false });
    expect((await t.call('POST', '/api/misc/deleteFile', { body: { fileName: file } })).statusCode).toBe(401);
    const theirs = (await t.call('POST', `/api/stores/${bib2}/catalogues`, { user: 'supervisor', body: { name: 'Theirs' } })).json().tid;
    expect(
      (await t.call('POST', `/api/stores/${bib2}/catalogues/${theirs}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields } })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `/api/stores/${bib1}/catalogues/${id}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields } })).json()).toEqual(
      { numItems: 2, numItemsInserted: 2 },
    );
  });
});
