/**
 * Our own streaming xlsx reader (exceljs was slow on large files and built an object per cell):
 * the zip's parts are inflated through yauzl (the upload's zip check, ./zipGuard, already passed), the shared
 * strings are kept as plain strings, and the sheet XML is scanned row by row as it inflates — no XML tree, no
 * cell objects. Values are what exceljs gave: shared and inline strings, numbers, booleans, errors as their
 * text, formulas as their cached result, numbers in a date format (built-in 14-22 and 45-47, or a custom code
 * with date letters outside quotes and brackets) as dates of the 1900 or 1904 system.
 */
import type { ZipFile } from 'yauzl';
import type { CellValue } from '@portal/contract';
import { checkHeldPart, DEFAULT_ZIP_LIMITS, openPart, openZip, type ZipPart } from './zipGuard';

export interface XlsxSheetPart {
  name: string;
  /** Position in the workbook. */
  index: number;
  path: string;
}

export interface XlsxRow {
  number: number;
  cells: CellValue[];
  /** 1-based column of the last cell with a value (0 for none). */
  width: number;
  /** Rows read in count-only mode: no cells, whether any holds a value (a shared string '' counts as one). */
  filled?: boolean;
}

/** Thrown for a workbook this reader cannot make sense of (the caller turns it into 400 INVALID_FILE). */
export class XlsxFormatError extends Error {}

const P = '(?:[\\w.-]+:)?';
const tag = (name: string) => new RegExp(`<${P}${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}${name}>)`, 'g');
const ROW = tag('row');
const CELL = tag('c');
const SI = tag('si');
const ROW_START = new RegExp(`<${P}row[\\s/>]`);
const CELL_START = new RegExp(`<${P}c[\\s/>]`);
const VALUE = new RegExp(`<${P}v>([^<]*)</${P}v>`);
const FORMULA = new RegExp(`<${P}f\\b`);
const TEXT = new RegExp(`<${P}t(?:\\s[^>]*)?>([^<]*)</${P}t>`, 'g');
const PHONETIC = new RegExp(`<${P}rPh\\b[\\s\\S]*?</${P}rPh>`, 'g');

const attrPatterns = new Map<string, RegExp>();
const attr = (attrs: string, name: string): string | undefined => {
  let pattern = attrPatterns.get(name);
  if (!pattern) attrPatterns.set(name, (pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = pattern.exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
};

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
export const xmlText = (s: string): string =>
  s.includes('&')
    ? s.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
        hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : NAMED[name!]!,
      )
    : s;

/** The text of an <si> or <is>: every <t> run in order, phonetic runs left out. */
const runsText = (xml: string) => {
  let out = '';
  for (const m of xml.replace(PHONETIC, '').matchAll(TEXT)) out += m[1];
  return xmlText(out);
};

const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** 1-based column of a cell reference's letters ("AB12" → 28); 0 when there are none. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

async function* entryText(zip: ZipFile, part: ZipPart): AsyncGenerator<string> {
  if (part.entry.compressedSize === 0) return;
  const decoder = new TextDecoder('utf-8');
  const stream = await openPart(zip, part);
  try {
    for await (const chunk of stream) yield decoder.decode(chunk as Buffer, { stream: true });
    yield decoder.decode();
  } finally {
    stream.destroy();
  }
}

/** Where the last closing tag </name> (or </prefix:name>) in `text` ends; -1 when there is none. */
function lastClose(text: string, name: string): number {
  const needle = `${name}>`;
  for (let at = text.lastIndexOf(needle); at >= 0; at = text.lastIndexOf(needle, at - 1)) {
    const open = text.lastIndexOf('<', at);
    if (open >= 0 && text.charCodeAt(open + 1) === 47 /* / */ && /^[\w.-]*:?$/.test(text.slice(open + 2, at))) return at + needle.length;
    if (at === 0) break;
  }
  return -1;
}

/** The part's text in blocks that end after a complete </name> element (the rest follows in the next block). */
async function* elements(text: AsyncIterable<string>, name: string): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of text) {
    buffer += chunk;
    const end = lastClose(buffer, name);
    if (end < 0) continue;
    yield buffer.slice(0, end);
    buffer = buffer.slice(end);
  }
  yield buffer;
}

export class XlsxWorkbook {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, ZipPart>,
    readonly sheets: XlsxSheetPart[],
    private readonly date1904: boolean,
    private readonly rels: Map<string, string>,
    private readonly maxHeldBytes: number,
  ) {}

  /** The shared strings read so far, in order; `stringBlocks` reads on (null once none are left). */
  private readonly sharedStrings: string[] = [];
  private stringBlocks: AsyncGenerator<string> | null | undefined;
  private dateStyles: boolean[] | null = null;

  /** `maxHeldBytes`: the largest part read into memory (the workbook, its relationships, styles and shared strings). */
  static async open(path: string, maxHeldBytes = DEFAULT_ZIP_LIMITS.maxSharedStringsBytes): Promise<XlsxWorkbook> {
    const { zip, parts } = await openZip(path);
    try {
      const byName = new Map(parts.map((p) => [p.name.replace(/^\//, ''), p]));
      const whole = async (name: string): Promise<string | null> => {
        const entry = byName.get(name);
        if (!entry) return null;
        checkHeldPart(entry, maxHeldBytes);
        let text = '';
        for await (const chunk of entryText(zip, entry)) text += chunk;
        return text;
      };
      const workbook = await whole('xl/workbook.xml');
      if (workbook === null) throw new XlsxFormatError('no xl/workbook.xml');
      const rels = new Map<string, string>();
      for (const m of ((await whole('xl/_rels/workbook.xml.rels')) ?? '').matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
        const id = attr(m[1]!, 'Id');
        const target = attr(m[1]!, 'Target');
        const type = attr(m[1]!, 'Type') ?? '';
        if (!id || !target) continue;
        const resolved = target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/[^/]+\/\.\.\//g, '');
        rels.set(id, resolved);
        if (/\/sharedStrings$/.test(type)) rels.set('#sharedStrings', resolved);
        if (/\/styles$/.test(type)) rels.set('#styles', resolved);
      }
      const sheets: XlsxSheetPart[] = [];
      for (const m of workbook.matchAll(/<(?:[\w.-]+:)?sheet\b([^>]*)>/g)) {
        const id = attr(m[1]!, '[\\w.-]+:id');
        // Without the workbook's relationships, worksheets/sheet<sheetId>.xml (as exceljs found them).
        const part = (id ? rels.get(id) : undefined) ?? `xl/worksheets/sheet${attr(m[1]!, 'sheetId') ?? sheets.length + 1}.xml`;
        if (!byName.has(part)) continue;
        sheets.push({ name: xmlText(attr(m[1]!, 'name') ?? `Sheet${sheets.length + 1}`), index: sheets.length, path: part });
      }
      const pr = /<(?:[\w.-]+:)?workbookPr\b([^>]*)>/.exec(workbook);
      const date1904 = /^(1|true)$/.test((pr && attr(pr[1]!, 'date1904')) ?? '');
      const book = new XlsxWorkbook(zip, byName, sheets, date1904, rels, maxHeldBytes);
      book.dateStyles = await book.readStyles(whole);
      return book;
    } catch (e) {
      zip.close();
      throw e;
    }
  }

  /** The file closes once a sheet's rows still being read are done too. */
  async close(): Promise<void> {
    await this.stringBlocks?.return(undefined);
    this.zip.close();
  }

  private async readStyles(whole: (name: string) => Promise<string | null>): Promise<boolean[]> {
    const styles = await whole(this.rels.get('#styles') ?? 'xl/styles.xml');
    if (!styles) return [];
    const custom = new Map<number, string>();
    for (const m of styles.matchAll(/<(?:[\w.-]+:)?numFmt\b([^>]*)>/g)) {
      custom.set(Number(attr(m[1]!, 'numFmtId')), xmlText(attr(m[1]!, 'formatCode') ?? ''));
    }
    const xfs = new RegExp(`<${P}cellXfs\\b[^>]*>([\\s\\S]*?)</${P}cellXfs>`).exec(styles)?.[1] ?? '';
    return [...xfs.matchAll(/<(?:[\w.-]+:)?xf\b([^>]*)>/g)].map((m) => {
      const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
      const code = custom.get(id);
      return code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id);
    });
  }

  /**
   * Reads the shared strings on, in order, until string `index` is read or none are left. They are read as the
   * rows want them: a preview's first rows want only the first few (a 100,000-row sheet's strings took longer to
   * read than counting its rows).
   */
  private async readStrings(index: number): Promise<void> {
    if (this.stringBlocks === undefined) {
      const entry = this.entries.get(this.rels.get('#sharedStrings') ?? 'xl/sharedStrings.xml');
      if (entry) checkHeldPart(entry, this.maxHeldBytes);
      this.stringBlocks = entry ? elements(entryText(this.zip, entry), 'si') : null;
    }
    while (this.stringBlocks && this.sharedStrings.length <= index) {
      const next = await this.stringBlocks.next();
      if (next.done) this.stringBlocks = null;
      else for (const m of next.value.matchAll(SI)) this.sharedStrings.push(m[2] === undefined ? '' : runsText(m[2]));
    }
  }

  /**
   * The sheet's rows as they inflate, a block at a time, with `date` making a workbook date into a cell value;
   * once `mode.countOnly` is set, the next blocks' rows come without cells (counting them is 3x faster).
   */
  async *rows(sheet: XlsxSheetPart, date: (value: Date) => CellValue, mode: { countOnly: boolean } = { countOnly: false }): AsyncGenerator<XlsxRow[]> {
    const entry = this.entries.get(sheet.path);
    if (!entry) throw new XlsxFormatError(`no part ${sheet.path}`);
    const strings = this.sharedStrings;
    const state: SheetState = { strings, wanted: -1, dateStyles: this.dateStyles ?? [], offset: this.date1904 ? 1462 : 0, date, number: 0 };
    for await (const block of elements(entryText(this.zip, entry), 'row')) {
      if (mode.countOnly) {
        yield rowsOf(block, state, true);
        continue;
      }
      const number = state.number;
      const rows = rowsOf(block, state, false);
      if (state.wanted < strings.length || this.stringBlocks === null) {
        yield rows;
        continue;
      }
      // A string not read yet: read on (at least twice as many, so few blocks are read twice) and read the block again.
      await this.readStrings(Math.max(state.wanted, 2 * strings.length));
      state.number = number;
      yield rowsOf(block, state, false);
    }
  }
}

interface SheetState {
  /** The shared strings read so far; `wanted`: the highest index a cell wanted (-1 for none). */
  strings: string[];
  wanted: number;
  dateStyles: boolean[];
  offset: number;
  date: (value: Date) => CellValue;
  /** The last row's number. */
  number: number;
}

/** Text between two elements may hold anything but the start of another one (which would not have been closed). */
function checkGap(text: string, from: number, to: number, start: RegExp, what: string, number: number): void {
  if (to > from && text.slice(from, to).search(start) >= 0) throw new XlsxFormatError(`unexpected close tag near row ${number}: a ${what} is not closed`);
}

/** A value or a text run with something in it. */
const FILLED = new RegExp(`<${P}(?:v|t(?:\\s[^>]*)?)>[^<]`);

function rowsOf(block: string, state: SheetState, countOnly: boolean): XlsxRow[] {
  const rows: XlsxRow[] = [];
  const rowPattern = new RegExp(ROW);
  let end = 0;
  for (let r = rowPattern.exec(block); r; r = rowPattern.exec(block)) {
    checkGap(block, end, r.index, ROW_START, 'row', state.number);
    end = rowPattern.lastIndex;
    const rowRef = attr(r[1]!, 'r');
    state.number = rowRef ? Number(rowRef) : state.number + 1;
    if (countOnly) rows.push({ number: state.number, cells: [], width: 0, filled: r[2] !== undefined && FILLED.test(r[2]) });
    else rows.push(r[2] === undefined ? { number: state.number, cells: [], width: 0 } : cellsOf(r[2], state));
  }
  checkGap(block, end, block.length, ROW_START, 'row', state.number);
  return rows;
}

function cellsOf(xml: string, state: SheetState): XlsxRow {
  const cells: CellValue[] = [];
  let col = 0;
  let width = 0;
  let end = 0;
  const cellPattern = new RegExp(CELL);
  for (let c = cellPattern.exec(xml); c; c = cellPattern.exec(xml)) {
    checkGap(xml, end, c.index, CELL_START, 'cell', state.number);
    end = cellPattern.lastIndex;
    const attrs = c[1]!;
    const ref = attr(attrs, 'r');
    col = ref ? columnOf(ref) : col + 1;
    const body = c[2];
    if (body === undefined) continue;
    const value = cellOf(attrs, body, state);
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) continue;
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = value;
    width = Math.max(width, col);
  }
  checkGap(xml, end, xml.length, CELL_START, 'cell', state.number);
  return { number: state.number, cells, width };
}

function cellOf(attrs: string, body: string, state: SheetState): CellValue {
  const type = attr(attrs, 't');
  const raw = VALUE.exec(body)?.[1];
  if (FORMULA.test(body)) return raw === undefined ? null : type === 'str' ? xmlText(raw) : parseFloat(raw);
  if (type === 'inlineStr') return runsText(body);
  if (raw === undefined) return null;
  switch (type) {
    case 's': {
      const index = parseInt(raw, 10);
      if (index >= state.strings.length) state.wanted = Math.max(state.wanted, index);
      return state.strings[index] ?? null;
    }
    case 'str':
    case 'e':
      return xmlText(raw);
    case 'b':
      return parseInt(raw, 10) !== 0;
    default: {
      const n = parseFloat(raw);
      const s = attr(attrs, 's');
      return s !== undefined && state.dateStyles[Number(s)] ? state.date(new Date(Math.round((n - 25569 + state.offset) * 86_400_000))) : n;
    }
  }
}
