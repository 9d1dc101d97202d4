/**
 * The item exists checks look for the pair as the save would store it: the library's ID modification script
 * runs on a new code first (catalogue items the catalogue script, section items the inventory script), the
 * answer names the stored code, and a save that conflicts answers 409 AlreadyExists naming the stored pair.
 */
import { addSectionThroughApi } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let bib1: number;
let bib2: number;
const as = { user: 'librarian' as const };
const STRIP = "return id.startsWith('LIB-') ? id.slice(4) : id;";

beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  const values = { catalogue_items_modification: STRIP, inventory_items_modification: STRIP, updated_at: new Date().toISOString() };
  await t.db
    .insertInto('id_modifications')
    .values({ store_id: bib1, ...values })
    .execute();
  await t.db
    .insertInto('id_modifications')
    .values({ store_id: bib2, ...values, catalogue_items_modification: 'return "THEIRS";', inventory_items_modification: 'return "THEIRS";' })
    .execute();
});
afterAll(() => t.close());

const catalogueItems = async () => {
  const id = (await t.call('POST', `/api/stores/${bib1}/catalogues`, { ...as, body: { name: `Exists ${Math.random()}` } })).json().tid as number;
  return `/api/stores/${bib1}/catalogues/${id}/items`;
};

describe.each([
  ['catalogue items', catalogueItems, 'catalogueItemId'],
  ['section items', () => addSectionThroughApi(t, 'librarian', bib1), 'inventoryItemId'],
])('%s', (_name, itemsUrl, idKey) => {
  it('checks the code the script will store and names it', async () => {
    const items = await itemsUrl();
    expect((await t.call('POST', items, { ...as, body: { code: 'H1-0001' } })).statusCode).toBe(200);
    const check = await t.call('POST', `${items}/exists`, { ...as, body: { code: 'LIB-H1-0001' } });
    expect([check.statusCode, check.json()]).toEqual([200, { exists: true, code: 'H1-0001' }]);
    expect((await t.call('POST', `${items}/exists`, { ...as, body: { code: 'LIB-H1-0002' } })).json()).toEqual({ exists: false, code: 'H1-0002' });
    expect((await t.call('POST', `${items}/exists`, { ...as, body: { code: '  ' } })).json()).toEqual({ exists: false });
  });

  it('a save that conflicts answers 409 AlreadyExists naming the stored pair', async () => {
    const items = await itemsUrl();
    await t.call('POST', items, { ...as, body: { code: 'H1-0001' } });
    const res = await t.call('POST', items, { ...as, body: { code: 'LIB-H1-0001' } });
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'AlreadyExists', message: 'AlreadyExists', details: { code: 'H1-0001', objectId: null } }]);
  });

  it('an edit keeping its code is not run through the script; an edit to a new code is', async () => {
    const items = await itemsUrl();
    await t.call('POST', items, { ...as, body: { code: 'H1-0001' } });
    await t.call('POST', items, { ...as, body: { code: '9' } });
    // Stored as typed: a script that strips LIB- keeps LIB-LIB-9 as LIB-9 only on a new code.
    const kept = (await t.call('POST', items, { ...as, body: { code: 'LIB-LIB-9' } })).json();
    expect(kept.code).toBe('LIB-9');
    expect((await t.call('POST', `${items}/exists`, { ...as, body: { [idKey]: kept.tid, code: 'LIB-9' } })).json()).toEqual({ exists: false, code: 'LIB-9' });
    expect((await t.call('POST', `${items}/exists`, { ...as, body: { [idKey]: kept.tid, code: 'LIB-H1-0001' } })).json()).toEqual({
      exists: true,
      code: 'H1-0001',
    });
  });
});

it("uses the library's own script and answers another library's list like a missing one", async () => {
  const items = await catalogueItems();
  await t.call('POST', items, { ...as, body: { code: 'THEIRS' } });
  expect((await t.call('POST', `${items}/exists`, { ...as, body: { code: 'X' } })).json()).toEqual({ exists: false, code: 'X' });
  const theirs = items.replace(`/stores/${bib1}/`, `/stores/${bib2}/`);
  expect((await t.call('POST', `${theirs}/exists`, { ...as, body: { code: 'X' } })).statusCode).toBe(403);
  expect((await t.call('POST', `${items}/exists`, { body: { code: 'X' } })).statusCode).toBe(401);
});

it('a script that throws answers exists false (the save reports the error); search lists run no script', async () => {
  await t.db.updateTable('id_modifications').set({ catalogue_items_modification: "throw new Error('no')" }).where('store_id', '=', bib1).execute();
  try {
    const items = await catalogueItems();
    expect((await t.call('POST', `${items}/exists`, { ...as, body: { code: 'LIB-1' } })).json()).toEqual({ exists: false });
  } finally {
    await t.db.updateTable('id_modifications').set({ catalogue_items_modification: STRIP }).where('store_id', '=', bib1).execute();
  }
  const list = (await t.call('POST', `/api/stores/${bib1}/searchLists`, { ...as, body: { name: `Exists ${Math.random()}` } })).json().tid;
  const items = `/api/stores/${bib1}/searchLists/${list}/items`;
  await t.call('POST', items, { ...as, body: { code: 'H1-0001' } });
  expect((await t.call('POST', `${items}/exists`, { ...as, body: { code: 'LIB-H1-0001' } })).json()).toEqual({ exists: false, code: 'LIB-H1-0001' });
});
