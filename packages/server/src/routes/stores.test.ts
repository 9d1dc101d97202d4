import { libraryToday, type RegionNode } from '@portal/contract';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newStore = (overrides: Record<string, unknown> = {}) => ({
  code: 'BIB-900',
  country: 'España',
  area: 'Galicia',
  province: 'A Coruña',
  city: 'Santiago',
  name: 'Biblioteca Ánxel Casal',
  address: 'Rúa 1',
  manager: 'Xoán',
  managertel: '+34 981 000 000',
  capacity: 50,
  resetTime: '03:00',
  startTime: '08:30',
  endTime: '20:55',
  ...overrides,
});

const titles = (nodes: RegionNode[]): unknown => nodes.map((n) => (n.children ? { [n.title]: titles(n.children) } : n.title));

describe('GET /api/stores', () => {
  it('lists only the libraries the user holds (admin: all)', async () => {
    const manager = await t.call('GET', '/api/stores', { user: 'manager' });
    expect(manager.statusCode).toBe(200);
    expect(manager.json().total).toBe(2);
    expect(manager.json().items.map((s: { code: string }) => s.code)).toEqual(['BIB-001', 'BIB-002']);
    expect(manager.json().items[0]).toMatchObject({ tid: await t.storeId('BIB-001'), storeIds: [await t.storeId('BIB-001')], timezone: 'Europe/Madrid' });
    expect((await t.call('GET', '/api/stores', { user: 'admin' })).json().total).toBe(4);
  });

  it('searches, sorts and pages', async () => {
    const q = encodeURIComponent(JSON.stringify({ name: 'trias' }));
    expect((await t.call('GET', `/api/stores?searchTexts=${q}`, { user: 'admin' })).json().items.map((s: { code: string }) => s.code)).toEqual(['BIB-003']);
    const page = await t.call('GET', '/api/stores?order=city,desc&offset=0&limit=2', { user: 'admin' });
    expect(page.json().items.map((s: { city: string }) => s.city)).toEqual(['Sevilla', 'Madrid']);
    expect(page.json().total).toBe(4);
  });

  it('builds the region tree with levels', async () => {
    const full = await t.call('GET', '/api/stores?mode=tree', { user: 'librarian' });
    expect(titles(full.json())).toEqual([
      { Cataluña: [{ Barcelona: [{ Barcelona: ['Biblioteca Sant Antoni'] }] }] },
      { Madrid: [{ Madrid: [{ Madrid: ['Biblioteca Eugenio Trías'] }] }] },
    ]);
    const dash = (await t.call('GET', '/api/stores?mode=tree&levels=area,name', { user: 'admin' })).json() as RegionNode[];
    expect(dash.map((n) => n.title)).toEqual(['Andalucía', 'Cataluña', 'Madrid']);
    const cat = dash[1];
    expect(cat).toMatchObject({ level: 'area', value: 'area:Cataluña', capacity: 200, storeIds: [await t.storeId('BIB-001'), await t.storeId('BIB-002')] });
    expect(cat.children!.map((c) => [c.title, c.level, c.disabled])).toEqual([
      ['Biblioteca Carles Rahola', 'name', false],
      ['Biblioteca Sant Antoni', 'name', false],
    ]);
    const sensors = (await t.call('GET', '/api/stores?mode=tree&levels=area,name,sensor', { user: 'manager' })).json() as RegionNode[];
    const leaf = sensors[0].children![0].children![1];
    expect(leaf).toMatchObject({ level: 'sensor', capacity: 20, storeIds: [await t.storeId('BIB-002')], disabled: false });
    expect(leaf.value).toMatch(/^sensor:\d+$/);
  });

  it('marks expired libraries as disabled leaves', async () => {
    await t.db.updateTable('stores').set({ expiration_date: '2000-01-01' }).where('code', '=', 'BIB-004').execute();
    const tree = (await t.call('GET', '/api/stores?mode=tree&levels=area,name', { user: 'admin' })).json() as RegionNode[];
    expect(tree[0].children![0]).toMatchObject({ title: 'Biblioteca Infanta Elena', disabled: true });
    expect(tree[0].disabled).toBeUndefined();
  });

  it('rejects bad list and tree parameters', async () => {
    for (const url of [
      '/api/stores?mode=tree&levels=name,area',
      '/api/stores?mode=tree&levels=area,area',
      '/api/stores?mode=tree&levels=planet',
      '/api/stores?levels=area',
      '/api/stores?mode=forest',
      '/api/stores?order=nope,asc',
      '/api/stores?searchTexts={bad',
      '/api/stores?limit=0',
      '/api/stores?offset=-1',
      '/api/stores?limit=abc',
      '/api/stores?mode=tree&limit=5',
      '/api/stores?x=1',
    ]) {
      const res = await t.call('GET', url, { user: 'admin' });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'VALIDATION_ERROR']);
    }
  });
});

describe('POST /api/stores', () => {
  it('admin adds a library with the defaults', async () => {
    const res = await t.call('POST', '/api/stores', { user: 'admin', body: newStore() });
    expect(res.statusCode).toBe(200);
    // One year after today in Madrid, the library's time zone (the contract's one rule, also the client's).
    const [year, month, day] = libraryToday('Europe/Madrid').split('-');
    expect(res.json()).toMatchObject({
      code: 'BIB-900',
      timezone: 'Europe/Madrid',
      expirationDate: `${Number(year) + 1}-${month}-${day === '29' && month === '02' ? '28' : day}`,
      field1: '',
    });
    const dupe = await t.call('POST', '/api/stores', { user: 'admin', body: newStore({ name: 'Otra' }) });
    expect([dupe.statusCode, dupe.json().code]).toEqual([409, 'STORE_CODE_EXISTS']);
  });

  it('validates library fields', async () => {
    const count = async () => (await t.db.selectFrom('stores').select('id').execute()).length;
    const before = await count();
    const bad: Record<string, unknown>[] = [
      { capacity: 0 },
      { capacity: 1.5 },
      { capacity: '10' },
      { resetTime: '03:30' },
      { resetTime: '24:00' },
      { startTime: '08:31' },
      { endTime: '8:30' },
      { name: '' },
      { name: '   ' },
      { address: undefined },
      { timezone: 'Mars/Olympus' },
      { expirationDate: '2025-02-30' },
      { expirationDate: '31/12/2030' },
      { unknownField: 1 },
    ];
    for (const [i, change] of bad.entries()) {
      const res = await t.call('POST', '/api/stores', { user: 'admin', body: newStore({ code: `BAD-${i}`, ...change }) });
      expect([JSON.stringify(change), res.statusCode, res.json().code]).toEqual([JSON.stringify(change), 400, 'VALIDATION_ERROR']);
    }
    expect(await count()).toBe(before);
  });

  it('only admin adds libraries', async () => {
    for (const user of ['supervisor', 'manager'] as const) {
      const res = await t.call('POST', '/api/stores', { user, body: newStore({ code: 'NOPE' }) });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
  });
});

describe('PUT /api/stores/{storeId}', () => {
  it('non-admins edit the operational fields of their libraries only', async () => {
    const bib1 = await t.storeId('BIB-001');
    const ok = await t.call('PUT', `/api/stores/${bib1}`, {
      user: 'manager',
      body: { capacity: 150, startTime: '10:05', manager: 'Nou', name: 'Biblioteca Sant Antoni', timezone: 'Atlantic/Canary' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ capacity: 150, startTime: '10:05', manager: 'Nou', timezone: 'Atlantic/Canary' });
    for (const body of [{ name: 'Otro nombre' }, { city: 'Badalona' }, { expirationDate: '2040-01-01' }, { country: 'Andorra' }]) {
      const res = await t.call('PUT', `/api/stores/${bib1}`, { user: 'manager', body });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FIELD_NOT_EDITABLE']);
    }
    const foreign = await t.call('PUT', `/api/stores/${await t.storeId('BIB-003')}`, { user: 'manager', body: { capacity: 5 } });
    const missing = await t.call('PUT', '/api/stores/99999', { user: 'manager', body: { capacity: 5 } });
    for (const res of [foreign, missing]) expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    const row = await t.db.selectFrom('stores').select(['name', 'capacity']).where('code', '=', 'BIB-003').executeTakeFirstOrThrow();
    expect(row.capacity).toBe(200);
  });

  it('admin edits every field; codes stay unique', async () => {
    const bib2 = await t.storeId('BIB-002');
    const res = await t.call('PUT', `/api/stores/${bib2}`, { user: 'admin', body: { name: 'Biblioteca Nova', expirationDate: '2040-12-31' } });
    expect(res.json()).toMatchObject({ name: 'Biblioteca Nova', expirationDate: '2040-12-31' });
    const dupe = await t.call('PUT', `/api/stores/${bib2}`, { user: 'admin', body: { code: 'BIB-001' } });
    expect([dupe.statusCode, dupe.json().code]).toEqual([409, 'STORE_CODE_EXISTS']);
    const empty = await t.call('PUT', `/api/stores/${bib2}`, { user: 'admin', body: {} });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('DELETE /api/stores/{ids}', () => {
  it('admin deletes libraries with their data; unknown ids delete nothing', async () => {
    const created = (await t.call('POST', '/api/stores', { user: 'admin', body: newStore({ code: 'DEL-1' }) })).json().tid;
    const unknown = await t.call('DELETE', `/api/stores/${created},99999`, { user: 'admin' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.db.selectFrom('stores').select('id').where('id', '=', created).execute()).length).toBe(1);
    const bySupervisor = await t.call('DELETE', `/api/stores/${created}`, { user: 'supervisor' });
    expect([bySupervisor.statusCode, bySupervisor.json().code]).toEqual([403, 'FORBIDDEN']);
    await t.db
      .insertInto('user_stores')
      .values({ user_id: await t.userId('manager'), store_id: created })
      .execute();
    const ok = await t.call('DELETE', `/api/stores/${created}`, { user: 'admin' });
    expect(ok.json()).toEqual({ ids: [created] });
    expect((await t.call('GET', '/api/stores', { user: 'manager' })).json().total).toBe(2);
  });
});
