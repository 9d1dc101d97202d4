import { createTestApp, type TestApp } from '../testing/testApp';

// Under load (2 cores shared by every test run) a fresh database with demo users takes seconds to set up.
jest.setTimeout(30_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let gid: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  gid = (await t.call('POST', `/api/stores/${bib1}/inventoryGroups`, { user: 'librarian', body: { name: 'Inventario' } })).json().tid;
});
afterAll(() => t.close());

const ops = (storeId: number, group: number | string, rest = '') => `/api/stores/${storeId}/inventoryGroups/${group}/additionalOperations${rest}`;
const as = { user: 'librarian' as const };

describe('additional operations', () => {
  it('adds, lists, edits and deletes operations with a name unique within the group', async () => {
    const created = await t.call('POST', ops(bib1, gid), {
      ...as,
      body: { name: ' Notificar ', url: 'https://sigb.example.org/notify', params: { apiKey: 'k', formato: 'json' } },
    });
    expect(created.json()).toEqual({
      tid: expect.any(Number),
      name: 'Notificar',
      url: 'https://sigb.example.org/notify',
      method: 'POST',
      attachData: false,
      params: { apiKey: 'k', formato: 'json' },
      groupId: gid,
    });
    const id = created.json().tid;
    const dup = await t.call('POST', ops(bib1, gid), { ...as, body: { name: 'Notificar', url: 'https://x.example/' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    // The same name in UNGROUPED is another group.
    expect((await t.call('POST', ops(bib1, 'UNGROUPED'), { ...as, body: { name: 'Notificar', url: 'https://x.example/', method: 'DELETE' } })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', ops(bib1, gid, '/exists'), { ...as, body: { name: 'Notificar', groupId: gid } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', ops(bib1, gid, '/exists'), { ...as, body: { name: 'Notificar', groupId: gid, additionalOperationId: id } })).json()).toEqual({
      exists: false,
    });
    expect((await t.call('POST', ops(bib1, gid, '/exists'), { ...as, body: { name: '' } })).json()).toEqual({ exists: false });

    const edited = await t.call('PUT', ops(bib1, gid, `/${id}`), {
      ...as,
      body: { name: 'Notificar SIGB', url: 'https://sigb.example.org/n', method: 'PUT', attachData: true, params: {} },
    });
    expect(edited.json()).toMatchObject({ name: 'Notificar SIGB', method: 'PUT', attachData: true, params: {} });
    const list = (await t.call('GET', ops(bib1, gid), as)).json();
    expect(list).toEqual({ items: [edited.json()], total: 1 });
    expect((await t.call('DELETE', ops(bib1, gid, `/${id}`), as)).json()).toEqual({ ids: [id] });
    expect((await t.call('GET', ops(bib1, gid), as)).json().total).toBe(0);
  });

  it('refuses missing fields, other methods, non-http URLs and hostile bodies with 4xx', async () => {
    for (const body of [
      { url: 'https://x.example/' },
      { name: 'a' },
      { name: 'a', url: 'https://x.example/', method: 'GET' },
      { name: 'a', url: 'ftp://x.example/' },
      { name: 'a', url: 'javascript:alert(1)' },
      { name: 'a', url: 'https://x.example/', params: ['x'] },
      { name: 'a', url: 'https://x.example/', params: { k: { deep: 1 } } },
      { name: 'a', url: 'https://x.example/', extra: 1 },
      { name: 'x'.repeat(300), url: 'https://x.example/' },
    ]) {
      const res = await t.call('POST', ops(bib1, gid), { ...as, body });
      expect([JSON.stringify(body).slice(0, 60), res.statusCode]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
    }
  });

  it("answers 401 without a token and 403 for another library's group, changing nothing", async () => {
    const theirGroup = (await t.call('POST', `/api/stores/${bib2}/inventoryGroups`, { user: 'supervisor', body: { name: 'Ajeno' } })).json().tid;
    const theirOp = (await t.call('POST', ops(bib2, theirGroup), { user: 'supervisor', body: { name: 'op', url: 'https://x.example/' } })).json().tid;
    expect((await t.call('GET', ops(bib1, gid))).statusCode).toBe(401);
    expect((await t.call('GET', ops(bib1, gid), { user: 'manager' })).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['GET', ops(bib2, theirGroup), undefined],
      ['GET', ops(bib1, theirGroup), undefined],
      ['POST', ops(bib1, theirGroup), { name: 'x', url: 'https://x.example/' }],
      ['PUT', ops(bib1, theirGroup, `/${theirOp}`), { name: 'x', url: 'https://x.example/' }],
      ['PUT', ops(bib1, gid, `/${theirOp}`), { name: 'x', url: 'https://x.example/' }],
    ] as const) {
      const res = await t.call(method, path, { ...as, body });
      expect([method, path, res.statusCode]).toEqual([method, path, 403]);
    }
    expect((await t.call('DELETE', ops(bib1, gid, `/${theirOp}`), as)).json()).toEqual({ ids: [] });
    expect((await t.call('GET', ops(bib2, theirGroup), { user: 'supervisor' })).json().items[0].name).toBe('op');
  });
});
