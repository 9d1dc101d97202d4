/**
 * Permission matrix: every endpoint of the reference server × each demo account and no token → the
 * expected status. Each mutating call gets its own fresh target so every allowed call can succeed.
 */
import { multipartBody, PNG_1PX } from '../testing/multipart';
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

type Actor = DemoUser | 'none';
const ACTORS: Actor[] = ['none', 'admin', 'supervisor', 'manager', 'librarian', 'viewer'];

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A plain user holding BIB-001, created by admin. */
async function targetUser(): Promise<number> {
  seq += 1;
  const res = await t.call('POST', '/api/users', {
    user: 'admin',
    body: {
      userName: `target${seq}`,
      fullName: 'Target',
      address: 'A',
      telephone: '1',
      email: `target${seq}@example.com`,
      role: 'user',
      permissions: ['manager'],
      password: 'long-enough-pw',
      storeIds: [await t.storeId('BIB-001')],
    },
  });
  return res.json().tid;
}

async function freshStore(): Promise<number> {
  seq += 1;
  const res = await t.call('POST', '/api/stores', {
    user: 'admin',
    body: {
      code: `TMP-${seq}`,
      country: 'ES',
      area: 'Z',
      province: 'Z',
      city: 'Z',
      name: `Tmp ${seq}`,
      address: 'a',
      manager: 'm',
      managertel: '1',
      capacity: 1,
      resetTime: '00:00',
      startTime: '08:00',
      endTime: '20:00',
    },
  });
  return res.json().tid;
}

async function self(actor: Actor): Promise<number> {
  return actor === 'none' ? t.userId('admin') : t.userId(actor);
}

interface Row {
  name: string;
  /** Builds the request for one actor (fresh targets). */
  request: (actor: Actor) => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown; multipart?: boolean }>;
  expected: Record<Actor, number>;
}

const signedIn = { none: 401, admin: 200, supervisor: 200, manager: 200, librarian: 200, viewer: 403 };
const supervisors = { none: 401, admin: 200, supervisor: 200, manager: 403, librarian: 403, viewer: 403 };
const adminOnly = { none: 401, admin: 200, supervisor: 403, manager: 403, librarian: 403, viewer: 403 };

const MATRIX: Row[] = [
  { name: 'GET /api/misc/version', request: async () => ({ method: 'GET', url: '/api/misc/version' }), expected: signedIn },
  { name: 'GET /api/format', request: async () => ({ method: 'GET', url: '/api/format' }), expected: signedIn },
  {
    name: 'PUT /api/format',
    request: async () => ({ method: 'PUT', url: '/api/format', body: { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY', separator: 'comma' } }),
    expected: signedIn,
  },
  {
    name: 'PUT /api/users/{own id}/settings',
    request: async (a) => ({ method: 'PUT', url: `/api/users/${await self(a)}/settings`, body: { settings: { dashboardItems: { main: [] } } } }),
    expected: signedIn,
  },
  {
    name: "PUT /api/users/{other's id}/settings",
    request: async () => ({ method: 'PUT', url: `/api/users/${await targetUser()}/settings`, body: { settings: {} } }),
    expected: { none: 401, admin: 403, supervisor: 403, manager: 403, librarian: 403, viewer: 403 },
  },
  { name: 'GET /api/users/numUsers', request: async () => ({ method: 'GET', url: '/api/users/numUsers' }), expected: supervisors },
  { name: 'GET /api/users', request: async () => ({ method: 'GET', url: '/api/users?limit=25' }), expected: supervisors },
  {
    name: 'POST /api/users',
    request: async () => {
      seq += 1;
      return {
        method: 'POST',
        url: '/api/users',
        body: {
          userName: `new${seq}`,
          fullName: 'N',
          address: 'A',
          telephone: '1',
          email: `new${seq}@example.com`,
          role: 'user',
          permissions: ['manager'],
          password: 'long-enough-pw',
        },
      };
    },
    expected: supervisors,
  },
  { name: 'POST /api/users/exists', request: async () => ({ method: 'POST', url: '/api/users/exists', body: { userName: 'admin' } }), expected: supervisors },
  { name: 'GET /api/users/{own id}', request: async (a) => ({ method: 'GET', url: `/api/users/${await self(a)}` }), expected: signedIn },
  { name: 'GET /api/users/{managed id}', request: async () => ({ method: 'GET', url: `/api/users/${await targetUser()}` }), expected: supervisors },
  {
    name: 'GET /api/users/{admin id}',
    request: async () => ({ method: 'GET', url: `/api/users/${await t.userId('admin')}` }),
    expected: { ...supervisors, supervisor: 403 },
  },
  {
    name: 'PUT /api/users/{own id}',
    request: async (a) => ({ method: 'PUT', url: `/api/users/${await self(a)}`, body: { telephone: '699' } }),
    expected: signedIn,
  },
  {
    name: 'PUT /api/users/{managed id}',
    request: async () => ({ method: 'PUT', url: `/api/users/${await targetUser()}`, body: { telephone: '699' } }),
    expected: supervisors,
  },
  {
    name: 'DELETE /api/users/{ids}',
    request: async () => ({ method: 'DELETE', url: `/api/users/${await targetUser()},${await targetUser()}` }),
    expected: supervisors,
  },
  {
    name: 'POST /api/users/{own id}/publicToken',
    request: async (a) => ({ method: 'POST', url: `/api/users/${await self(a)}/publicToken` }),
    expected: signedIn,
  },
  {
    name: 'POST /api/users/{managed id}/publicToken',
    request: async () => ({ method: 'POST', url: `/api/users/${await targetUser()}/publicToken` }),
    expected: supervisors,
  },
  {
    name: 'POST /api/users/{admin id}/publicToken',
    request: async () => ({ method: 'POST', url: `/api/users/${await t.userId('admin')}/publicToken` }),
    expected: { ...supervisors, supervisor: 403 },
  },
  {
    name: 'POST /api/users/{own id}/imageSetToken',
    request: async (a) => ({ method: 'POST', url: `/api/users/${await self(a)}/imageSetToken` }),
    expected: signedIn,
  },
  {
    name: 'POST /api/users/{managed id}/imageSetToken',
    request: async () => ({ method: 'POST', url: `/api/users/${await targetUser()}/imageSetToken` }),
    expected: supervisors,
  },
  {
    name: 'POST /api/users/{own id}/avatar',
    request: async (a) => ({ method: 'POST', url: `/api/users/${await self(a)}/avatar`, multipart: true }),
    expected: signedIn,
  },
  {
    name: 'POST /api/users/{managed id}/avatar',
    request: async () => ({ method: 'POST', url: `/api/users/${await targetUser()}/avatar`, multipart: true }),
    expected: supervisors,
  },
  {
    name: 'GET /api/users/{managed id}/avatar',
    request: async () => {
      const id = await targetUser();
      const upload = multipartBody('avatar', 'a.png', 'image/png', PNG_1PX);
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${id}/avatar`,
        payload: upload.payload,
        headers: { ...upload.headers, 'x-access-token': await t.token('admin') },
      });
      return { method: 'GET', url: `/api/users/${id}/avatar` };
    },
    expected: supervisors,
  },
  { name: 'DELETE /api/users/{own id}/avatar', request: async (a) => ({ method: 'DELETE', url: `/api/users/${await self(a)}/avatar` }), expected: signedIn },
  {
    name: 'DELETE /api/users/{managed id}/avatar',
    request: async () => ({ method: 'DELETE', url: `/api/users/${await targetUser()}/avatar` }),
    expected: supervisors,
  },
  { name: 'GET /api/stores', request: async () => ({ method: 'GET', url: '/api/stores' }), expected: signedIn },
  {
    name: 'GET /api/stores?mode=tree&levels=area,name,sensor',
    request: async () => ({ method: 'GET', url: '/api/stores?mode=tree&levels=area,name,sensor' }),
    expected: signedIn,
  },
  {
    name: 'POST /api/stores',
    request: async () => {
      seq += 1;
      return {
        method: 'POST',
        url: '/api/stores',
        body: {
          code: `P-${seq}`,
          country: 'ES',
          area: 'Z',
          province: 'Z',
          city: 'Z',
          name: 'P',
          address: 'a',
          manager: 'm',
          managertel: '1',
          capacity: 3,
          resetTime: '00:00',
          startTime: '08:00',
          endTime: '20:00',
        },
      };
    },
    expected: adminOnly,
  },
  {
    name: 'PUT /api/stores/{BIB-001}',
    request: async () => ({ method: 'PUT', url: `/api/stores/${await t.storeId('BIB-001')}`, body: { capacity: 99 } }),
    expected: signedIn,
  },
  {
    name: "PUT /api/stores/{BIB-003} (not the manager's)",
    request: async () => ({ method: 'PUT', url: `/api/stores/${await t.storeId('BIB-003')}`, body: { capacity: 99 } }),
    expected: { ...signedIn, manager: 403 },
  },
  {
    name: "PUT /api/stores/{BIB-004} (neither manager's nor librarian's)",
    request: async () => ({ method: 'PUT', url: `/api/stores/${await t.storeId('BIB-004')}`, body: { capacity: 99 } }),
    expected: { ...signedIn, manager: 403, librarian: 403 },
  },
  { name: 'DELETE /api/stores/{ids}', request: async () => ({ method: 'DELETE', url: `/api/stores/${await freshStore()}` }), expected: adminOnly },
];

describe('permission matrix', () => {
  it.each(MATRIX.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) {
      const req = await row.request(actor);
      const headers: Record<string, string> = actor === 'none' ? {} : { 'x-access-token': await t.token(actor) };
      let res;
      if (req.multipart) {
        const body = multipartBody('avatar', 'a.png', 'image/png', PNG_1PX);
        res = await t.app.inject({ method: req.method, url: req.url, payload: body.payload, headers: { ...headers, ...body.headers } });
      } else {
        res = await t.app.inject({ method: req.method, url: req.url, headers, ...(req.body !== undefined ? { payload: req.body as object } : {}) });
      }
      got[actor] = res.statusCode;
      if (res.statusCode >= 400) expect(typeof res.json().code).toBe('string');
    }
    expect(got).toEqual(row.expected);
  });

  it('sign-in: admin and manager-permission users yes, others USER_NO_PRIVILEGES', async () => {
    const got: Record<string, number> = {};
    for (const user of ['admin', 'supervisor', 'manager', 'librarian', 'viewer']) {
      got[user] = (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: user, password: user } })).statusCode;
    }
    expect(got).toEqual({ admin: 200, supervisor: 200, manager: 200, librarian: 200, viewer: 403 });
  });
});
