/**
 * Test fixture of the csv/txt export paths (sqliteLines.test, postgresCopy.test): items whose values hit every
 * cell rule, the file the cell rules give for them value by value, and one export read whole.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportBody, ExportFormat } from '@portal/contract';
import type { AuthUser, Deps } from '../../services/context';
import type { ListColumn, ListDefinition, ListScope } from '../definition';
import { separatorText } from '../files/csv';
import type { TestItem } from '../testing/helpers';
import { delimitedField, exportCell } from './cells';
import { exportList } from './export';

// PostgreSQL text cannot hold NUL (the SQLite path uses it between fields: a value holding one is read again).
const NUL = process.env.TEST_DATABASE_URL ? '' : '\u0000';

export const ITEMS: TestItem[] = [
  { code: '001', objectId: 'E1', field1: 'Canción, "larga"', field2: 'Núñez, Martí', field3: 'Empúries' },
  { code: '=2+2', objectId: '-E2', field1: '@SUM(A1)', field2: '+34', field3: '\tTab' },
  { code: '003', objectId: null, field1: 'dos\nlíneas', field2: 'cr\ronly', field3: 'crlf\r\nend' },
  { code: '004', objectId: 'E4', field1: '+34 600;tab\tx', field2: 'semi;colon', field3: 'pipe|bar' },
  { code: '', objectId: '', field1: '', field2: null, field3: ' spaced ' },
  { code: '006', objectId: 'E6', field1: `nul${NUL}inside`, field2: 'unit\u001fsep', field3: 'x\u001f=y' },
  { code: '007', objectId: 'E7', field1: 'a=b', field2: 'mid-dash', field3: 'ends with "quote"' },
  { code: null, objectId: 'E8', field1: '\rstart', field2: 'ok', field3: 'العربية, نص' },
  { code: '009', objectId: '=E9', field1: 'plain', field2: 'plain', field3: 'plain' },
  { code: '010', objectId: 'E10', field1: "it's \\ back$1slash", field2: '\\.', field3: '"' },
  // Formula starts another separator or a line break would split out.
  { code: '011', objectId: ';=1+1', field1: '=1+1;=2+2', field2: 'a\n=1+1', field3: ',=1+1' },
  { code: '012;@x', objectId: 'a|-2\t+3', field1: 'x,"=4', field2: 'ok\r\n@z', field3: 'plain;-' },
  ...Array.from({ length: 40 }, (_, i) => ({
    code: `1${String(i).padStart(3, '0')}`,
    objectId: `R${i}`,
    field1: `Título ${i}`,
    field2: i % 3 ? `Autor ${i}, Nombre` : `Solo${i}`,
    field3: i % 5 ? 'Editorial' : null,
  })),
];
export const ITEM_COLUMNS = ['code', 'objectId', 'field1', 'field2', 'field3'] as const;

export const BASE_FORMAT: ExportFormat = {
  fileType: 'csv',
  firstRowHeader: true,
  dateFormat: 'YYYY-MM-DD',
  codePrefix: '',
  codeSuffix: '',
  separator: 'comma',
  otherSeparator: '',
} as ExportFormat;

export const EXPORT_USER: AuthUser = { id: -1, userName: 'test', fullName: 'test', role: 'admin', permissions: [], storeIds: [], tokenVersion: 0 };

/** The file the cell rules give, value by value: rows of values in the columns' order, titles 'T <id>'. */
export function expectedFile(format: ExportFormat, columns: readonly [string, ListColumn][], rows: readonly (readonly unknown[])[]): string {
  const sep = separatorText(format);
  let out = format.fileType === 'csv' ? '\ufeff' : '';
  if (format.firstRowHeader) out += `${columns.map(([id]) => delimitedField(exportCell(`T ${id}`, { column: id, type: 'text' }, format), sep)).join(sep)}\r\n`;
  for (const row of rows) out += `${columns.map(([, col], i) => delimitedField(exportCell(row[i], col, format), sep)).join(sep)}\r\n`;
  return out;
}

/** The file of the fixture's items (in that order) for the given columns of CATALOGUE_ITEMS_LIST. */
export function expectedItems(def: ListDefinition<unknown>, format: ExportFormat, items: readonly TestItem[], ids: readonly string[] = ITEM_COLUMNS): string {
  return expectedFile(
    format,
    ids.map((id) => [id, def.columns[id]]),
    items.map((item) => ids.map((id) => item[id as keyof TestItem])),
  );
}

export interface ExportRun {
  order?: [string, 'asc' | 'desc'];
  searchTexts?: Record<string, string>;
  batchSize?: number;
  columns?: readonly string[];
  copy?: boolean;
}

/** One export read whole, as text. */
export async function exportText<T>(deps: Deps, def: ListDefinition<T>, scope: ListScope, format: ExportFormat, run: ExportRun = {}): Promise<string> {
  const body: ExportBody = {
    format,
    columns: (run.columns ?? ITEM_COLUMNS).map((id) => ({ id, title: `T ${id}` })),
    order: run.order ?? null,
    searchTexts: run.searchTexts ?? {},
  };
  const file = await exportList(deps, EXPORT_USER, def, scope, body, { maxXlsRows: 1_048_576, baseName: 'lines', batchSize: run.batchSize, copy: run.copy });
  const chunks: Buffer[] = [];
  await pipeline(
    file.stream,
    new Writable({
      write(chunk: Buffer, _e, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks).toString('utf8');
}
