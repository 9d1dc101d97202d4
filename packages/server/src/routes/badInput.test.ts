/**
 * Bad input on every endpoint: wrong types, missing or extra fields, oversize bodies, unknown ids,
 * malformed JSON, wrong content type, NUL characters → a 4xx with a code, and the database unchanged.
 */
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 64 * 1024 });
});
afterAll(() => t.close());

const TABLES = ['users', 'user_stores', 'user_settings', 'export_formats', 'stores', 'signin_failures'] as const;

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) parts.push(await t.db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Bad {
  label: string;
  method: Method;
  url: string;
  payload?: string | object | unknown[];
  contentType?: string;
}

interface Endpoint {
  method: Method;
  url: () => Promise<string>;
  /** A valid body (for body endpoints); variations of it are sent. */
  body?: Record<string, unknown>;
  /** Endpoint-specific bad bodies. */
  badBodies?: unknown[];
  /** Bad URLs (params or query). */
  badUrls?: () => Promise<string[]>;
}

const big = 'x'.repeat(70 * 1024);
const storeBody = {
  code: 'Q-1',
  country: 'ES',
  area: 'Z',
  province: 'Z',
  city: 'Z',
  name: 'Q',
  address: 'a',
  manager: 'm',
  managertel: '1',
  capacity: 3,
  resetTime: '00:00',
  startTime: '08:00',
  endTime: '20:00',
};
const userBody = {
  userName: 'q1',
  fullName: 'Q',
  address: 'A',
  telephone: '1',
  email: 'q1@example.com',
  role: 'user',
  permissions: ['manager'],
  password: 'long-enough-pw',
};
const badIds = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%00'];
const badIdLists = ['abc', '1,,2', '1;2', ',1', '1,', '0', '99999999999', '1,abc'];

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/auth/signin': {
    method: 'POST',
    url: async () => '/api/auth/signin',
    body: { userName: 'admin', password: 'admin' },
    badBodies: [{ userName: 'admin' }, { userName: ['admin'], password: 'admin' }, { userName: 'admin', password: '' }, { userName: 'a\u0000', password: 'b' }],
  },
  'GET /api/misc/version': { method: 'GET', url: async () => '/api/misc/version', badUrls: async () => ['/api/misc/version?x=1'] },
  'GET /api/format': { method: 'GET', url: async () => '/api/format', badUrls: async () => ['/api/format?fileType=csv'] },
  'PUT /api/format': {
    method: 'PUT',
    url: async () => '/api/format',
    body: { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY', separator: 'comma' },
    badBodies: [
      { fileType: 'pdf', firstRowHeader: true, dateFormat: 'Y', separator: 'comma' },
      { fileType: 'csv', firstRowHeader: 'yes', dateFormat: 'Y', separator: 'comma' },
      { fileType: 'csv', firstRowHeader: true, dateFormat: ' ', separator: 'comma' },
      { fileType: 'csv', firstRowHeader: true, dateFormat: 'Y', separator: 'pipe' },
      { fileType: 'csv', firstRowHeader: true, separator: 'comma' },
    ],
  },
  'PUT /api/users/{userId}/settings': {
    method: 'PUT',
    url: async () => `/api/users/${await t.userId('admin')}/settings`,
    body: { settings: { selectedStoreId: null } },
    badBodies: [
      {},
      { selectedStoreId: 1 },
      { settings: { selectedStoreId: 'one' } },
      { settings: { dashboardItems: { main: 'x' } } },
      { settings: { visibleColumns: [] } },
      { settings: { theme: 'dark' } },
      { settings: { selectedStoreId: 99999 } },
    ],
    badUrls: async () => badIds.map((id) => `/api/users/${id}/settings`),
  },
  'GET /api/users/numUsers': { method: 'GET', url: async () => '/api/users/numUsers', badUrls: async () => ['/api/users/numUsers?all=1'] },
  'GET /api/users': {
    method: 'GET',
    url: async () => '/api/users',
    badUrls: async () => [
      '/api/users?limit=0',
      '/api/users?limit=100000',
      '/api/users?offset=-5',
      '/api/users?order=password_hash,asc',
      '/api/users?order=userName,sideways',
      `/api/users?searchTexts=${encodeURIComponent('{"password_hash":"x"}')}`,
      '/api/users?searchTexts=[1]',
      '/api/users?page=2',
    ],
  },
  'POST /api/users': {
    method: 'POST',
    url: async () => '/api/users',
    body: userBody,
    badBodies: [
      { ...userBody, role: 'root' },
      { ...userBody, permissions: ['god'] },
      { ...userBody, permissions: 'manager' },
      { ...userBody, storeIds: ['1'] },
      { ...userBody, storeIds: [99999] },
      { ...userBody, regions: ['nowhere'] },
      { ...userBody, fullName: '' },
      { ...userBody, flavor: 'ACME' },
      { ...userBody, email: 'x' },
      { ...userBody, userName: 'admin' },
    ],
  },
  'POST /api/users/exists': {
    method: 'POST',
    url: async () => '/api/users/exists',
    body: { userName: 'admin' },
    badBodies: [{}, { userId: 'x', userName: 'a' }, { userName: 5 }, { userId: 0, userName: 'a' }],
  },
  'GET /api/users/{userId}': {
    method: 'GET',
    url: async () => `/api/users/${await t.userId('manager')}`,
    badUrls: async () => [...badIds.map((id) => `/api/users/${id}`), '/api/users/99999', `/api/users/${await t.userId('manager')}?x=1`],
  },
  'PUT /api/users/{userId}': {
    method: 'PUT',
    url: async () => `/api/users/${await t.userId('manager')}`,
    body: { telephone: '600' },
    badBodies: [{}, { role: 'root' }, { email: 'nope' }, { telephone: 600 }, { permissions: [1] }, { userName: 'supervisor' }],
    badUrls: async () => [...badIds.map((id) => `/api/users/${id}`), '/api/users/99999'],
  },
  'DELETE /api/users/{ids}': {
    method: 'DELETE',
    url: async () => `/api/users/${await t.userId('viewer')}`,
    badUrls: async () => [
      ...badIdLists.map((ids) => `/api/users/${ids}`),
      '/api/users/99999',
      `/api/users/${await t.userId('viewer')},99999`,
      `/api/users/${await t.userId('admin')}`,
    ],
  },
  'POST /api/users/{userId}/avatar': {
    method: 'POST',
    url: async () => `/api/users/${await t.userId('manager')}/avatar`,
    badUrls: async () => [...badIds.map((id) => `/api/users/${id}/avatar`), '/api/users/99999/avatar'],
  },
  'DELETE /api/users/{userId}/avatar': {
    method: 'DELETE',
    url: async () => `/api/users/${await t.userId('manager')}/avatar`,
    badUrls: async () => [...badIds.map((id) => `/api/users/${id}/avatar`), '/api/users/99999/avatar'],
  },
  'GET /api/users/{userId}/avatar': {
    method: 'GET',
    url: async () => `/api/users/${await t.userId('manager')}/avatar`,
    badUrls: async () => [...badIds.map((id) => `/api/users/${id}/avatar`), '/api/users/99999/avatar', `/api/users/${await t.userId('manager')}/avatar`],
  },
  'GET /api/stores': {
    method: 'GET',
    url: async () => '/api/stores',
    badUrls: async () => [
      '/api/stores?mode=tree&levels=sensor,area',
      '/api/stores?mode=map',
      '/api/stores?levels=area',
      '/api/stores?limit=-1',
      '/api/stores?order=["name"]',
      '/api/stores?searchTexts=%7B%22planet%22%3A%22x%22%7D',
      '/api/stores?mode=tree&offset=3',
    ],
  },
  'POST /api/stores': {
    method: 'POST',
    url: async () => '/api/stores',
    body: storeBody,
    badBodies: [
      { ...storeBody, capacity: 0 },
      { ...storeBody, resetTime: '10:15' },
      { ...storeBody, startTime: '10:02' },
      { ...storeBody, code: 'BIB-001' },
      { ...storeBody, timezone: 'Nowhere/City' },
      { ...storeBody, expirationDate: '2030-13-01' },
      { ...storeBody, capacity: null },
    ],
  },
  'PUT /api/stores/{storeId}': {
    method: 'PUT',
    url: async () => `/api/stores/${await t.storeId('BIB-001')}`,
    body: { capacity: 7 },
    badBodies: [{}, { capacity: 0 }, { capacity: 2.5 }, { endTime: '25:00' }, { code: 'BIB-002' }, { tid: 5 }],
    badUrls: async () => [...badIds.map((id) => `/api/stores/${id}`), '/api/stores/99999'],
  },
  'DELETE /api/stores/{ids}': {
    method: 'DELETE',
    url: async () => `/api/stores/${await t.storeId('BIB-004')}`,
    badUrls: async () => [...badIdLists.map((ids) => `/api/stores/${ids}`), '/api/stores/99999', `/api/stores/${await t.storeId('BIB-004')},99999`],
  },
};

async function badRequests(ep: Endpoint): Promise<Bad[]> {
  const url = await ep.url();
  const list: Bad[] = [];
  if (ep.body) {
    list.push({ label: 'malformed JSON', method: ep.method, url, payload: '{"a":', contentType: 'application/json' });
    list.push({ label: 'empty JSON body', method: ep.method, url, payload: '', contentType: 'application/json' });
    list.push({ label: 'text/plain', method: ep.method, url, payload: JSON.stringify(ep.body), contentType: 'text/plain' });
    list.push({ label: 'form-urlencoded', method: ep.method, url, payload: 'a=b', contentType: 'application/x-www-form-urlencoded' });
    list.push({ label: 'extra field', method: ep.method, url, payload: { ...ep.body, unexpected: true } });
    list.push({ label: 'array body', method: ep.method, url, payload: [ep.body] });
    list.push({ label: 'string body', method: ep.method, url, payload: '"text"', contentType: 'application/json' });
    list.push({ label: 'oversize body', method: ep.method, url, payload: { ...ep.body, padding: big } });
    list.push({
      label: 'prototype pollution',
      method: ep.method,
      url,
      payload: `{"__proto__":{"admin":true},${JSON.stringify(ep.body).slice(1)}`,
      contentType: 'application/json',
    });
    for (const payload of ep.badBodies ?? []) list.push({ label: `bad body ${JSON.stringify(payload)}`, method: ep.method, url, payload: payload as object });
  }
  for (const badUrl of (await ep.badUrls?.()) ?? []) {
    list.push({ label: `bad url ${badUrl}`, method: ep.method, url: badUrl, ...(ep.body ? { payload: ep.body } : {}) });
  }
  return list;
}

describe('bad input gets a 4xx with a code and changes nothing', () => {
  it.each(Object.keys(ENDPOINTS))('%s', async (name) => {
    const ep = ENDPOINTS[name];
    // The avatar GET "bad url" for a user without an avatar is a 404 AVATAR_NOT_FOUND, also a coded 4xx.
    const requests = await badRequests(ep);
    expect(requests.length).toBeGreaterThan(0);
    const token = await t.token('admin');
    for (const req of requests) {
      const before = await snapshot();
      const headers: Record<string, string> = { 'x-access-token': token };
      if (req.contentType) headers['content-type'] = req.contentType;
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers,
        remoteAddress: '192.0.2.1',
        ...(req.payload !== undefined ? { payload: req.payload as string } : {}),
      });
      const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : {};
      expect({ label: req.label, status: res.statusCode >= 400 && res.statusCode < 500, code: typeof body.code }).toEqual({
        label: req.label,
        status: true,
        code: 'string',
      });
      // Failed sign-ins are meant to count towards the lock-out; everything else must stay untouched.
      if (name !== 'POST /api/auth/signin') expect({ label: req.label, same: (await snapshot()) === before }).toEqual({ label: req.label, same: true });
    }
  });

  it('unknown /api paths and methods are 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['PATCH', '/api/stores/1'],
      ['POST', '/api/misc/version'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-access-token': await t.token('admin') } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
  });
});
