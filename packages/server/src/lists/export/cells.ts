/**
 * How a value becomes an export cell with the export format (access-shell-dashboard §3): dates with
 * dateFormat, codes with codePrefix/codeSuffix, delimited text quoted per RFC 4180, and texts that a
 * spreadsheet would run as a formula (starting with = + - @ tab or CR) neutralised with a leading "'".
 * Delimited cells are also neutralised piece by piece: a reader using another separator than
 * the file's (Spanish Excel opens a double-clicked csv with ';') or a line break splits the cell, and
 * every piece that would start like a formula gets its own "'" (see neutralizeDelimited).
 */
import type { ExportFormat } from '@portal/contract';
import type { ListColumn } from '../definition';

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralize(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Where a piece of a delimited cell starts that a spreadsheet could run as a formula: the cell's start or
 * right after any common separator (, ; tab |) or line break, followed by a formula character (= + - @ tab
 * CR), possibly after quotes (a reader splitting inside a quoted field sees them as the piece's start).
 * OWASP CSV injection guidance; the file's own separator is quoted, the others are not.
 */
const PIECE_FORMULA_START = /(^|[,;\t|\r\n])(?="*[=+\-@\t\r])/g;
/** Any such piece (the fast paths' test: the ones after a separator; quotes are special there anyway). */
export const SPLIT_FORMULA_START = /[,;\t|\r\n][=+\-@\t\r]/;

/**
 * neutralize() for a delimited cell: a "'" before every piece that any common separator or line break
 * could make start a formula: `;=1+1` → `;'=1+1`, `=1+1;=2+2` → `'=1+1;'=2+2`, `a\n=1+1` → `a\n'=1+1`.
 * Texts neutralize() already changed stay as they are at their start (`'=…` starts with the apostrophe).
 */
export function neutralizeDelimited(text: string): string {
  PIECE_FORMULA_START.lastIndex = 0;
  return PIECE_FORMULA_START.test(text) ? text.replace(PIECE_FORMULA_START, "$1'") : text;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' (library time) or an ISO instant (shown in UTC), read as written. */
function dateParts(value: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!m) return null;
  return {
    year: +m[1],
    month: +m[2],
    day: +m[3],
    hour: +(m[4] ?? 0),
    minute: +(m[5] ?? 0),
    second: +(m[6] ?? 0),
    ms: +(m[7] ?? '0').padEnd(3, '0'),
  };
}

/** moment-style tokens: YYYY YY MM M DD D HH H hh h mm m ss s SSS A a, [literal text]. */
const TOKENS = /\[([^\]]*)\]|YYYY|YY|SSS|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a/g;

export function formatDate(value: string, pattern: string): string {
  const d = dateParts(value);
  if (!d) return value;
  const h12 = d.hour % 12 === 0 ? 12 : d.hour % 12;
  return pattern.replace(TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return pad(d.year, 4);
      case 'YY':
        return pad(d.year % 100);
      case 'MM':
        return pad(d.month);
      case 'M':
        return String(d.month);
      case 'DD':
        return pad(d.day);
      case 'D':
        return String(d.day);
      case 'HH':
        return pad(d.hour);
      case 'H':
        return String(d.hour);
      case 'hh':
        return pad(h12);
      case 'h':
        return String(h12);
      case 'mm':
        return pad(d.minute);
      case 'm':
        return String(d.minute);
      case 'ss':
        return pad(d.second);
      case 's':
        return String(d.second);
      case 'SSS':
        return pad(d.ms, 3);
      case 'A':
        return d.hour < 12 ? 'AM' : 'PM';
      default:
        return d.hour < 12 ? 'am' : 'pm';
    }
  });
}

export type ExportCell = string | number;

/** A value of the list as its export cell (numbers stay numbers; texts are neutralised). */
export function exportCell(value: unknown, col: ListColumn, format: Pick<ExportFormat, 'dateFormat' | 'codePrefix' | 'codeSuffix'>): ExportCell {
  if (value === null || value === undefined || value === '') return '';
  if (col.values) {
    const key = col.type === 'boolean' ? String(Number(value) === 1 || value === true) : String(value);
    if (Object.hasOwn(col.values, key)) return neutralize(col.values[key]);
  }
  if (col.type === 'integer') return Number(value);
  if (col.type === 'boolean') return Number(value) === 1 || value === true ? 'true' : 'false';
  let text = String(value);
  if (col.type === 'timestamp') text = formatDate(text, format.dateFormat || 'YYYY-MM-DD HH:mm:ss');
  if (col.isCode) text = `${format.codePrefix ?? ''}${text}${format.codeSuffix ?? ''}`;
  return neutralize(text);
}

/**
 * A header or cell for delimited output: a text neutralised piece by piece (neutralizeDelimited; numbers
 * stay as they are), quoted when it holds the separator, a quote or a line break.
 */
export function delimitedField(cell: ExportCell, separator: string): string {
  const text = typeof cell === 'number' ? String(cell) : neutralizeDelimited(cell);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Format = Pick<ExportFormat, 'dateFormat' | 'codePrefix' | 'codeSuffix'>;

/**
 * One function per column turning its value into the delimited field, as delimitedField(exportCell(...))
 * gives it, but with a fast path: a text that starts no formula, has no formula start after a common
 * separator or line break, and holds no separator, quote or line break is written as it is after one
 * regular-expression test (the generic path per cell held a
 * million-row csv export at a fraction of the database's own speed).
 */
function delimitedCells(columns: readonly ListColumn[], format: Format, separator: string): ((value: unknown) => string)[] {
  const special = new RegExp(`^[=+\\-@\\t\\r]|${SPLIT_FORMULA_START.source}|["\\r\\n]|${separator.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`);
  // An empty separator is in every text (delimitedField quotes them all): no fast path then.
  const asIs = (col: ListColumn) => separator !== '' && col.type === 'text' && !col.values && (!col.isCode || (!format.codePrefix && !format.codeSuffix));
  return columns.map((col) => {
    const generic = (value: unknown) => delimitedField(exportCell(value, col, format), separator);
    if (!asIs(col)) return generic;
    return (value: unknown) => {
      if (value === null || value === undefined) return '';
      const text = typeof value === 'string' ? value : String(value);
      return special.test(text) ? generic(text) : text;
    };
  });
}

/** One delimited line (with CRLF) per row object: the columns' values by column name. */
export function delimitedLine(columns: readonly ListColumn[], format: Format, separator: string): (row: Record<string, unknown>) => string {
  const cells = delimitedCells(columns, format, separator);
  const keys = columns.map((c) => c.column);
  return (row) => {
    let line = cells.length ? cells[0](row[keys[0]]) : '';
    for (let i = 1; i < cells.length; i += 1) line += separator + cells[i](row[keys[i]]);
    return `${line}\r\n`;
  };
}

/** The same line from a row read as an array: the i-th value is the i-th column's (no object per row). */
export function delimitedArrayLine(columns: readonly ListColumn[], format: Format, separator: string): (row: readonly unknown[]) => string {
  const cells = delimitedCells(columns, format, separator);
  return (row) => {
    let line = cells.length ? cells[0](row[0]) : '';
    for (let i = 1; i < cells.length; i += 1) line += separator + cells[i](row[i]);
    return `${line}\r\n`;
  };
}
