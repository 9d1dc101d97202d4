/**
 * A script's error text is capped wherever it is answered. A script that throws a 2,000,000
 * character text made a 150-row import answer 200 MB, one item add 4 MB and the Test box 7 MB; each now
 * answers a small body with its usual code, the message cut with an ellipsis, at most MAX_REPORTED_ROW_ERRORS
 * refused rows listed and the count of all of them.
 */
import { MAX_REPORTED_ROW_ERRORS } from '@portal/contract';
import { MAX_MESSAGE_LENGTH, MAX_ROW_MESSAGE_LENGTH, capMessage } from '../errorLimits';
import { addCatalogue, uploadAs } from './testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
});
afterAll(() => t.close());

const as = { user: 'librarian' as const };
const HUGE = "throw 'x'.repeat(2000000);";
const HUGE_ERROR = "throw new Error('\\u0001'.repeat(1000000));";

async function scripts(catalogue: string, inventory = '') {
  const values = { catalogue_items_modification: catalogue, inventory_items_modification: inventory, updated_at: new Date().toISOString() };
  await t.db
    .insertInto('id_modifications')
    .values({ store_id: store, ...values })
    .onConflict((c) => c.column('store_id').doUpdateSet(values))
    .execute();
}

describe('capMessage', () => {
  it('keeps short texts, cuts long ones with an ellipsis, never splitting a surrogate pair', () => {
    expect(capMessage('short')).toBe('short');
    expect(capMessage('x'.repeat(MAX_MESSAGE_LENGTH))).toBe('x'.repeat(MAX_MESSAGE_LENGTH));
    const cut = capMessage('x'.repeat(MAX_MESSAGE_LENGTH + 1));
    expect([cut.length, cut.endsWith('…')]).toEqual([MAX_MESSAGE_LENGTH, true]);
    const emoji = capMessage('😀'.repeat(10), 4);
    expect(emoji).toBe('😀…');
    expect(capMessage('abcdef', 4)).toBe('abc…');
  });
});

describe('a script that throws a huge text', () => {
  it('makes a 150-row import answer 400 IMPORT_FAILED in a small body: 100 rows listed, every one counted', async () => {
    await scripts(HUGE);
    const catalogueId = await addCatalogue(t.db, store, `Huge ${Math.random()}`);
    const rows = Array.from({ length: 150 }, (_, i) => `c${i}`).join('\n');
    const file = await uploadAs(t, 'librarian', 'huge.csv', `code\n${rows}\n`);
    const res = await t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/import`, {
      ...as,
      body: { fileName: file, fields: [{ code: 0 }], sheetIndex: null, format: { separator: 'comma', firstRowHeader: true } },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'IMPORT_FAILED']);
    expect(res.body.length).toBeLessThan(40_000);
    const { details } = res.json();
    expect(details.errorCount).toBe(150);
    expect(details.errors).toHaveLength(MAX_REPORTED_ROW_ERRORS);
    expect(details.errors[0]).toEqual({ sheet: 'huge', row: 2, code: 'SCRIPT_ERROR', field: 'code', message: `${'x'.repeat(MAX_ROW_MESSAGE_LENGTH - 1)}…` });
    expect((await t.call('GET', `/api/stores/${store}/catalogues/${catalogueId}/items`, as)).json().total).toBe(0);
  });

  it('makes one item add answer 400 SCRIPT_ERROR in a small body', async () => {
    await scripts(HUGE_ERROR);
    const catalogueId = await addCatalogue(t.db, store, `Huge add ${Math.random()}`);
    const res = await t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/items`, { ...as, body: { code: 'abc' } });
    expect([res.statusCode, res.json().code]).toEqual([400, 'SCRIPT_ERROR']);
    // Each capped character is escaped in JSON (6 bytes): message and details.error stay a few KB.
    expect(res.body.length).toBeLessThan(15_000);
    expect(res.json().message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(res.json().message.endsWith('…')).toBe(true);
    expect(res.json().details).toEqual({ field: 'code', error: res.json().message });
  });

  it('makes the Test box answer the error in a small body, and saving refuse it with 400 SCRIPT_ERROR in a small body', async () => {
    const test = await t.call('POST', '/api/idModifications/test', { ...as, body: { script: HUGE } });
    expect(test.statusCode).toBe(200);
    expect(test.body.length).toBeLessThan(2_000);
    expect(test.json()).toEqual({ error: `${'x'.repeat(MAX_MESSAGE_LENGTH - 1)}…` });
    const save = await t.call('PUT', '/api/idModifications', {
      ...as,
      body: { storeId: store, catalogueItemsModification: HUGE_ERROR, inventoryItemsModification: '' },
    });
    expect([save.statusCode, save.json().code]).toEqual([400, 'SCRIPT_ERROR']);
    expect(save.body.length).toBeLessThan(15_000);
    expect(save.json().message.startsWith('catalogueItemsModification: ')).toBe(true);
    expect(save.json().message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
  });

  it('still answers a short message whole, and the Test box needs a token', async () => {
    expect((await t.call('POST', '/api/idModifications/test', { ...as, body: { script: "throw new Error('no ' + id)" } })).json()).toEqual({
      error: 'no 1234',
    });
    expect((await t.call('POST', '/api/idModifications/test', { body: { script: HUGE } })).statusCode).toBe(401);
  });
});
