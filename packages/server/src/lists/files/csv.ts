/**
 * Delimited text (csv/txt) in both directions: an incremental RFC 4180 parser (quotes, doubled quotes,
 * separators and line breaks inside quotes, CRLF/LF/CR line ends, any separator text) and the separator
 * of an export format.
 */
import type { ExportFormat } from '@portal/contract';

export type SeparatorFormat = Partial<Pick<ExportFormat, 'separator' | 'otherSeparator'>>;

/** comma ',', semicolon ';', tabulator '\t', other → otherSeparator (',' when empty). */
export function separatorText(format: SeparatorFormat): string {
  switch (format.separator) {
    case 'semicolon':
      return ';';
    case 'tabulator':
      return '\t';
    case 'other':
      return format.otherSeparator && format.otherSeparator !== '' ? format.otherSeparator : ',';
    default:
      return ',';
  }
}

const CANDIDATES = [',', ';', '\t'] as const;
export type DetectedSeparator = (typeof CANDIDATES)[number];

/** How often `sep` occurs outside double quotes in each line of `lines`. */
function countsPerLine(lines: string[], sep: string): number[] {
  return lines.map((line) => {
    let n = 0;
    let quoted = false;
    for (const c of line) {
      if (c === '"') quoted = !quoted;
      else if (c === sep && !quoted) n += 1;
    }
    return n;
  });
}

/**
 * The separator a text most likely uses, from its first lines (comma, semicolon or tab): the one found
 * on the most lines the same number of times (a semicolon file whose titles hold commas stays semicolon),
 * then the most frequent; comma when none occurs. A last line cut by the sample is left out.
 */
export function detectSeparator(sample: string): DetectedSeparator {
  let lines = sample.split(/\r\n|\n|\r/);
  if (lines.length > 1) lines = lines.slice(0, -1);
  lines = lines.filter((l) => l.trim() !== '').slice(0, 50);
  let best: DetectedSeparator = ',';
  let bestScore = [0, 0];
  for (const sep of CANDIDATES) {
    const counts = countsPerLine(lines, sep);
    const first = counts[0] ?? 0;
    if (first === 0 && counts.every((c) => c === 0)) continue;
    const consistent = first > 0 ? counts.filter((c) => c === first).length : 0;
    const total = counts.reduce((a, b) => a + b, 0);
    if (consistent > bestScore[0] || (consistent === bestScore[0] && total > bestScore[1])) {
      best = sep;
      bestScore = [consistent, total];
    }
  }
  return best;
}

/** The export format's name of a detected separator. */
export const separatorName = (sep: DetectedSeparator): 'comma' | 'semicolon' | 'tabulator' =>
  sep === ';' ? 'semicolon' : sep === '\t' ? 'tabulator' : 'comma';

/** Feed text with push(); complete rows come back as they end. Call end() once for the last row. */
export class CsvParser {
  private field = '';
  private row: string[] = [];
  private quoted = false;
  /** Inside a quoted field. */
  private inQuotes = false;
  /** A quote seen inside quotes: either the closing one or the first of a doubled pair. */
  private quotePending = false;
  private lastWasCR = false;
  private rowHasContent = false;
  /** The start of a multi-character separator cut by the end of a chunk. */
  private carry = '';

  constructor(private readonly separator: string) {
    if (separator === '' || separator.includes('"') || /[\r\n]/.test(separator)) throw new Error('Invalid separator');
  }

  push(chunk: string): string[][] {
    const text = this.carry + chunk;
    this.carry = '';
    const rows: string[][] = [];
    const sep = this.separator;
    const sepFirst = sep[0];
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (this.lastWasCR) {
        this.lastWasCR = false;
        if (c === '\n') {
          i += 1;
          continue;
        }
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') {
            this.field += '"';
            i += 1;
            continue;
          }
          this.inQuotes = false; // that quote closed the field; c is handled below
        } else {
          if (c === '"') {
            this.quotePending = true;
            i += 1;
            continue;
          }
          // The quoted text up to the next quote, as one slice.
          const end = text.indexOf('"', i);
          const to = end === -1 ? text.length : end;
          this.field += text.slice(i, to);
          i = to;
          continue;
        }
      }
      if (c === '"' && this.field === '' && !this.quoted) {
        this.inQuotes = true;
        this.quoted = true;
        this.rowHasContent = true;
        i += 1;
        continue;
      }
      if (c === sepFirst && sep.length > 1 && i + sep.length > text.length && sep.startsWith(text.slice(i))) {
        this.carry = text.slice(i);
        break;
      }
      if (c === sepFirst && (sep.length === 1 || text.startsWith(sep, i))) {
        this.endField();
        i += sep.length;
        continue;
      }
      if (c === '\n' || c === '\r') {
        this.lastWasCR = c === '\r';
        rows.push(this.endRow());
        i += 1;
        continue;
      }
      // Plain text up to the next quote, separator or line end, as one slice (not a string grown a character
      // at a time, which every later read has to flatten).
      const to = this.plainEnd(text, i + 1);
      this.field += text.slice(i, to);
      this.rowHasContent = true;
      i = to;
    }
    return rows;
  }

  /** Where the plain text from `from` ends: the next quote, line end or first character of the separator. */
  private plainEnd(text: string, from: number): number {
    const sepFirst = this.separator.charCodeAt(0);
    let j = from;
    for (; j < text.length; j += 1) {
      const k = text.charCodeAt(j);
      if (k === 34 || k === 10 || k === 13 || k === sepFirst) break;
    }
    return j;
  }

  end(): string[][] {
    if (this.carry) {
      this.field += this.carry;
      this.rowHasContent = true;
      this.carry = '';
    }
    if (this.quotePending) {
      this.quotePending = false;
      this.inQuotes = false;
    }
    if (!this.rowHasContent && this.row.length === 0 && this.field === '') return [];
    return [this.endRow()];
  }

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.quoted = false;
    this.rowHasContent = true;
  }

  private endRow(): string[] {
    this.row.push(this.field);
    const row = this.row;
    this.row = [];
    this.field = '';
    this.quoted = false;
    this.rowHasContent = false;
    return row;
  }
}
