/**
 * Every "unique name" rule of data-areas §5 ignores case and accents, on create, edit and the exists checks alike:
 * catalogues and search lists per library, inventory groups per library, section locations and additional
 * operations per group, image sets per user. A group named as UNGROUPED reads in any locale is refused.
 */
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
});
afterAll(() => t.close());

const as = { user: 'librarian' as const };
const outcome = (res: { statusCode: number; json(): { code?: string } }) => (res.statusCode === 200 ? 200 : `${res.statusCode} ${res.json().code}`);
const groups = (storeId: number, rest = '') => `/api/stores/${storeId}/inventoryGroups${rest}`;
const newGroup = async (storeId: number, name: string, user: 'librarian' | 'admin' = 'librarian'): Promise<number> => {
  const res = await t.call('POST', groups(storeId), { user, body: { name } });
  expect(outcome(res)).toBe(200);
  return res.json().tid;
};

/** The same name written otherwise: case, accents, both. */
const VARIANTS = ['planta 1', 'PLANTA 1', 'Plánta 1', 'PLÀNTA 1'];

describe.each([['catalogues'], ['searchLists']])('%s names', (path) => {
  it('are taken whatever their case and accents', async () => {
    const url = (rest = '') => `/api/stores/${bib1}/${path}${rest}`;
    const first = await t.call('POST', url(), { ...as, body: { name: 'Planta 1' } });
    expect(outcome(first)).toBe(200);
    for (const name of VARIANTS) {
      expect([name, outcome(await t.call('POST', url(), { ...as, body: { name } }))]).toEqual([name, '409 NameAlreadyExistsMessage']);
      expect([name, (await t.call('POST', url('/exists'), { ...as, body: { name } })).json()]).toEqual([name, { exists: true }]);
    }
    const other = (await t.call('POST', url(), { ...as, body: { name: 'Otra planta' } })).json();
    expect(outcome(await t.call('PUT', url(`/${other.tid}`), { ...as, body: { name: 'Plánta 1' } }))).toBe('409 NameAlreadyExistsMessage');
    // Its own name in other letters is no clash.
    expect(outcome(await t.call('PUT', url(`/${first.json().tid}`), { ...as, body: { name: 'PLÁNTA 1' } }))).toBe(200);
    // Another library may use it (the admin holds both).
    expect(outcome(await t.call('POST', `/api/stores/${bib2}/${path}`, { user: 'admin', body: { name: 'plánta 1' } }))).toBe(200);
  });
});

describe('inventory groups', () => {
  it('names are taken whatever their case and accents', async () => {
    const gid = await newGroup(bib1, 'Planta 1');
    for (const name of VARIANTS) {
      expect([name, outcome(await t.call('POST', groups(bib1), { ...as, body: { name } }))]).toEqual([name, '409 NameAlreadyExistsMessage']);
      expect([name, (await t.call('POST', groups(bib1, '/exists'), { ...as, body: { name } })).json()]).toEqual([name, { exists: true }]);
    }
    expect((await t.call('POST', groups(bib1, '/exists'), { ...as, body: { name: 'plánta 1', inventoryGroupId: gid } })).json()).toEqual({ exists: false });
    const other = await newGroup(bib1, 'Sótano');
    expect(outcome(await t.call('PUT', groups(bib1, `/${other}`), { ...as, body: { name: 'PLANTA 1' } }))).toBe('409 NameAlreadyExistsMessage');
    await newGroup(bib2, 'planta 1', 'admin');
  });

  it('refuses UNGROUPED as every locale reads it, in any case or accents, on create and edit', async () => {
    const names = [
      'UNGROUPED',
      'ungrouped',
      'Sin agrupar',
      'SIN AGRUPAR',
      'sín agrupar',
      'Sense agrupar',
      'Sans groupe',
      'Zonder groep',
      'bez grupy',
      'Sem grupo',
      'غير مجمعة',
      ' Sin agrupar ',
    ];
    for (const name of names) {
      expect([name, outcome(await t.call('POST', groups(bib1), { ...as, body: { name } }))]).toEqual([name, '400 NotValidNameMessage']);
    }
    const gid = await newGroup(bib1, 'Sin agrupar todavía');
    expect(outcome(await t.call('PUT', groups(bib1, `/${gid}`), { ...as, body: { name: 'Sans Groupe' } }))).toBe('400 NotValidNameMessage');
  });
});

describe('section locations', () => {
  it('are taken within their group whatever their case and accents; another group may use them', async () => {
    const gid = await newGroup(bib1, 'Ubicaciones');
    const sections = (group: number | string, rest = '') => groups(bib1, `/${group}/inventories${rest}`);
    const first = await t.call('POST', sections(gid), { ...as, body: { comment: 'Planta 1', date: '2026-11-20 10:30' } });
    expect(outcome(first)).toBe(200);
    for (const comment of VARIANTS) {
      expect([comment, outcome(await t.call('POST', sections(gid), { ...as, body: { comment, date: '2026-11-20 10:30' } }))]).toEqual([
        comment,
        '409 NameAlreadyExistsMessage',
      ]);
      expect([comment, (await t.call('POST', sections(gid, '/exists'), { ...as, body: { comment } })).json()]).toEqual([comment, { exists: true }]);
    }
    const second = (await t.call('POST', sections(gid), { ...as, body: { comment: 'Planta 2', date: '2026-11-20 10:30' } })).json();
    const edit = await t.call('PUT', sections(gid, `/${second.tid}`), { ...as, body: { comment: 'plánta 1', date: '2026-11-20 10:30' } });
    expect(outcome(edit)).toBe('409 NameAlreadyExistsMessage');
    expect(outcome(await t.call('POST', sections('UNGROUPED'), { ...as, body: { comment: 'plánta 1', date: '2026-11-20 10:30' } }))).toBe(200);
  });
});

describe('additional operations', () => {
  it('names are taken within their group whatever their case and accents', async () => {
    const gid = await newGroup(bib1, 'Operaciones');
    const ops = (group: number | string, rest = '') => groups(bib1, `/${group}/additionalOperations${rest}`);
    const body = (name: string) => ({ name, url: 'https://sigb.example.org/notify' });
    expect(outcome(await t.call('POST', ops(gid), { ...as, body: body('Notificación') }))).toBe(200);
    for (const name of ['notificación', 'NOTIFICACION', 'Notificacion']) {
      expect([name, outcome(await t.call('POST', ops(gid), { ...as, body: body(name) }))]).toEqual([name, '409 NameAlreadyExistsMessage']);
      expect([name, (await t.call('POST', ops(gid, '/exists'), { ...as, body: { name, groupId: gid } })).json()]).toEqual([name, { exists: true }]);
    }
    expect(outcome(await t.call('POST', ops('UNGROUPED'), { ...as, body: body('NOTIFICACION') }))).toBe(200);
  });
});

describe('image sets', () => {
  it("names are taken among the user's sets whatever their case and accents", async () => {
    const first = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: 'Campaña', description: '' } });
    expect(outcome(first)).toBe(200);
    for (const name of ['campaña', 'CAMPANA', 'Campana']) {
      expect([name, outcome(await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name, description: '' } }))]).toEqual([
        name,
        '409 NameAlreadyExistsMessage',
      ]);
      expect([name, (await t.call('POST', '/api/imagesets/exists', { user: 'supervisor', body: { name } })).json()]).toEqual([name, { exists: true }]);
    }
    const other = (await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: 'Otra', description: '' } })).json();
    expect(outcome(await t.call('PUT', `/api/imagesets/${other.tid}`, { user: 'supervisor', body: { name: 'CAMPANA' } }))).toBe('409 NameAlreadyExistsMessage');
  });
});
