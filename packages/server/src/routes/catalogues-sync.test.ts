import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let store: number;
let server: http.Server;
let origin: string;
const PAYLOADS: Record<string, string> = {
  '/items.csv': 'objectId;code;title\nE1;001;x\nE2;002;y\n',
  '/items.json': JSON.stringify({ items: [{ code: '003', field1: 'Canción' }, { code: '001', objectId: 'E1' }, { code: '004' }] }),
  '/plain.csv': 'A,E9,Uno\nB,,Dos\n',
  '/bad.json': JSON.stringify([{ code: '', objectId: '', field1: 'sin código' }]),
  '/broken.json': '[{"code": "1"',
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = PAYLOADS[req.url ?? ''];
    if (req.url === '/redirect-loopback') {
      res.statusCode = 302;
      res.setHeader('location', `http://127.0.0.2:${(server.address() as AddressInfo).port}/items.csv`);
      res.end();
      return;
    }
    if (body === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The allow-list lets the test server on 127.0.0.1 through; nothing else that is not public.
  t = await createTestApp({ lists: { syncAllowList: ['127.0.0.1/32'], syncTimeoutMs: 2000 } });
  store = await t.storeId('BIB-001');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

const url = (rest = '') => `/api/stores/${store}/catalogues${rest}`;
const create = async (name: string, path: string) =>
  (await t.call('POST', url(), { user: 'librarian', body: { name, syncURL: path.startsWith('http') ? path : `${origin}${path}` } })).json().tid as number;
const sync = (id: number) => t.call('GET', url(`/${id}/sync`), { user: 'librarian' });

describe('GET /{id}/sync', () => {
  it('adds the items of a csv (header names the fields) and of json, then only the new ones', async () => {
    const id = await create('Sync csv', '/items.csv');
    expect((await sync(id)).json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    expect((await sync(id)).json()).toEqual({ numItems: 2, numItemsInserted: 0 });
    const catalogue = (await t.call('GET', url(`/${id}`), { user: 'librarian' })).json();
    expect(catalogue.lastSync).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await t.call('PUT', url(`/${id}`), { user: 'librarian', body: { name: 'Sync csv', syncURL: `${origin}/items.json` } });
    expect((await sync(id)).json()).toEqual({ numItems: 3, numItemsInserted: 2 });
    const items = (await t.call('GET', url(`/${id}/items?order=code,asc`), { user: 'librarian' })).json().items;
    expect(items.map((i: { code: string; objectId: string }) => [i.code, i.objectId])).toEqual([
      ['001', 'E1'],
      ['002', 'E2'],
      ['003', null],
      ['004', null],
    ]);
  });

  it('reads a csv without header as code, objectId, field1…', async () => {
    const id = await create('Sync plain', '/plain.csv');
    expect((await sync(id)).json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    const items = (await t.call('GET', url(`/${id}/items`), { user: 'librarian' })).json().items;
    expect(items.map((i: { code: string; objectId: string; field1: string }) => [i.code, i.objectId, i.field1])).toEqual([
      ['A', 'E9', 'Uno'],
      ['B', null, 'Dos'],
    ]);
  });

  it('refuses refused items, unreadable content, missing pages and lists without a sync URL, adding nothing', async () => {
    const bad = await create('Sync bad', '/bad.json');
    const res = await sync(bad);
    expect([res.statusCode, res.json().code, res.json().details.errors[0].code]).toEqual([502, 'SYNC_FAILED', 'AtLeastOneCodeMessage']);
    expect((await sync(await create('Sync broken', '/broken.json'))).json().code).toBe('SYNC_FAILED');
    expect((await sync(await create('Sync 404', '/nothing'))).json().code).toBe('SYNC_FAILED');
    const none = (await t.call('POST', url(), { user: 'librarian', body: { name: 'Sin URL' } })).json().tid;
    expect((await sync(none)).json().code).toBe('NO_SYNC_URL');
    expect((await t.call('GET', url(`/${bad}/items`), { user: 'librarian' })).json().total).toBe(0);
  });

  it('refuses non-public targets that the allow-list does not name, also after a redirect', async () => {
    const port = new URL(origin).port;
    for (const target of [
      `http://127.0.0.2:${port}/items.csv`,
      `http://[::1]:${port}/items.csv`,
      `http://10.0.0.1:${port}/items.csv`,
      `http://[::ffff:127.0.0.2]:${port}/items.csv`,
      `${origin}/redirect-loopback`,
    ]) {
      const res = await sync(await create(`Sync ${target}`, target));
      expect([target, res.statusCode, res.json().code]).toEqual([target, 400, 'URL_NOT_ALLOWED']);
    }
  });
});

describe('GET /api/misc/checkSyncURL', () => {
  const check = async (value: string) => (await t.call('GET', `/api/misc/checkSyncURL?url=${encodeURIComponent(value)}`, { user: 'librarian' })).json();

  it('accepts http(s) URLs that resolve to allowed addresses only', async () => {
    expect(await check(`${origin}/items.csv`)).toEqual({ valid: true });
    expect(await check('http://127.0.0.2/items.csv')).toEqual({ valid: false });
    expect(await check('http://169.254.169.254/latest/meta-data')).toEqual({ valid: false });
    expect(await check('ftp://example.com/x')).toEqual({ valid: false });
    expect(await check('no url')).toEqual({ valid: false });
    expect((await t.call('GET', '/api/misc/checkSyncURL?url=x')).statusCode).toBe(401);
  });
});
