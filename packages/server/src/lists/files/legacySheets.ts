/**
 * Excel 97-2003 (.xls) and LibreOffice (.ods) workbooks, read with SheetJS CE (`@e965/xlsx`, never the old
 * `xlsx` 0.18): reading only, files capped at upload (LEGACY_WORKBOOK_MAX_BYTES; an ods passes the zip
 * guard first), at most `maxRows` rows parsed per sheet. SheetJS reads the whole file at once (synchronously);
 * the rows then go out with the event loop's turn every ROWS_PER_TURN rows like every other reader.
 */
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { CellValue, ReadFormat } from '@portal/contract';
import { withCause } from '../../errors';
import type { ZipLimits } from './zipGuard';
import { cellValue, invalidFile, MAX_COLUMNS, nextTurn, ROWS_PER_TURN, type SheetReader, type SheetRow } from './sheets';

/** An ods is inflated whole into memory by SheetJS: tighter zip caps than the streamed xlsx. */
export const LEGACY_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 192 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

type DenseSheet = XLSX.WorkSheet & { '!data'?: Array<Array<XLSX.CellObject | undefined> | undefined> };

function readWorkbook(bytes: Buffer, maxRows: number): XLSX.WorkBook {
  // SheetJS writes notes about odd number formats to console.error; the read is synchronous, so they are
  // silenced for exactly its duration.
  const error = console.error;
  console.error = () => undefined;
  try {
    return XLSX.read(bytes, {
      type: 'buffer', dense: true, cellDates: true, UTC: true, cellFormula: false, cellHTML: false, cellStyles: false,
      bookVBA: false, sheetRows: maxRows < Number.MAX_SAFE_INTEGER ? maxRows + 1 : 0,
    } as XLSX.ParsingOptions);
  } catch (e) {
    throw withCause(invalidFile('The workbook could not be read'), e);
  } finally {
    console.error = error;
  }
}

function cell(c: XLSX.CellObject | undefined, dateFormat: string | undefined): CellValue {
  if (!c || c.t === 'z') return null;
  if (c.t === 'e') return c.w ?? null;
  return cellValue(c.v, dateFormat);
}

async function* legacyRows(sheet: DenseSheet, dateFormat: string | undefined): AsyncGenerator<SheetRow> {
  const data = sheet['!data'] ?? [];
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r] ?? [];
    if (row.length > MAX_COLUMNS) throw invalidFile(`Rows are limited to ${MAX_COLUMNS} columns`);
    const cells: CellValue[] = [];
    for (let c = 0; c < row.length; c += 1) cells.push(cell(row[c], dateFormat));
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    yield { number: r + 1, cells };
    if ((r + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
}

export async function* legacySheets(path: string, format: ReadFormat, maxRows: number): AsyncGenerator<SheetReader> {
  const workbook = readWorkbook(await fs.promises.readFile(path), maxRows);
  for (const [index, name] of workbook.SheetNames.entries()) {
    yield { name, index, hasHeader: format.firstRowHeader ?? true, rows: legacyRows(workbook.Sheets[name] as DenseSheet, format.dateFormat) };
  }
}
