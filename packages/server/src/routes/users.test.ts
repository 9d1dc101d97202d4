import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length;

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    userName: 'nuevo',
    fullName: 'Núria Nova',
    address: 'Carrer 1',
    telephone: '600000000',
    email: 'nuevo@example.com',
    role: 'user',
    permissions: ['manager'],
    password: 'secret-pass',
    ...overrides,
  };
}

describe('GET /api/users and numUsers', () => {
  it('admin sees everyone; a supervisor the non-admins within their libraries', async () => {
    const admin = await t.call('GET', '/api/users', { user: 'admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().total).toBe(5);
    const sup = await t.call('GET', '/api/users', { user: 'supervisor' });
    expect(
      sup
        .json()
        .items.map((u: { userName: string }) => u.userName)
        .sort(),
    ).toEqual(['librarian', 'manager', 'supervisor', 'viewer']);
    expect((await t.call('GET', '/api/users/numUsers', { user: 'supervisor' })).json()).toEqual({ numUsers: 4 });
    expect((await t.call('GET', '/api/users/numUsers', { user: 'admin' })).json()).toEqual({ numUsers: 5 });
  });

  it('answers user fields with parent and storeIds', async () => {
    const res = await t.call('GET', `/api/users/${await t.userId('manager')}`, { user: 'admin' });
    expect(res.json()).toMatchObject({
      userName: 'manager',
      role: 'user',
      permissions: ['manager'],
      parent: { userName: 'supervisor' },
      avatarUrl: null,
      storeIds: [await t.storeId('BIB-001'), await t.storeId('BIB-002')],
    });
    expect(res.json().password_hash).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toContain('argon2');
  });

  it('searches ignoring case and accents, sorts and pages', async () => {
    const search = await t.call('GET', `/api/users?searchTexts=${encodeURIComponent(JSON.stringify({ fullName: 'BIBLIOTECARIO' }))}`, { user: 'admin' });
    expect(search.json().items.map((u: { userName: string }) => u.userName)).toEqual(['librarian']);
    const accent = await t.call('GET', `/api/users?searchTexts=${encodeURIComponent(JSON.stringify({ fullName: 'lectora' }))}`, { user: 'admin' });
    expect(accent.json().total).toBe(1);
    const regex = await t.call('GET', `/api/users?searchTexts=${encodeURIComponent(JSON.stringify({ userName: '/^(admin|viewer)$/' }))}`, { user: 'admin' });
    expect(regex.json().total).toBe(2);
    const evil = await t.call('GET', `/api/users?searchTexts=${encodeURIComponent(JSON.stringify({ fullName: '/(a+)+$/' }))}`, { user: 'admin' });
    expect([evil.statusCode, evil.json().code]).toEqual([400, 'INVALID_REGEX']);
    const page = await t.call('GET', '/api/users?order=userName,desc&offset=1&limit=2', { user: 'admin' });
    expect(page.json().total).toBe(5);
    expect(page.json().items.map((u: { userName: string }) => u.userName)).toEqual(['supervisor', 'manager']);
  });

  it('a user reads themselves but nobody else; unknown ids get the same 403', async () => {
    expect((await t.call('GET', `/api/users/${await t.userId('manager')}`, { user: 'manager' })).statusCode).toBe(200);
    const other = await t.call('GET', `/api/users/${await t.userId('librarian')}`, { user: 'manager' });
    const missing = await t.call('GET', '/api/users/99999', { user: 'supervisor' });
    const adminBySup = await t.call('GET', `/api/users/${await t.userId('admin')}`, { user: 'supervisor' });
    for (const res of [other, missing, adminBySup]) expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('POST /api/users', () => {
  it('creates a user whose regions expand to storeIds, parented to the creator', async () => {
    const res = await t.call('POST', '/api/users', { user: 'supervisor', body: newUser({ regions: ['area:Cataluña'] }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'nuevo',
      parent: { userName: 'supervisor' },
      flavor: '{product}',
      regions: ['area:Cataluña'],
      storeIds: [await t.storeId('BIB-001'), await t.storeId('BIB-002')],
    });
    expect(res.json().token).toMatch(/^[0-9a-f]{32}$/);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'nuevo', password: 'secret-pass' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('enforces the user form rules and changes nothing when refusing', async () => {
    const before = await countUsers();
    const cases: [string, unknown, number, string][] = [
      ['supervisor', newUser({ userName: 'x1', email: 'x1@example.com', role: 'admin' }), 403, 'ROLE_NOT_ALLOWED'],
      ['supervisor', newUser({ userName: 'x2', email: 'x2@example.com', permissions: ['devices'] }), 403, 'PERMISSION_NOT_ALLOWED'],
      ['supervisor', newUser({ userName: 'x3', email: 'x3@example.com', flavor: 'LIBTECS' }), 403, 'FIELD_NOT_EDITABLE'],
      ['admin', newUser({ email: 'other@example.com' }), 409, 'USER_NAME_EXISTS'],
      ['admin', newUser({ userName: 'x4', email: 'NUEVO@example.com' }), 409, 'EMAIL_EXISTS'],
      ['admin', newUser({ userName: 'x5', email: undefined }), 400, 'EMAIL_REQUIRED'],
      ['admin', newUser({ userName: 'x6', email: '' }), 400, 'EMAIL_REQUIRED'],
      ['admin', newUser({ userName: 'x7', email: 'not-an-email' }), 400, 'VALIDATION_ERROR'],
      ['admin', newUser({ userName: 'x8', email: 'x8@example.com', regions: ['area:Atlantis'] }), 400, 'UNKNOWN_REGION'],
      ['admin', newUser({ userName: 'x9', email: 'x9@example.com', storeIds: [99999] }), 403, 'FORBIDDEN'],
      ['admin', newUser({ userName: '   ', email: 'x10@example.com' }), 400, 'VALIDATION_ERROR'],
      ['admin', newUser({ userName: 'x11', email: 'x11@example.com', password: undefined }), 400, 'VALIDATION_ERROR'],
      ['manager', newUser({ userName: 'x12', email: 'x12@example.com' }), 403, 'FORBIDDEN'],
    ];
    for (const [user, body, status, code] of cases) {
      const res = await t.call('POST', '/api/users', { user: user as 'admin', body });
      expect([res.statusCode, res.json().code, (body as { userName: string }).userName]).toEqual([status, code, (body as { userName: string }).userName]);
    }
    expect(await countUsers()).toBe(before);
  });

  it('role admin needs no email and saves empty permissions; only admin sets the flavor', async () => {
    const res = await t.call('POST', '/api/users', {
      user: 'admin',
      body: newUser({ userName: 'boss', email: null, role: 'admin', permissions: ['manager', 'alarms'], flavor: 'DIALOCID' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', permissions: [], email: null, flavor: 'DIALOCID' });
  });

  it('a supervisor holding some libraries grants only those and manages only users within them', async () => {
    const bib1 = await t.storeId('BIB-001');
    const sup2 = await t.call('POST', '/api/users', {
      user: 'admin',
      body: newUser({ userName: 'sup2', email: 'sup2@example.com', role: 'supervisor', permissions: ['manager', 'inventories'], storeIds: [bib1] }),
    });
    expect(sup2.statusCode).toBe(200);
    const sup2Id: number = sup2.json().tid;
    const list = await t.call('GET', '/api/users', { user: sup2Id });
    expect(list.json().items.map((u: { userName: string }) => u.userName)).toEqual(['sup2']);
    const foreign = await t.call('POST', '/api/users', {
      user: sup2Id,
      body: newUser({ userName: 'y1', email: 'y1@example.com', storeIds: [await t.storeId('BIB-003')] }),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'FORBIDDEN']);
    const region = await t.call('POST', '/api/users', {
      user: sup2Id,
      body: newUser({ userName: 'y2', email: 'y2@example.com', regions: ['area:Cataluña'] }),
    });
    expect(region.statusCode).toBe(200);
    expect(region.json().storeIds).toEqual([bib1]);
    const editManager = await t.call('PUT', `/api/users/${await t.userId('manager')}`, { user: sup2Id, body: { fullName: 'X' } });
    expect([editManager.statusCode, editManager.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('a supervisor does not manage peer supervisors or users holding permissions the supervisor lacks', async () => {
    const devices = await t.call('POST', '/api/users', {
      user: 'admin',
      body: newUser({ userName: 'tech', email: 'tech@example.com', permissions: ['manager', 'devices'] }),
    });
    const sup3 = await t.call('POST', '/api/users', {
      user: 'admin',
      body: newUser({ userName: 'sup3', email: 'sup3@example.com', role: 'supervisor', storeIds: [await t.storeId('BIB-001')] }),
    });
    for (const id of [devices.json().tid, sup3.json().tid]) {
      const res = await t.call('PUT', `/api/users/${id}`, { user: 'supervisor', body: { password: 'takeover' } });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    const names = (await t.call('GET', '/api/users', { user: 'supervisor' })).json().items.map((u: { userName: string }) => u.userName);
    expect(names).not.toContain('tech');
    expect(names).not.toContain('sup3');
    expect(names).toContain('supervisor');
  });
});

describe('PUT /api/users/{userId}', () => {
  it('lets users edit their own details but not their role, user name or permissions', async () => {
    const me = await t.userId('manager');
    const ok = await t.call('PUT', `/api/users/${me}`, { user: 'manager', body: { fullName: 'Marta G.', telephone: '611' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Marta G.', telephone: '611', userName: 'manager' });
    const cases: [unknown, string][] = [
      [{ role: 'supervisor' }, 'OWN_ROLE_CHANGE'],
      [{ userName: 'marta' }, 'FIELD_NOT_EDITABLE'],
      [{ permissions: ['manager', 'alarms'] }, 'FIELD_NOT_EDITABLE'],
      [{ storeIds: [await t.storeId('BIB-001')] }, 'FIELD_NOT_EDITABLE'],
      [{ flavor: 'LIBTECS' }, 'FIELD_NOT_EDITABLE'],
    ];
    for (const [body, code] of cases) {
      const res = await t.call('PUT', `/api/users/${me}`, { user: 'manager', body });
      expect([res.statusCode, res.json().code]).toEqual([403, code]);
    }
    const sameValues = await t.call('PUT', `/api/users/${me}`, { user: 'manager', body: { userName: 'manager', role: 'user', permissions: ['manager'] } });
    expect(sameValues.statusCode).toBe(200);
    const admin = await t.userId('admin');
    const own = await t.call('PUT', `/api/users/${admin}`, { user: 'admin', body: { role: 'supervisor' } });
    expect(own.json().code).toBe('OWN_ROLE_CHANGE');
  });

  it('changes the password, and role admin empties permissions', async () => {
    const viewer = await t.userId('viewer');
    const pw = await t.call('PUT', `/api/users/${viewer}`, { user: 'supervisor', body: { password: 'n3w-passw0rd', permissions: ['manager'] } });
    expect(pw.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'viewer', password: 'n3w-passw0rd' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'viewer', password: 'viewer' } })).json().code).toBe(
      'INVALID_PASSWORD',
    );
    const promoted = await t.call('PUT', `/api/users/${viewer}`, { user: 'admin', body: { role: 'admin' } });
    expect(promoted.json()).toMatchObject({ role: 'admin', permissions: [] });
    const bySup = await t.call('PUT', `/api/users/${await t.userId('librarian')}`, { user: 'supervisor', body: { role: 'admin' } });
    expect([bySup.statusCode, bySup.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    const dupe = await t.call('PUT', `/api/users/${await t.userId('librarian')}`, { user: 'supervisor', body: { email: 'manager@example.com' } });
    expect([dupe.statusCode, dupe.json().code]).toEqual([409, 'EMAIL_EXISTS']);
    const drop = await t.call('PUT', `/api/users/${await t.userId('librarian')}`, { user: 'supervisor', body: { email: null } });
    expect([drop.statusCode, drop.json().code]).toEqual([400, 'EMAIL_REQUIRED']);
  });

  it('applies permission changes to existing tokens at once', async () => {
    const librarian = await t.userId('librarian');
    const token = await t.token('librarian');
    expect((await t.call('GET', '/api/stores', { token })).statusCode).toBe(200);
    await t.call('PUT', `/api/users/${librarian}`, { user: 'admin', body: { permissions: ['inventories'] } });
    const res = await t.call('GET', '/api/stores', { token });
    expect([res.statusCode, res.json().code]).toEqual([403, 'USER_NO_PRIVILEGES']);
    await t.call('PUT', `/api/users/${librarian}`, { user: 'admin', body: { permissions: ['manager', 'inventories'] } });
  });
});

describe('POST /api/users/exists', () => {
  it('tells whether another user holds the name or email', async () => {
    const manager = await t.userId('manager');
    const ask = async (body: unknown) => (await t.call('POST', '/api/users/exists', { user: 'supervisor', body })).json();
    expect(await ask({ userName: 'manager' })).toEqual({ exists: true });
    expect(await ask({ userName: 'manager', userId: manager })).toEqual({ exists: false });
    expect(await ask({ email: 'MANAGER@example.com' })).toEqual({ exists: true });
    expect(await ask({ userName: 'nobody-here' })).toEqual({ exists: false });
    const empty = await t.call('POST', '/api/users/exists', { user: 'supervisor', body: {} });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('DELETE /api/users/{ids}', () => {
  it('deletes users, never admins or supervisors, all or nothing', async () => {
    const a = (await t.call('POST', '/api/users', { user: 'admin', body: newUser({ userName: 'del1', email: 'del1@example.com' }) })).json().tid;
    const b = (await t.call('POST', '/api/users', { user: 'admin', body: newUser({ userName: 'del2', email: 'del2@example.com' }) })).json().tid;
    const sup = await t.userId('supervisor');
    const mixed = await t.call('DELETE', `/api/users/${a},${sup}`, { user: 'admin' });
    expect([mixed.statusCode, mixed.json().code]).toEqual([403, 'USER_NOT_DELETABLE']);
    const unknown = await t.call('DELETE', `/api/users/${a},99999`, { user: 'admin' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('GET', `/api/users/${a}`, { user: 'admin' })).statusCode).toBe(200);
    const ok = await t.call('DELETE', `/api/users/${a},${b}`, { user: 'supervisor' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ids: [a, b] });
    expect((await t.call('GET', `/api/users/${a}`, { user: 'admin' })).statusCode).toBe(403);
  });
});
