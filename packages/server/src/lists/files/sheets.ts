/**
 * Uploaded files as sheets of rows, streamed: csv/txt through the incremental parser (encoding and
 * separator detected unless the read format names them), xlsx through our own streaming reader (./xlsxReader;
 * zip bombs are refused at upload by ./zipGuard), xls and ods through SheetJS CE (./legacySheets, size-capped),
 * json item by item (./jsonRows). Date cells of workbooks are written with the read format's dateFormat.
 * csv, txt and json files are one sheet named after the client's file name.
 */
import fs from 'node:fs';
import { ERROR_CODES, type CellValue, type ExportFormat, type ReadFormat, type TextEncoding } from '@portal/contract';
import { ApiError, withCause } from '../../errors';
import type { TempFileMeta } from '../../storage/tempFiles';
import { formatDate } from '../export/cells';
import { CsvParser, detectSeparator, separatorName, separatorText } from './csv';
import { byteOrderMark } from './encoding';
import { jsonRows } from './jsonRows';
import { legacySheets, type ReadSlot } from './legacySheets';
import { XlsxWorkbook, type XlsxRow, type XlsxSheetPart } from './xlsxReader';

export interface SheetRow {
  /** 1-based row number in the file. */
  number: number;
  cells: CellValue[];
  /** Rows read after countOnly(): no cells, only whether any cell holds something. */
  filled?: boolean;
}

export interface SheetReader {
  name: string;
  /** Position in the workbook (readFile and import use the same numbering). */
  index: number;
  hasHeader: boolean;
  /**
   * The rows a block at a time (as the reader takes them from the file: one promise per block, not per row).
   * Must be consumed (or abandoned with return()) before the next sheet is read.
   */
  rows: AsyncIterable<SheetRow[]>;
  /** Text files: how they are decoded and split (what readFile shows in the preview). */
  text?: TextLayout;
  /** From the next block of rows on, rows come without cells, with `filled` (readFile counting past its preview). */
  countOnly?(): void;
}

export interface TextLayout {
  encoding: TextEncoding;
  separator: ExportFormat['separator'];
  otherSeparator?: string;
}

export const MAX_COLUMNS = 256;

export const invalidFile = (message: string) => new ApiError(400, ERROR_CODES.INVALID_FILE, message);

const baseName = (name: string) => name.replace(/\.[^.]*$/, '').slice(0, 100) || 'Sheet1';

/**
 * `maxRows` lets a json file stop at its first pass; callers count rows against their cap anyway. `slot`: whose
 * read it is (an .xls or .ods parse takes one of the owner's parse slots: ./legacySheets). `maxHeldBytes`: the
 * largest xlsx part read into memory (the upload's shared strings cap, ./zipGuard).
 */
export function readSheets(
  path: string,
  meta: TempFileMeta,
  format: ReadFormat,
  maxRows = Number.MAX_SAFE_INTEGER,
  slot: ReadSlot = { owner: 'server' },
  maxHeldBytes?: number,
): AsyncGenerator<SheetReader> {
  switch (meta.format) {
    case 'xlsx':
      return xlsxSheets(path, format, maxHeldBytes);
    case 'xls':
    case 'ods':
      return legacySheets(path, format, maxRows, slot);
    case 'json':
      return jsonSheets(path, meta, format, maxRows);
    default:
      return textSheets(path, meta, format);
  }
}

const SAMPLE_BYTES = 64 * 1024;

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * How a text file is read: the read format's encoding, else its byte order mark's, else the upload's
 * check; the read format's separator, else the one its first lines use.
 */
export async function textLayout(path: string, meta: TempFileMeta, format: ReadFormat): Promise<{ layout: TextLayout; skip: number }> {
  const head = await readHead(path, SAMPLE_BYTES);
  const bom = byteOrderMark(head);
  const encoding = format.encoding ?? bom?.encoding ?? meta.encoding;
  const skip = bom?.length ?? 0;
  if (format.separator) {
    return { layout: { encoding, separator: format.separator, ...(format.separator === 'other' ? { otherSeparator: separatorText(format) } : {}) }, skip };
  }
  const sample = new TextDecoder(encoding).decode(head.subarray(skip));
  return { layout: { encoding, separator: separatorName(detectSeparator(sample)) }, skip };
}

async function* textSheets(path: string, meta: TempFileMeta, format: ReadFormat): AsyncGenerator<SheetReader> {
  const { layout, skip } = await textLayout(path, meta, format);
  yield {
    name: baseName(meta.name),
    index: 0,
    hasHeader: format.firstRowHeader ?? true,
    text: layout,
    rows: textRows(path, layout.encoding, skip, separatorText(layout)),
  };
}

/** The file's text from byte `skip` on, decoded a chunk at a time (a leading byte order mark left out). */
async function* decodedText(path: string, encoding: TextEncoding, skip: number): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  let first = true;
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 64 * 1024, start: skip })) {
    let text = decoder.decode(chunk as Buffer, { stream: true });
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    yield text;
  }
  yield decoder.decode();
}

/** The rows ending in each decoded chunk, as one block. */
async function* textRows(path: string, encoding: TextEncoding, skip: number, separator: string): AsyncGenerator<SheetRow[]> {
  const parser = new CsvParser(separator);
  let number = 0;
  const block = (rows: string[][]): SheetRow[] => rows.map((cells) => ({ number: ++number, cells: capColumns(cells) }));
  for await (const text of decodedText(path, encoding, skip)) {
    const rows = parser.push(text);
    if (rows.length > 0) yield block(rows);
  }
  const last = parser.end();
  if (last.length > 0) yield block(last);
}

function capColumns(cells: CellValue[]): CellValue[] {
  if (cells.length > MAX_COLUMNS) throw invalidFile(`Rows are limited to ${MAX_COLUMNS} columns`);
  return cells;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * A spreadsheet value as plain data: dates with `dateFormat` (the user's format; without one
 * 'YYYY-MM-DD[ HH:mm:ss]'), formulas as their result, rich text as text. Workbook dates carry no time
 * zone: the reader's UTC fields are the cell's own.
 */
export function cellValue(value: unknown, dateFormat?: string): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Also a Date of another realm (cloned from the legacy workbooks' worker thread).
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') {
    if (!(value instanceof Date)) return cellValue(new Date((value as Date).getTime()), dateFormat);
    if (Number.isNaN(value.getTime())) return null;
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const h = value.getUTCHours(),
      m = value.getUTCMinutes(),
      s = value.getUTCSeconds();
    if (dateFormat) return formatDate(`${day} ${pad(h)}:${pad(m)}:${pad(s)}`, dateFormat);
    return h || m || s ? `${day} ${pad(h)}:${pad(m)}:${pad(s)}` : day;
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: unknown }>).map((r) => String(r.text ?? '')).join('');
    if ('result' in v) return cellValue(v.result, dateFormat);
    if ('text' in v) return cellValue(v.text, dateFormat);
    if ('error' in v) return String(v.error);
    if ('sharedFormula' in v || 'formula' in v) return null;
  }
  return String(value);
}

async function* xlsxSheets(path: string, format: ReadFormat, maxHeldBytes: number | undefined): AsyncGenerator<SheetReader> {
  let workbook: XlsxWorkbook;
  try {
    workbook = await XlsxWorkbook.open(path, maxHeldBytes);
  } catch (e) {
    throw unreadableWorkbook(e);
  }
  try {
    for (const sheet of workbook.sheets) {
      const mode = { countOnly: false };
      yield {
        name: sheet.name,
        index: sheet.index,
        hasHeader: format.firstRowHeader ?? true,
        rows: xlsxRows(workbook, sheet, format.dateFormat, mode),
        countOnly: () => {
          mode.countOnly = true;
        },
      };
    }
  } finally {
    await workbook.close();
  }
}

/** The reader's own text (parser positions, paths) goes to the log as the cause, never to the client. */
const unreadableWorkbook = (e: unknown) => (e instanceof ApiError ? e : withCause(invalidFile('The workbook could not be read'), e));

async function* xlsxRows(
  workbook: XlsxWorkbook,
  sheet: XlsxSheetPart,
  dateFormat: string | undefined,
  mode: { countOnly: boolean },
): AsyncGenerator<SheetRow[]> {
  const blocks = workbook.rows(sheet, (date) => cellValue(date, dateFormat), mode);
  try {
    for (;;) {
      let next: IteratorResult<XlsxRow[]>;
      try {
        next = await blocks.next();
      } catch (e) {
        throw unreadableWorkbook(e);
      }
      if (next.done) return;
      yield next.value.map((row): SheetRow => {
        if (row.width > MAX_COLUMNS) throw invalidFile(`Rows are limited to ${MAX_COLUMNS} columns`);
        return row.filled === undefined ? { number: row.number, cells: row.cells } : { number: row.number, cells: row.cells, filled: row.filled };
      });
    }
  } finally {
    // Rows abandoned (a refused row, a cancel): the part's inflation stops now, not when the workbook closes.
    await blocks.return(undefined);
  }
}

async function* jsonSheets(path: string, meta: TempFileMeta, format: ReadFormat, maxRows: number): AsyncGenerator<SheetReader> {
  const bom = byteOrderMark(await readHead(path, 3));
  const text = () => decodedText(path, bom?.encoding ?? meta.encoding, bom?.length ?? 0);
  const { rows, hasHeader } = await jsonRows(text, format.firstRowHeader ?? false, maxRows);
  yield { name: baseName(meta.name), index: 0, hasHeader, rows: numbered(rows) };
}

/** Rows this many at a time between turns of the event loop (other requests go on meanwhile); a block of a reader that has the rows in memory. */
export const ROWS_PER_TURN = 5000;

export const nextTurn = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

async function* numbered(rows: AsyncIterable<CellValue[]>): AsyncGenerator<SheetRow[]> {
  let block: SheetRow[] = [];
  let number = 0;
  for await (const cells of rows) {
    block.push({ number: ++number, cells });
    if (block.length === ROWS_PER_TURN) {
      yield block;
      block = [];
      await nextTurn();
    }
  }
  if (block.length > 0) yield block;
}
