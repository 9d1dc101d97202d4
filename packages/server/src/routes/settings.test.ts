import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/users/{userId}/settings', () => {
  it('merges and returns the saved settings, which the next sign-in answers', async () => {
    const me = await t.userId('manager');
    const bib2 = await t.storeId('BIB-002');
    const first = await t.call('PUT', `/api/users/${me}/settings`, {
      user: 'manager', body: { settings: { selectedStoreId: bib2, dashboardItems: { main: ['totalInToday'] } } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ selectedStoreId: bib2, dashboardItems: { main: ['totalInToday'] }, visibleColumns: {} });
    const second = await t.call('PUT', `/api/users/${me}/settings`, {
      user: 'manager', body: { settings: { dashboardItems: { counters: ['totalInMonth'] }, visibleColumns: { users: ['userName', 'email'] } } },
    });
    expect(second.json()).toEqual({
      selectedStoreId: bib2, dashboardItems: { main: ['totalInToday'], counters: ['totalInMonth'] }, visibleColumns: { users: ['userName', 'email'] },
    });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'manager', password: 'manager' } });
    expect(signIn.json().settings).toEqual(second.json());
    const cleared = await t.call('PUT', `/api/users/${me}/settings`, { user: 'manager', body: { settings: { selectedStoreId: null } } });
    expect(cleared.json().selectedStoreId).toBeNull();
  });

  it("refuses other users' settings and libraries the user does not hold", async () => {
    const me = await t.userId('manager');
    const other = await t.call('PUT', `/api/users/${await t.userId('librarian')}/settings`, { user: 'supervisor', body: { settings: {} } });
    expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
    const foreign = await t.call('PUT', `/api/users/${me}/settings`, { user: 'manager', body: { settings: { selectedStoreId: await t.storeId('BIB-003') } } });
    const missing = await t.call('PUT', `/api/users/${me}/settings`, { user: 'manager', body: { settings: { selectedStoreId: 99999 } } });
    for (const res of [foreign, missing]) expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    const row = await t.db.selectFrom('user_settings').selectAll().where('user_id', '=', me).executeTakeFirst();
    expect(row?.selected_store_id ?? null).toBeNull();
  });
});

describe('GET/PUT /api/format', () => {
  it('answers the defaults, then the saved format per user', async () => {
    const defaults = await t.call('GET', '/api/format', { user: 'manager' });
    expect(defaults.json()).toEqual({
      fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD HH:mm:ss', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '',
    });
    const saved = await t.call('PUT', '/api/format', {
      user: 'manager', body: { fileType: 'txt', firstRowHeader: false, dateFormat: 'DD/MM/YYYY', separator: 'other', otherSeparator: '|', codePrefix: 'A' },
    });
    expect(saved.json()).toEqual({
      fileType: 'txt', firstRowHeader: false, dateFormat: 'DD/MM/YYYY', codePrefix: 'A', codeSuffix: '', separator: 'other', otherSeparator: '|',
    });
    const noOther = await t.call('PUT', '/api/format', {
      user: 'manager', body: { fileType: 'xlsx', firstRowHeader: true, dateFormat: 'YYYY', separator: 'semicolon' },
    });
    expect(noOther.json()).toMatchObject({ fileType: 'xlsx', otherSeparator: '', codePrefix: '' });
    expect((await t.call('GET', '/api/format', { user: 'manager' })).json()).toEqual(noOther.json());
    expect((await t.call('GET', '/api/format', { user: 'librarian' })).json().fileType).toBe('csv');
  });
});

describe('GET /api/misc/version', () => {
  it('answers the version', async () => {
    const res = await t.call('GET', '/api/misc/version', { user: 'manager' });
    expect(res.json()).toEqual({ version: t.config.version });
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
