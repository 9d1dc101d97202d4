import { MAX_SETTINGS_BYTES, MAX_SETTINGS_LISTS } from '@portal/contract';
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
      user: 'manager',
      body: { settings: { selectedStoreId: bib2, dashboardItems: { main: ['totalInToday'] } } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ selectedStoreId: bib2, dashboardItems: { main: ['totalInToday'] }, visibleColumns: {} });
    const second = await t.call('PUT', `/api/users/${me}/settings`, {
      user: 'manager',
      body: { settings: { dashboardItems: { counters: ['totalInMonth'] }, visibleColumns: { users: ['userName', 'email'] } } },
    });
    expect(second.json()).toEqual({
      selectedStoreId: bib2,
      dashboardItems: { main: ['totalInToday'], counters: ['totalInMonth'] },
      visibleColumns: { users: ['userName', 'email'] },
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

/** Every key the web app saves today: the dashboard's sections and the lists' names (GenericList listName in mf-*). */
const WEB_DASHBOARD_ITEMS = {
  main: ['totalIn', 'totalInside', 'totalTodayData'],
  counters: ['totalInMonth', 'totalInYear', 'currentWeekData'],
  alarms: ['totalAlarmsToday', 'alarmsWeekData'],
  selfcheck: ['totalCheckoutsToday', 'checkoutsToday', 'checkoutsDistribution', 'totalCheckinsToday', 'renewalsDistribution'],
};
const WEB_LIST_NAMES = [
  'catalogues',
  'catalogueItems',
  'searchLists',
  'searchListItems',
  'inventoryGroups',
  'inventorySections',
  'inventoryItems',
  'inventoryGroupItems',
  'allInventoryItems',
  'additionalOperations',
  'itemEvents',
  'compareMissing',
  'compareExceeded',
  'sipOperations',
  'stores',
  'users',
  'alarms',
];

describe('PUT /api/users/{userId}/settings bounds', () => {
  const save = async (user: 'librarian' | 'supervisor', settings: object) =>
    t.call('PUT', `/api/users/${await t.userId(user)}/settings`, { user, body: { settings } });
  const stored = async (user: 'librarian' | 'supervisor') =>
    t.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', await t.userId(user))
      .executeTakeFirst();

  it('accepts every key the web app saves, as the web sends them (the whole settings each time)', async () => {
    const visibleColumns = Object.fromEntries(WEB_LIST_NAMES.map((name) => [name, ['code', 'objectId', 'field1', 'store.name', 'date']]));
    const settings = { selectedStoreId: await t.storeId('BIB-001'), dashboardItems: WEB_DASHBOARD_ITEMS, visibleColumns };
    const res = await save('librarian', settings);
    expect([res.statusCode, res.json()]).toEqual([200, settings]);
    expect((await save('librarian', res.json())).json()).toEqual(settings);
  });

  it('refuses an unknown key with 400 UNKNOWN_SETTING, saving nothing', async () => {
    await save('supervisor', { visibleColumns: { users: ['userName'] } });
    const before = await stored('supervisor');
    for (const [settings, setting] of [
      [{ dashboardItems: { theme: ['dark'] } }, 'dashboardItems.theme'],
      [{ dashboardItems: { Main: [] } }, 'dashboardItems.Main'],
      [{ visibleColumns: { 'my-list': ['code'] } }, 'visibleColumns.my-list'],
      [{ visibleColumns: { Users: ['code'] } }, 'visibleColumns.Users'],
      [{ visibleColumns: { '': ['code'] } }, 'visibleColumns.'],
      [{ visibleColumns: { [`a${'b'.repeat(48)}`]: ['code'] } }, `visibleColumns.a${'b'.repeat(48)}`],
      [{ visibleColumns: { users: ['code'], 'x y': [] } }, 'visibleColumns.x y'],
    ] as const) {
      const res = await save('supervisor', settings);
      expect([res.statusCode, res.json().code, res.json().details]).toEqual([400, 'UNKNOWN_SETTING', { setting }]);
      expect(res.json().message).toContain(setting);
    }
    // Hostile shapes: a prototype key, a value that is not a list, a key of 200 characters.
    for (const payload of [
      '{"settings":{"visibleColumns":{"__proto__":["x"]}}}',
      JSON.stringify({ settings: { visibleColumns: { users: 'code' } } }),
      JSON.stringify({ settings: { visibleColumns: { users: [1] } } }),
      JSON.stringify({ settings: { dashboardItems: { main: { 0: 'x' } } } }),
      JSON.stringify({ settings: { visibleColumns: { ['k'.repeat(200)]: [] } } }),
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${await t.userId('supervisor')}/settings`,
        payload,
        headers: { 'content-type': 'application/json', 'x-access-token': await t.token('supervisor') },
      });
      expect([payload.slice(0, 60), res.statusCode >= 400 && res.statusCode < 500, res.body.length < 2000]).toEqual([payload.slice(0, 60), true, true]);
    }
    expect(await stored('supervisor')).toEqual(before);
  });

  it('removes a key given null, and keeps the others', async () => {
    await save('supervisor', { dashboardItems: { main: ['totalIn'], alarms: [] }, visibleColumns: { users: ['userName'], stores: ['name'] } });
    const res = await save('supervisor', { dashboardItems: { alarms: null }, visibleColumns: { users: null, neverSaved: null } });
    expect([res.statusCode, res.json().dashboardItems, res.json().visibleColumns]).toEqual([200, { main: ['totalIn'] }, { stores: ['name'] }]);
    expect(JSON.parse((await stored('supervisor'))!.visible_columns)).toEqual({ stores: ['name'] });
  });

  it(`refuses with 413 SETTINGS_TOO_LARGE what would store over ${MAX_SETTINGS_BYTES} bytes or ${MAX_SETTINGS_LISTS} lists, saving nothing`, async () => {
    await save('supervisor', { dashboardItems: { main: null, alarms: null }, visibleColumns: { stores: null } });
    // One request over the bound.
    const columns = Array.from({ length: 200 }, (_, i) => `column${String(i).padStart(3, '0')}.x`.padEnd(30, 'x'));
    const big = await save('supervisor', { visibleColumns: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`list${i}`, columns])) });
    expect([big.statusCode, big.json().code, big.json().details.maxBytes]).toEqual([413, 'SETTINGS_TOO_LARGE', MAX_SETTINGS_BYTES]);
    expect(big.json().details.bytes).toBeGreaterThan(MAX_SETTINGS_BYTES);
    // Merges that add up (the attack: saves of 100 new keys each) stop at the bound.
    const answers: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      answers.push((await save('supervisor', { visibleColumns: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`l${n}x${i}`, columns])) })).statusCode);
    }
    expect(answers.slice(0, 1)).toEqual([200]);
    expect(answers.slice(-3)).toEqual([413, 413, 413]);
    const row = (await stored('supervisor'))!;
    expect(row.dashboard_items.length + row.visible_columns.length).toBeLessThanOrEqual(MAX_SETTINGS_BYTES);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'supervisor', password: 'supervisor' } });
    expect([signIn.statusCode, signIn.body.length < MAX_SETTINGS_BYTES + 4096]).toEqual([200, true]);
    // Too many lists, each small.
    const many = Object.fromEntries(Array.from({ length: MAX_SETTINGS_LISTS + 1 }, (_, i) => [`small${i}`, []]));
    await save('supervisor', { visibleColumns: Object.fromEntries(Object.keys(JSON.parse(row.visible_columns)).map((k) => [k, null])) });
    const tooMany = await save('supervisor', { visibleColumns: many });
    expect([tooMany.statusCode, tooMany.json().code, tooMany.json().details]).toEqual([
      413,
      'SETTINGS_TOO_LARGE',
      { lists: MAX_SETTINGS_LISTS + 1, maxLists: MAX_SETTINGS_LISTS },
    ]);
    expect(JSON.parse((await stored('supervisor'))!.visible_columns)).toEqual({});
  });

  it('answers sign-in small when the stored settings were written before the bound, and the next save cleans them', async () => {
    const me = await t.userId('manager');
    const junk = JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, ['x'.repeat(100)]])));
    await t.db
      .updateTable('user_settings')
      .set({ visible_columns: junk, dashboard_items: JSON.stringify({ main: ['totalIn'], bogus: ['x'] }) })
      .where('user_id', '=', me)
      .execute();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'manager', password: 'manager' } });
    expect(signIn.body.length).toBeLessThan(10_000);
    expect(signIn.json().settings).toMatchObject({ dashboardItems: { main: ['totalIn'] }, visibleColumns: {} });
    const res = await t.call('PUT', `/api/users/${me}/settings`, { user: 'manager', body: { settings: { visibleColumns: { users: ['email'] } } } });
    expect([res.statusCode, res.json().visibleColumns, res.json().dashboardItems]).toEqual([200, { users: ['email'] }, { main: ['totalIn'] }]);
    expect((await t.db.selectFrom('user_settings').select('visible_columns').where('user_id', '=', me).executeTakeFirstOrThrow()).visible_columns).toBe(
      '{"users":["email"]}',
    );
  });

  it('needs a token', async () => {
    const res = await t.call('PUT', `/api/users/${await t.userId('supervisor')}/settings`, { body: { settings: { visibleColumns: { users: null } } } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET/PUT /api/format', () => {
  it('answers the defaults, then the saved format per user', async () => {
    const defaults = await t.call('GET', '/api/format', { user: 'manager' });
    expect(defaults.json()).toEqual({
      fileType: 'csv',
      firstRowHeader: true,
      dateFormat: 'YYYY-MM-DD HH:mm:ss',
      codePrefix: '',
      codeSuffix: '',
      separator: 'comma',
      otherSeparator: '',
    });
    const saved = await t.call('PUT', '/api/format', {
      user: 'manager',
      body: { fileType: 'txt', firstRowHeader: false, dateFormat: 'DD/MM/YYYY', separator: 'other', otherSeparator: '|', codePrefix: 'A' },
    });
    expect(saved.json()).toEqual({
      fileType: 'txt',
      firstRowHeader: false,
      dateFormat: 'DD/MM/YYYY',
      codePrefix: 'A',
      codeSuffix: '',
      separator: 'other',
      otherSeparator: '|',
    });
    const noOther = await t.call('PUT', '/api/format', {
      user: 'manager',
      body: { fileType: 'xlsx', firstRowHeader: true, dateFormat: 'YYYY', separator: 'semicolon' },
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
