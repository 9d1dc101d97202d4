/**
 * The export's own xlsx writer, checked on real files: written to disk and read back by two independent
 * readers (exceljs and SheetJS) and, where LibreOffice is installed (`soffice`; always on CI), converted by LibreOffice to
 * csv and compared cell by cell. The sheet is written in several pieces (as an export writes batches), so
 * the joined deflate stream and the zip's data descriptor are exercised.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { ExportCell } from './cells';
import { columnName, sheetRow, xlsxFile, xmlText } from './xlsxWriter';
import { convertWithLibreOffice, itWithLibreOffice } from '../../testing/libreOffice';

jest.setTimeout(180_000);

const tricky = [
  'plain',
  'Canción, "larga"',
  'dos\nlíneas',
  '  leading and trailing  ',
  'a & b <c> d',
  "'=2+2",
  'tab\there',
  'ctrl\u0001char',
  '日本語 עברית',
  '_x0041_',
];

/** Rows: numbers, empty cells, every tricky text, and 30 columns (AA, AB, AC, AD). */
function sampleRows(count: number): ExportCell[][] {
  const rows: ExportCell[][] = [];
  for (let r = 0; r < count; r += 1) {
    const row: ExportCell[] = [];
    for (let c = 0; c < 30; c += 1) row.push(c === 0 ? r + 1 : c === 1 ? '' : c === 2 ? 3.5 : `${tricky[(r + c) % tricky.length]}`);
    rows.push(row);
  }
  return rows;
}

async function writeFile(rows: ExportCell[][], file: string, perPiece: number): Promise<void> {
  const names = Array.from({ length: 30 }, (_, i) => columnName(i));
  async function* pieces(): AsyncGenerator<string> {
    for (let i = 0; i < rows.length; i += perPiece) {
      yield rows
        .slice(i, i + perPiece)
        .map((row, j) => sheetRow(i + j + 1, row, names))
        .join('');
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxFile(pieces())) chunks.push(chunk);
  fs.writeFileSync(file, Buffer.concat(chunks));
}

/** What a reader should see: '' cells are absent, control characters come back as written. */
const expected = (rows: ExportCell[][]) => rows.map((row) => row.map((cell) => (cell === '' ? null : cell)));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-writer-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('xlsx writer', () => {
  it('names columns and escapes XML', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlText('a & <b>')).toBe('a &amp; &lt;b&gt;');
    expect(xmlText('x\u0001y')).toBe('x_x0001_y');
    expect(xmlText('_x0041_ _x12_')).toBe('_x005F_x0041_ _x12_');
  });

  it('writes a file that exceljs and SheetJS read back cell for cell', async () => {
    const rows = sampleRows(1_200);
    const file = path.join(dir, 'readers.xlsx');
    await writeFile(rows, file, 500);
    const want = expected(rows);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const viaExcelJs: unknown[][] = [];
    wb.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
      viaExcelJs.push(Array.from({ length: 30 }, (_, c) => row.getCell(c + 1).value ?? null));
    });
    // exceljs leaves OOXML's _xHHHH_ escapes as written; SheetJS decodes them (checked below).
    const raw: Record<string, string> = { ctrl_x0001_char: 'ctrl\u0001char', _x005F_x0041_: '_x0041_' };
    expect(viaExcelJs.map((r) => r.map((v) => (typeof v === 'string' && raw[v] ? raw[v] : v)))).toEqual(want);

    const sheet = XLSX.read(fs.readFileSync(file)).Sheets.Export;
    const viaSheetJs = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
    expect(viaSheetJs).toEqual(want);
  });

  itWithLibreOffice('opens in LibreOffice: its csv conversion holds every cell', async () => {
    const rows = sampleRows(300).map((row) => row.map((cell) => (cell === 'ctrl\u0001char' ? 'ctrl char' : cell)));
    const file = path.join(dir, 'libreoffice.xlsx');
    await writeFile(rows, file, 64);
    // 44,34,76: comma, double quote, UTF-8.
    convertWithLibreOffice([file], dir, 'csv:Text - txt - csv (StarCalc):44,34,76');
    const csv = XLSX.read(fs.readFileSync(path.join(dir, 'libreoffice.csv'), 'utf8'), { type: 'string', raw: true });
    const back = XLSX.utils.sheet_to_json<unknown[]>(csv.Sheets[csv.SheetNames[0]], { header: 1, defval: null, raw: true });
    expect(back.map((r) => r.map((v) => (v === null ? null : String(v))))).toEqual(expected(rows).map((r) => r.map((v) => (v === null ? null : String(v)))));
  });
});
