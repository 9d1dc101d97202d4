/**
 * Our xlsx reader against exceljs' reader on real workbooks: exceljs'
 * own writer (shared and rich text, numbers, booleans, errors, formulas, dates in built-in and custom formats,
 * sparse columns, several sheets, the 1904 date system) and LibreOffice's file; and hand-written parts with
 * a namespace prefix, inline strings and entities. A part cut short is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { CellValue } from '@portal/contract';
import { buildZip } from '../testing/zip';
import { cellValue, readSheets } from './sheets';
import { XlsxWorkbook } from './xlsxReader';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-reader-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Sheets = Array<{ name: string; rows: Array<{ number: number; cells: CellValue[] }> }>;

async function ours(file: string, dateFormat?: string): Promise<Sheets> {
  const book = await XlsxWorkbook.open(file);
  try {
    const out: Sheets = [];
    for (const sheet of book.sheets) {
      const rows = [];
      for await (const block of book.rows(sheet, (d) => cellValue(d, dateFormat))) for (const row of block) rows.push({ number: row.number, cells: row.cells });
      out.push({ name: sheet.name, rows });
    }
    return out;
  } finally {
    await book.close();
  }
}

/**
 * exceljs' whole-file reader. Its streaming reader (what imports used before) reads each worksheet it meets
 * before xl/workbook.xml from a temp file, and once in a fresh-clone CI run it met a sheet without the workbook's
 * model; the whole-file reader parses the same parts in any order.
 */
async function exceljs(file: string, dateFormat?: string): Promise<Sheets> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets.map((ws) => {
    const rows: Sheets[number]['rows'] = [];
    ws.eachRow((row, number) => rows.push({ number, cells: Array.from((row.values as unknown[]).slice(1), (v) => cellValue(v, dateFormat)) }));
    return { name: ws.name, rows };
  });
}

async function written(name: string, fill: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

it('reads what exceljs read from a varied workbook of exceljs, in both date systems', async () => {
  for (const date1904 of [false, true]) {
    const file = await written(`varied-${date1904}.xlsx`, (wb) => {
      wb.properties.date1904 = date1904;
      const s = wb.addWorksheet('Fondo & más');
      s.addRow(['code', 'objectId', 'title', 'year', 'when']);
      s.addRow(['BC1', 'E<1>', { richText: [{ text: 'Título ' }, { font: { bold: true }, text: 'rico' }] }, 1999, new Date(Date.UTC(2024, 1, 29))]);
      s.addRow([12345678901234, null, true, { formula: 'D2+1', result: 2000 }, new Date(Date.UTC(2026, 10, 23, 10, 30, 5))]);
      s.addRow([]);
      s.getCell('A5').value = 'solo';
      s.getCell('H5').value = 'far';
      s.getCell('C6').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
      s.getCell('D6').value = { formula: 'CONCATENATE("a","b")', result: 'ab' };
      s.getCell('E6').value = 45000.5;
      s.getCell('E6').numFmt = 'dd/mm/yyyy hh:mm';
      s.getCell('F6').value = 0.25;
      s.getCell('F6').numFmt = '0.00%';
      wb.addWorksheet('Second').addRow(['x', 'y "quoted"', "it's"]);
    });
    expect(await ours(file)).toEqual(await exceljs(file));
    expect(await ours(file, 'DD/MM/YYYY')).toEqual(await exceljs(file, 'DD/MM/YYYY'));
  }
});

it("reads LibreOffice's workbook with date cells as exceljs did", async () => {
  const file = path.join(__dirname, 'fixtures', 'libreoffice-dates.xlsx');
  const mine = await ours(file);
  expect(mine).toEqual(await exceljs(file));
  expect(mine[0]!.rows.length).toBeGreaterThan(1);
});

const WORKBOOK =
  '<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="A &amp; B" sheetId="7" r:id="rId3"/></x:sheets></x:workbook>';
const RELS =
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>';
const sheet = (rows: string) =>
  `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${rows}</x:sheetData></x:worksheet>`;

/** A workbook of `rows`, with the shared strings `strings` when given (xl/sharedStrings.xml, found without a relationship). */
function zipped(name: string, rows: string, strings?: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    buildZip([
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', data: RELS },
      ...(strings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', data: strings }]),
      { name: 'xl/worksheets/data.xml', data: sheet(rows) },
    ]),
  );
  return file;
}

it('reads prefixed parts, inline strings, entities and rows without numbers', async () => {
  const file = await zipped(
    'prefixed.xlsx',
    '<x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>a &lt;b&gt; &#233;&#x20AC;</x:t></x:is></x:c></x:row><x:row><x:c t="str"><x:v>next</x:v></x:c><x:c/><x:c t="b"><x:v>0</x:v></x:c></x:row><x:row r="9"/>',
  );
  expect(await ours(file)).toEqual([
    {
      name: 'A & B',
      rows: [
        { number: 2, cells: [null, 'a <b> é€'] },
        { number: 3, cells: ['next', null, false] },
        { number: 9, cells: [] },
      ],
    },
  ]);
});

it('refuses a sheet whose cell or row is not closed', async () => {
  for (const rows of ['<x:row r="1"><x:c t="str"><x:v>a</x:v></x:row>', '<x:row r="1"><x:c t="str"><x:v>a</x:v></x:c>']) {
    const file = await zipped('cut.xlsx', rows);
    await expect(ours(file)).rejects.toThrow(/unexpected close tag/);
  }
});

it('counting only (readFile past its preview) tells filled rows as reading every cell does', async () => {
  const rows = Array.from({ length: 40 }, (_, i) => {
    const r = i + 1;
    if (r % 5 === 0) return `<x:row r="${r}"><x:c r="A${r}" s="1"/><x:c r="B${r}" t="str"><x:v></x:v></x:c></x:row>`;
    if (r % 7 === 0) return `<x:row r="${r}"><x:c r="C${r}" t="b"><x:v>0</x:v></x:c></x:row>`;
    if (r % 9 === 0) return `<x:row r="${r}"><x:c r="D${r}" t="inlineStr"><x:is><x:t>in</x:t></x:is></x:c></x:row>`;
    return `<x:row r="${r}"><x:c r="A${r}"><x:v>${r}</x:v></x:c></x:row>`;
  }).join('');
  const file = await zipped('count.xlsx', rows);
  const filled = async (countOnly: boolean) => {
    const book = await XlsxWorkbook.open(file);
    try {
      const out: boolean[] = [];
      for await (const block of book.rows(book.sheets[0]!, (d) => d.toISOString(), { countOnly })) {
        for (const row of block) out.push(row.filled ?? row.cells.some((c) => c !== null && c !== ''));
      }
      return out;
    } finally {
      await book.close();
    }
  };
  const counted = await filled(true);
  expect(counted).toEqual(await filled(false));
  expect(counted.filter((f) => !f)).toHaveLength(8);
});

it('closes the sheet part at once when its rows are abandoned (a cancelled or refused import), not at garbage collection', async () => {
  const file = await written('abandoned.xlsx', (wb) => {
    const ws = wb.addWorksheet('Items');
    for (let i = 1; i <= 20_000; i += 1) ws.addRow([`C${i}`, `Título ${i}`, i]);
  });
  const meta = { owner: 1, name: 'abandoned.xlsx', format: 'xlsx' as const, encoding: 'utf-8' as const, size: fs.statSync(file).size, createdAt: '' };
  // The descriptors this process holds on the file (others of the test process open and close meanwhile).
  const openOnFile = () =>
    fs.readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false; // closed meanwhile (the directory's own descriptor among them)
      }
    }).length;
  for (let i = 0; i < 5; i += 1) {
    for await (const sheet of readSheets(file, meta, {})) {
      for await (const block of sheet.rows) if (block.some((row) => row.number === 10)) break;
    }
  }
  // A destroyed stream closes its descriptor a moment later; an abandoned one never does.
  for (let wait = 0; wait < 50 && openOnFile() > 0; wait += 1)
    await new Promise((resolve) => {
      setTimeout(resolve, 20);
    });
  expect(openOnFile()).toBe(0);
});

const sst = (texts: string[]) =>
  `<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts.map((t) => `<x:si><x:t>${t}</x:t></x:si>`).join('')}</x:sst>`;

it('reads shared strings in any order, as the rows come to want them', async () => {
  const texts = Array.from({ length: 20_000 }, (_, i) => `text ${i} ${'x'.repeat(i % 50)}`);
  // Each row wants a string from the end and one from the start; rows without numbers: a block read twice keeps its numbering.
  const rows = Array.from(
    { length: 10_000 },
    (_, i) => `<x:row><x:c t="s"><x:v>${texts.length - 1 - i}</x:v></x:c><x:c t="s"><x:v>${i}</x:v></x:c></x:row>`,
  ).join('');
  const [read] = await ours(zipped('strings-order.xlsx', rows, sst(texts)));
  expect(read!.rows).toHaveLength(10_000);
  read!.rows.forEach((row, i) => expect(row).toEqual({ number: i + 1, cells: [texts[texts.length - 1 - i], texts[i]] }));
});

it('a preview reads only the shared strings its first rows want', async () => {
  const texts = Array.from({ length: 100_000 }, (_, i) => `string number ${i} ${(i * 7919) % 10007}`);
  // The last row, far past the first block of rows, wants the last string.
  const rows = Array.from({ length: 5000 }, (_, i) => `<x:row r="${i + 1}"><x:c t="s"><x:v>${i < 4999 ? i : texts.length - 1}</x:v></x:c></x:row>`).join('');
  const file = zipped('strings-cut.xlsx', rows, sst(texts));
  // The strings' packed bytes past their first 256 KB overwritten: only a reader reading them to the end fails.
  const zip = fs.readFileSync(file);
  const packed = deflateRawSync(Buffer.from(sst(texts)), { level: 9 });
  const at = zip.indexOf(packed);
  expect(at).toBeGreaterThan(0);
  zip.fill(0xff, at + 256 * 1024, at + packed.length);
  fs.writeFileSync(file, zip);
  const preview = async () => {
    const book = await XlsxWorkbook.open(file);
    try {
      const mode = { countOnly: false };
      const cells: CellValue[] = [];
      let filled = 0;
      for await (const block of book.rows(book.sheets[0]!, (d) => d.toISOString(), mode)) {
        for (const row of block) {
          if (cells.length < 20) cells.push(row.cells[0]!);
          if (cells.length === 20) mode.countOnly = true;
          if (row.filled ?? row.cells.length > 0) filled += 1;
        }
      }
      return { cells, filled };
    } finally {
      await book.close();
    }
  };
  expect(await preview()).toEqual({ cells: texts.slice(0, 20), filled: 5000 });
  await expect(ours(file)).rejects.toThrow();
});

it('refuses a part it would hold in memory past its cap, wherever the workbook puts it', async () => {
  // Shared strings at a path of their own (the upload's check caps xl/sharedStrings.xml by name).
  const rels = RELS.replace(
    '</Relationships>',
    '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings/all.xml"/></Relationships>',
  );
  const strings = sst(Array.from({ length: 5000 }, (_, i) => `string ${i}`));
  const file = path.join(dir, 'held.xlsx');
  fs.writeFileSync(
    file,
    buildZip([
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', data: rels },
      { name: 'xl/strings/all.xml', data: strings },
      { name: 'xl/worksheets/data.xml', data: sheet('<x:row r="1"><x:c t="s"><x:v>1</x:v></x:c></x:row>') },
    ]),
  );
  const first = async (maxHeldBytes: number) => {
    const book = await XlsxWorkbook.open(file, maxHeldBytes);
    try {
      for await (const block of book.rows(book.sheets[0]!, (d) => d.toISOString())) return block[0]!.cells;
      return null;
    } finally {
      await book.close();
    }
  };
  expect(await first(strings.length)).toEqual(['string 1']);
  await expect(first(strings.length - 1)).rejects.toMatchObject({ statusCode: 413, code: 'ARCHIVE_TOO_LARGE' });
  // The workbook part itself (read whole when the file opens).
  await expect(XlsxWorkbook.open(file, WORKBOOK.length - 1)).rejects.toMatchObject({ statusCode: 413, code: 'ARCHIVE_TOO_LARGE' });
});
