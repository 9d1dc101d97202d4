/**
 * Saved ID modification scripts applied on every write path: manual add and edit, import, sync
 * and Add Items To — catalogue items get the catalogue script, inventory items the inventory script, search
 * lists none. One sandbox run per batch (a counter kept in the interpreter's globals numbers the ids of one
 * run). A script that throws on a row makes it a refused row reported with the others, and nothing is written.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addCatalogue, addSectionThroughApi, uploadAs } from './testing/helpers';
import { SCRIPT_BATCH } from './itemIntake';
import { endIdleScriptWorkers, sandboxStats, SCRIPT_POOL } from '../sandbox/idScript';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let server: http.Server;
let origin: string;
const payloads: Record<string, string> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = payloads[req.url ?? ''];
    if (body === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ lists: { syncAllowList: ['127.0.0.1/32'], syncTimeoutMs: 5000 } });
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  await t.db.updateTable('stores').set({ field_object_id: 'RFID' }).where('id', '=', bib1).execute();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

const as = { user: 'librarian' as const };
const UPPER = 'return id.toUpperCase();';
const THROWS_ON_BAD = "if (id.startsWith('bad')) throw new Error('no bad ids'); return id.toUpperCase();";
/** Numbers the ids of one sandbox run: the interpreter's globals live as long as the run. */
const COUNTS = 'globalThis.n = (globalThis.n || 0) + 1; return id + ":" + globalThis.n;';

async function scripts(storeId: number, catalogue: string, inventory: string) {
  const values = { catalogue_items_modification: catalogue, inventory_items_modification: inventory, updated_at: new Date().toISOString() };
  await t.db
    .insertInto('id_modifications')
    .values({ store_id: storeId, ...values })
    .onConflict((c) => c.column('store_id').doUpdateSet(values))
    .execute();
}

const catalogue = async (name: string) =>
  (await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `${name} ${Math.random()}` } })).json().tid as number;
const codesOf = async (url: string) =>
  ((await t.call('GET', `${url}?order=${encodeURIComponent('["code","asc"]')}&limit=100`, as)).json().items as Array<{ code: string }>).map((i) => i.code);
const importInto = async (url: string, csv: string) => {
  const file = await uploadAs(t, 'librarian', 'ids.csv', csv);
  return t.call('POST', `${url}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0, objectId: 1, field1: 2 }] } });
};
describe('manual add and edit', () => {
  it('catalogue items get the catalogue script, inventory items the inventory one, search lists none; an edit runs it only on a new code', async () => {
    await scripts(bib1, UPPER, "return 'INV-' + id;");
    const items = `/api/stores/${bib1}/catalogues/${await catalogue('Manual')}/items`;
    const added = (await t.call('POST', items, { ...as, body: { code: 'abc', objectId: 'e1' } })).json();
    expect(added).toMatchObject({ code: 'ABC', objectId: 'e1' });
    expect((await t.call('PUT', `${items}/${added.tid}`, { ...as, body: { field1: 'title' } })).json()).toMatchObject({ code: 'ABC', field1: 'title' });
    expect((await t.call('PUT', `${items}/${added.tid}`, { ...as, body: { code: 'def' } })).json()).toMatchObject({ code: 'DEF' });
    const section = await addSectionThroughApi(t, 'librarian', bib1);
    expect((await t.call('POST', section, { ...as, body: { code: 'abc' } })).json()).toMatchObject({ code: 'INV-abc' });
    const list = (await t.call('POST', `/api/stores/${bib1}/searchLists`, { ...as, body: { name: `Manual ${Math.random()}` } })).json().tid;
    expect((await t.call('POST', `/api/stores/${bib1}/searchLists/${list}/items`, { ...as, body: { code: 'abc' } })).json()).toMatchObject({ code: 'abc' });
  });

  it("a script that throws answers 400 SCRIPT_ERROR with its message and stores nothing; another library's script is not used", async () => {
    await scripts(bib1, THROWS_ON_BAD, '');
    await scripts(bib2, 'return "THEIRS";', 'return "THEIRS";');
    const items = `/api/stores/${bib1}/catalogues/${await catalogue('Throws')}/items`;
    const res = await t.call('POST', items, { ...as, body: { code: 'bad1' } });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'SCRIPT_ERROR', 'no bad ids']);
    expect((await t.call('POST', items, { ...as, body: { code: 'ok' } })).json()).toMatchObject({ code: 'OK' });
    expect(await codesOf(items)).toEqual(['OK']);
  });
});

describe('import', () => {
  it('modifies every imported id in one sandbox run per batch', async () => {
    await scripts(bib1, COUNTS, '');
    const items = `/api/stores/${bib1}/catalogues/${await catalogue('Import')}/items`;
    expect((await importInto(items.replace(/\/items$/, ''), 'code,rfid\na,\nb,\n,e3\n')).json()).toEqual({ numItems: 3, numItemsInserted: 3 });
    expect(await codesOf(items)).toEqual([null, 'a:1', 'b:2']);
  });

  it(`starts a new run after ${SCRIPT_BATCH} rows, never one per row`, async () => {
    const items = `/api/stores/${bib1}/catalogues/${await catalogue('Batches')}/items`;
    const rows = Array.from({ length: SCRIPT_BATCH + 2 }, (_, i) => `c${String(i).padStart(5, '0')},`).join('\n');
    expect((await importInto(items.replace(/\/items$/, ''), `code,rfid\n${rows}\n`)).json()).toEqual({
      numItems: SCRIPT_BATCH + 2,
      numItemsInserted: SCRIPT_BATCH + 2,
    });
    const last = (await t.call('GET', `${items}?order=${encodeURIComponent('["code","desc"]')}&limit=3`, as)).json().items.map((i: { code: string }) => i.code);
    expect(last).toEqual([
      `c${String(SCRIPT_BATCH + 1).padStart(5, '0')}:2`,
      `c${String(SCRIPT_BATCH).padStart(5, '0')}:1`,
      `c${String(SCRIPT_BATCH - 1).padStart(5, '0')}:${SCRIPT_BATCH}`,
    ]);
  });

  it('rows the script throws on are refused rows reported with the others; nothing is imported', async () => {
    await scripts(bib1, THROWS_ON_BAD, '');
    const id = await catalogue('Import throws');
    const res = await importInto(`/api/stores/${bib1}/catalogues/${id}`, 'code,rfid\nok1,\nbad1,\n,\nbad2,\n,,x\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_FAILED');
    expect(res.json().details.errors).toEqual([
      { sheet: expect.any(String), row: 3, code: 'SCRIPT_ERROR', field: 'code', message: 'no bad ids' },
      { sheet: expect.any(String), row: 5, code: 'SCRIPT_ERROR', field: 'code', message: 'no bad ids' },
      { sheet: expect.any(String), row: 6, code: 'AtLeastOneCodeMessage' },
    ]);
    expect(await codesOf(`/api/stores/${bib1}/catalogues/${id}/items`)).toEqual([]);
  });

  it("a file's preview warms the sandbox when one of the user's libraries has a script (the import that follows finds QuickJS loaded), as many workers as one user's runs take at once, not otherwise", async () => {
    const preview = async () => {
      await endIdleScriptWorkers();
      const before = sandboxStats.started;
      const file = await uploadAs(t, 'librarian', 'ids.csv', 'code\na1\n');
      expect((await t.call('POST', '/api/misc/readFile', { ...as, body: { fileName: file } })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return sandboxStats.started - before;
    };
    await t.db.deleteFrom('id_modifications').execute();
    await scripts(bib1, '  ', '');
    expect(await preview()).toBe(0);
    await scripts(bib1, '', UPPER);
    expect(await preview()).toBe(SCRIPT_POOL.perUser);
    await endIdleScriptWorkers();
  });

  it('inventory sections get the inventory script', async () => {
    await scripts(bib1, UPPER, "return 'INV-' + id;");
    const items = await addSectionThroughApi(t, 'librarian', bib1);
    expect((await importInto(items.replace(/\/items$/, ''), 'code,rfid\nx1,\n')).json()).toEqual({ numItems: 1, numItemsInserted: 1 });
    expect(await codesOf(items)).toEqual(['INV-x1']);
  });
});

describe('sync', () => {
  it('modifies synced ids; a throwing row fails the sync with its row and stores nothing', async () => {
    await scripts(bib1, THROWS_ON_BAD, '');
    payloads['/good.csv'] = 'code\nabc\ndef\n';
    payloads['/bad.csv'] = 'code\nabc\nbad1\nxyz\n';
    const good = (
      await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `Sync ${Math.random()}`, syncURL: `${origin}/good.csv` } })
    ).json().tid;
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${good}/sync`, as)).json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    expect(await codesOf(`/api/stores/${bib1}/catalogues/${good}/items`)).toEqual(['ABC', 'DEF']);
    const bad = (
      await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `Sync bad ${Math.random()}`, syncURL: `${origin}/bad.csv` } })
    ).json().tid;
    const res = await t.call('GET', `/api/stores/${bib1}/catalogues/${bad}/sync`, as);
    expect([res.statusCode, res.json().code]).toEqual([502, 'SYNC_FAILED']);
    expect(res.json().details.errors).toEqual([{ row: 3, code: 'SCRIPT_ERROR', field: 'code', message: 'no bad ids' }]);
    expect(await codesOf(`/api/stores/${bib1}/catalogues/${bad}/items`)).toEqual([]);
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${bad}`, as)).json().lastSync).toBeNull();
  });
});

describe('Add Items To', () => {
  it('gives copied ids the target list script; a throwing item fails the whole copy, nothing added', async () => {
    await scripts(bib1, UPPER, "if (id.startsWith('bad')) throw new Error('no bad ids'); return 'INV-' + id;");
    const source = await addCatalogue(t.db, bib1, `Source ${Math.random()}`, [{ code: 'a1' }, { objectId: 'only-obj' }]);
    const target = await catalogue('Copy target');
    const copy = await t.call('POST', `/api/stores/${bib1}/catalogues/${target}/items/catalogue`, {
      ...as,
      body: { parentId: source, itemIds: [], searchTexts: {} },
    });
    expect(copy.json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    expect(await codesOf(`/api/stores/${bib1}/catalogues/${target}/items`)).toEqual([null, 'A1']);
    const section = await addSectionThroughApi(t, 'librarian', bib1);
    expect((await t.call('POST', `${section}/catalogue`, { ...as, body: { parentId: source, itemIds: [] } })).json()).toEqual({
      numItems: 2,
      numItemsInserted: 2,
    });
    expect(await codesOf(section)).toEqual([null, 'INV-a1']);
    const withBad = await addCatalogue(t.db, bib1, `Source bad ${Math.random()}`, [{ code: 'a2' }, { code: 'bad3' }]);
    const other = await addSectionThroughApi(t, 'librarian', bib1);
    const res = await t.call('POST', `${other}/catalogue`, { ...as, body: { parentId: withBad, itemIds: [] } });
    expect([res.statusCode, res.json().code]).toEqual([400, 'IMPORT_FAILED']);
    expect(res.json().details.errors).toEqual([{ sheet: '', row: 2, code: 'SCRIPT_ERROR', field: 'code', message: 'no bad ids' }]);
    expect(await codesOf(other)).toEqual([]);
  });
});
