import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

let t: TestApp;
let mine: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  mine = await t.storeId('BIB-001'); // librarian holds BIB-001 and BIB-003
  other = await t.storeId('BIB-002');
});
afterAll(() => t.close());

const UPPER = 'return id.toUpperCase();';

describe('ID modifications', () => {
  it('answers empty scripts until saved, saves both after their test run, and reads them back', async () => {
    expect((await t.call('GET', `/api/idModifications?storeId=${mine}`, { user: 'librarian' })).json()).toEqual({
      storeId: mine,
      catalogueItemsModification: '',
      inventoryItemsModification: '',
    });
    const body = { storeId: mine, catalogueItemsModification: UPPER, inventoryItemsModification: "return 'INV-' + id;" };
    const saved = await t.call('PUT', '/api/idModifications', { user: 'librarian', body });
    expect([saved.statusCode, saved.json()]).toEqual([200, body]);
    const again = await t.call('PUT', '/api/idModifications', { user: 'librarian', body: { ...body, inventoryItemsModification: '' } });
    expect(again.statusCode).toBe(200);
    expect((await t.call('GET', `/api/idModifications?storeId=${mine}`, { user: 'librarian' })).json()).toEqual({ ...body, inventoryItemsModification: '' });
  });

  it('refuses to save a script that fails on 1234, saving nothing', async () => {
    const res = await t.call('PUT', '/api/idModifications', {
      user: 'librarian',
      body: { storeId: mine, catalogueItemsModification: 'return id;', inventoryItemsModification: "throw new Error('no ' + id)" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SCRIPT_ERROR', message: 'inventoryItemsModification: no 1234' });
    expect((await t.call('GET', `/api/idModifications?storeId=${mine}`, { user: 'librarian' })).json().catalogueItemsModification).toBe(UPPER);
  });

  it('test-runs a script on 1234 (or a given id) and answers the result or the error', async () => {
    const run = async (body: object) => (await t.call('POST', '/api/idModifications/test', { user: 'librarian', body })).json();
    expect(await run({ script: "return 'X' + id;" })).toEqual({ result: 'X1234' });
    expect(await run({ script: UPPER, id: 'ab' })).toEqual({ result: 'AB' });
    expect(await run({ script: 'return process.pid;' })).toEqual({ error: expect.stringContaining('process') });
  });

  it('stops an endless loop and a memory bomb while another request answers', async () => {
    const [loop, bomb, other] = await Promise.all([
      t.call('POST', '/api/idModifications/test', { user: 'librarian', body: { script: 'while (true) {}' } }),
      t.call('POST', '/api/idModifications/test', { user: 'librarian', body: { script: 'const a = []; for (;;) a.push(new Array(1e5).fill(1));' } }),
      t.call('GET', `/api/idModifications?storeId=${mine}`, { user: 'librarian' }),
    ]);
    expect(loop.json()).toEqual({ error: expect.stringContaining('took longer') });
    expect(bomb.json()).toEqual({ error: expect.any(String) });
    expect(other.statusCode).toBe(200);
  });

  it("needs a token, the inventories permission and the library; another library's scripts stay unchanged; hostile bodies are 400", async () => {
    expect((await t.call('GET', `/api/idModifications?storeId=${mine}`)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/idModifications/test', { body: { script: UPPER } })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/idModifications?storeId=${mine}`, { user: 'manager' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/idModifications?storeId=${other}`, { user: 'librarian' })).statusCode).toBe(403);
    const put = await t.call('PUT', '/api/idModifications', {
      user: 'librarian',
      body: { storeId: other, catalogueItemsModification: UPPER, inventoryItemsModification: '' },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.call('GET', `/api/idModifications?storeId=${other}`, { user: 'admin' })).json().catalogueItemsModification).toBe('');
    for (const body of [
      { storeId: mine, catalogueItemsModification: 'x'.repeat(20_001), inventoryItemsModification: '' },
      { storeId: mine, catalogueItemsModification: 1, inventoryItemsModification: '' },
      { storeId: 'x', catalogueItemsModification: '', inventoryItemsModification: '' },
      { storeId: mine, catalogueItemsModification: '', inventoryItemsModification: '', extra: 1 },
    ])
      expect((await t.call('PUT', '/api/idModifications', { user: 'librarian', body })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/idModifications?storeId=abc', { user: 'librarian' })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/idModifications/test', { user: 'librarian', body: { script: 'x'.repeat(20_001) } })).statusCode).toBe(400);
  });
});
