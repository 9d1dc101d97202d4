/**
 * The fast csv/txt path (./sqliteLines: lines made by SQLite, read in a worker thread or, with a search, on a
 * reader connection) writes the same bytes as the cell rules applied value by value (exportCell, then
 * delimitedField): quoting, every separator, code prefix and suffix, accents, empty and missing values, formula
 * neutralisation in every column, values holding the separator characters the path itself uses. Runs on both
 * databases (on PostgreSQL COPY or the cursor path writes the file; the expectations are the same).
 */
import type { ExportFormat } from '@portal/contract';
import type { Deps } from '../../services/context';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { CATALOGUE_ITEMS_LIST } from '../definitions';
import { separatorText } from '../files/csv';
import { addCatalogue } from '../testing/helpers';
import { exportList } from './export';
import { BASE_FORMAT as base, EXPORT_USER, expectedItems, exportText, ITEMS, type ExportRun } from './exportFixture';
import { linePathRuns } from './sqliteLines';

jest.setTimeout(60_000);

let t: TestApp;
let catalogueId: number;
let deps: Deps;

beforeAll(async () => {
  t = await createTestApp();
  catalogueId = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Lines', ITEMS);
  deps = { db: t.db, config: t.config } as unknown as Deps;
});
afterAll(() => t.close());

const expected = (format: ExportFormat, items: typeof ITEMS) => expectedItems(CATALOGUE_ITEMS_LIST, format, items);
const run = (format: ExportFormat, extra: ExportRun = {}) => exportText(deps, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, format, extra);

const sqlite = () => !process.env.TEST_DATABASE_URL;

describe('csv and txt exports through the line path', () => {
  it.each([
    ['comma, header, csv', {}],
    ['semicolon, txt, no header', { fileType: 'txt', separator: 'semicolon', firstRowHeader: false }],
    ['tabulator', { separator: 'tabulator' }],
    ['other one-character separator', { fileType: 'txt', separator: 'other', otherSeparator: '|' }],
    ['other separator of two characters (generic path)', { separator: 'other', otherSeparator: '||' }],
    ['code prefix and suffix', { codePrefix: '=[', codeSuffix: ']' }],
    ['code suffix only, comma in it', { codeSuffix: ',x' }],
  ])('writes the bytes of the cell rules: %s', async (_name, change) => {
    const format = { ...base, ...change } as ExportFormat;
    const before = { ...linePathRuns };
    // Small batches: rows needing the cell rules fall in several batches.
    expect(await run(format, { batchSize: 7 })).toBe(expected(format, ITEMS));
    const lines = separatorText(format).length === 1;
    expect(linePathRuns.worker - before.worker).toBe(sqlite() && lines ? 1 : 0);
  });

  it('keeps the order and the search (read on the reader connection: the search folds text in SQL)', async () => {
    const before = { ...linePathRuns };
    const found = ITEMS.filter((i) => (i.field2 ?? '').includes('Autor')).sort((a, b) => (a.code! < b.code! ? 1 : -1));
    expect(found.length).toBeGreaterThan(20);
    expect(await run(base, { order: ['code', 'desc'], searchTexts: { field2: 'autor' }, batchSize: 5 })).toBe(expected(base, found));
    expect(linePathRuns.here - before.here).toBe(sqlite() ? 1 : 0);
  });

  // SQLite only: the path is SQLite's, and PostgreSQL's b-tree indexes refuse a value this long.
  (sqlite() ? it : it.skip)(
    'writes lines longer than its scratch buffer and batches of several megabytes (the buffer grows keeping what it held)',
    async () => {
      // 1 MB of scratch: a 700,000-character accented value may need 2.1 MB, after rows already written.
      const long = 'é'.repeat(700_000);
      const items = [
        { code: 'L1', objectId: 'a', field1: 'first, row', field2: 'ñ', field3: null },
        { code: 'L2', objectId: 'b', field1: long, field2: `${long}, again`, field3: 'x' },
        { code: 'L3', objectId: 'c', field1: 'after', field2: '=1', field3: 'y' },
      ];
      const id = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Long lines', items);
      const text = await exportText(deps, CATALOGUE_ITEMS_LIST, { catalogue_id: id }, base, { batchSize: 3 });
      expect(text.length).toBeGreaterThan(1_400_000);
      expect(text).toBe(expected(base, items));
    },
  );

  it('writes nothing but the header for no rows, and stops its worker when the reader goes away', async () => {
    const none = await run(base, { searchTexts: { code: 'no such code' } });
    expect(none).toBe(expected(base, []));
    const file = await exportList(
      deps,
      EXPORT_USER,
      CATALOGUE_ITEMS_LIST,
      { catalogue_id: catalogueId },
      {
        format: base,
        columns: [{ id: 'code', title: 'c' }],
        order: null,
        searchTexts: {},
      },
      { maxXlsRows: 1_048_576, baseName: 'lines', batchSize: 2 },
    );
    const closed = new Promise((resolve) => {
      file.stream.once('close', resolve);
    });
    file.stream.read();
    expect(linePathRuns.workersRunning).toBe(sqlite() ? 1 : 0);
    file.stream.destroy();
    await closed;
    expect(linePathRuns.workersRunning).toBe(0);
    // The next export still runs (the slot was released, the worker ended).
    expect(await run(base)).toBe(expected(base, ITEMS));
  });
});
