/**
 * Imports across the staging batches (lists/stagedItems, INSERT_BATCH rows per statement), into a catalogue and
 * an inventory section through the real routes: a row refused in the second batch leaves nothing of the first;
 * a clean file spanning three batches is imported whole, a pair repeated in a later batch counted once.
 */
import { INSERT_BATCH as STAGE_BATCH } from '../lists/itemWrites';
import { addCatalogue, addSectionThroughApi, uploadAs } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
});
afterAll(() => t.close());

const ROWS = 2 * STAGE_BATCH + 10;
/** `ROWS` rows after a header; row `bad` (file row number, header = 1) has no code, row `repeat` repeats row 2's pair. */
const csv = ({ bad, repeat }: { bad?: number; repeat?: number }) =>
  `code,objectId,title\n${Array.from({ length: ROWS }, (_, i) => {
    const row = i + 2;
    if (row === bad) return ',,no code';
    if (row === repeat) return 'C0,E0,again';
    return `C${i},E${i},Título ${i}`;
  }).join('\n')}\n`;

const body = (fileName: string) => ({ fileName, fields: [{ code: 0, field1: 2 }], sheetIndex: null, format: { separator: 'comma', firstRowHeader: true } });

describe.each(['catalogue', 'section'] as const)('import into a %s', (kind) => {
  let importUrl: string;
  let itemsUrl: string;
  beforeAll(async () => {
    if (kind === 'catalogue') {
      const id = await addCatalogue(t.db, store, 'Batches');
      itemsUrl = `/api/stores/${store}/catalogues/${id}/items`;
      importUrl = `/api/stores/${store}/catalogues/${id}/import`;
    } else {
      itemsUrl = await addSectionThroughApi(t, 'admin', store);
      importUrl = itemsUrl.replace(/\/items$/, '/import');
    }
  });
  const total = async () => (await t.call('GET', itemsUrl, { user: 'admin' })).json().total as number;

  it('a row refused in the second batch: 400 with its row number, nothing written', async () => {
    const bad = STAGE_BATCH + 7;
    const res = await t.call('POST', importUrl, { user: 'admin', body: body(await uploadAs(t, 'admin', 'batches.csv', csv({ bad }))) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_FAILED', details: { errorCount: 1, errors: [{ row: bad, code: 'CODE_REQUIRED' }] } });
    expect(await total()).toBe(0);
  });

  it('a clean file over three batches is imported whole; a pair repeated in the last batch is counted, not inserted', async () => {
    const res = await t.call('POST', importUrl, { user: 'admin', body: body(await uploadAs(t, 'admin', 'batches.csv', csv({ repeat: ROWS }))) });
    expect([res.statusCode, res.json()]).toEqual([200, { numItems: ROWS, numItemsInserted: ROWS - 1 }]);
    expect(await total()).toBe(ROWS - 1);
    const first = (await t.call('GET', `${itemsUrl}?order=tid,asc&limit=1`, { user: 'admin' })).json().items[0];
    expect(first).toMatchObject({ code: 'C0', field1: 'Título 0' });
  });
});
