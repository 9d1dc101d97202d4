/**
 * The fast csv/txt path (./sqliteLines: lines made by SQLite, read in a worker thread or, with a search, on a
 * reader connection) writes the same bytes as the cell rules applied value by value (exportCell, then
 * delimitedField): quoting, every separator, code prefix and suffix, accents, empty and missing values, formula
 * neutralisation in every column, values holding the separator characters the path itself uses. Runs on both
 * databases (on PostgreSQL the generic path writes the file; the expectations are the same).
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '@portal/contract';
import type { AuthUser, Deps } from '../../services/context';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { CATALOGUE_ITEMS_LIST } from '../definitions';
import { separatorText } from '../files/csv';
import { addCatalogue, type TestItem } from '../testing/helpers';
import { delimitedField, exportCell } from './cells';
import { exportList } from './export';
import { linePathRuns } from './sqliteLines';

jest.setTimeout(60_000);

// PostgreSQL text cannot hold NUL (the SQLite path uses it between fields: a value holding one is read again).
const NUL = process.env.TEST_DATABASE_URL ? '' : '\u0000';
const ITEMS: TestItem[] = [
  { code: '001', objectId: 'E1', field1: 'Canción, "larga"', field2: 'Núñez, Martí', field3: 'Empúries' },
  { code: '=2+2', objectId: '-E2', field1: '@SUM(A1)', field2: '+34', field3: '\tTab' },
  { code: '003', objectId: null, field1: 'dos\nlíneas', field2: 'cr\ronly', field3: 'crlf\r\nend' },
  { code: '004', objectId: 'E4', field1: '+34 600;tab\tx', field2: 'semi;colon', field3: 'pipe|bar' },
  { code: '', objectId: '', field1: '', field2: null, field3: ' spaced ' },
  { code: '006', objectId: 'E6', field1: `nul${NUL}inside`, field2: 'unit\u001fsep', field3: 'x\u001f=y' },
  { code: '007', objectId: 'E7', field1: 'a=b', field2: 'mid-dash', field3: 'ends with "quote"' },
  { code: null, objectId: 'E8', field1: '\rstart', field2: 'ok', field3: 'العربية, نص' },
  { code: '009', objectId: '=E9', field1: 'plain', field2: 'plain', field3: 'plain' },
  ...Array.from({ length: 40 }, (_, i) => ({ code: `1${String(i).padStart(3, '0')}`, objectId: `R${i}`, field1: `Título ${i}`, field2: i % 3 ? `Autor ${i}, Nombre` : `Solo${i}`, field3: i % 5 ? 'Editorial' : null })),
];
const COLUMNS = ['code', 'objectId', 'field1', 'field2', 'field3'] as const;
const FIELDS: Record<(typeof COLUMNS)[number], keyof TestItem> = { code: 'code', objectId: 'objectId', field1: 'field1', field2: 'field2', field3: 'field3' };

let t: TestApp;
let catalogueId: number;
let deps: Deps;
const user: AuthUser = { id: -1, userName: 'test', fullName: 'test', role: 'admin', permissions: [], storeIds: [], tokenVersion: 0 };

beforeAll(async () => {
  t = await createTestApp();
  catalogueId = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Lines', ITEMS);
  deps = { db: t.db, config: t.config } as unknown as Deps;
});
afterAll(() => t.close());

const base: ExportFormat = { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' } as ExportFormat;

/** The file the cell rules give, value by value, for `items` in that order. */
function expected(format: ExportFormat, items: TestItem[]): string {
  const sep = separatorText(format);
  const cols = COLUMNS.map((id) => CATALOGUE_ITEMS_LIST.columns[id]);
  let out = format.fileType === 'csv' ? '\ufeff' : '';
  if (format.firstRowHeader) out += `${COLUMNS.map((c) => delimitedField(exportCell(`T ${c}`, { column: c, type: 'text' }, format), sep)).join(sep)}\r\n`;
  for (const item of items) out += `${cols.map((col, i) => delimitedField(exportCell(item[FIELDS[COLUMNS[i]]], col, format), sep)).join(sep)}\r\n`;
  return out;
}

async function run(format: ExportFormat, extra: { order?: [string, 'asc' | 'desc']; searchTexts?: Record<string, string>; batchSize?: number } = {}): Promise<string> {
  const file = await exportList(deps, user, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, {
    format, columns: COLUMNS.map((id) => ({ id, title: `T ${id}` })), order: extra.order ?? null, searchTexts: extra.searchTexts ?? {},
  }, { maxXlsRows: 1_048_576, baseName: 'lines', batchSize: extra.batchSize });
  const chunks: Buffer[] = [];
  await pipeline(file.stream, new Writable({ write(chunk: Buffer, _e, done) { chunks.push(chunk); done(); } }));
  return Buffer.concat(chunks).toString('utf8');
}

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

  it('writes nothing but the header for no rows, and stops its worker when the reader goes away', async () => {
    const none = await run(base, { searchTexts: { code: 'no such code' } });
    expect(none).toBe(expected(base, []));
    const file = await exportList(deps, user, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, {
      format: base, columns: [{ id: 'code', title: 'c' }], order: null, searchTexts: {},
    }, { maxXlsRows: 1_048_576, baseName: 'lines', batchSize: 2 });
    const closed = new Promise((resolve) => { file.stream.once('close', resolve); });
    file.stream.read();
    expect(linePathRuns.workersRunning).toBe(sqlite() ? 1 : 0);
    file.stream.destroy();
    await closed;
    expect(linePathRuns.workersRunning).toBe(0);
    // The next export still runs (the slot was released, the worker ended).
    expect(await run(base)).toBe(expected(base, ITEMS));
  });
});
