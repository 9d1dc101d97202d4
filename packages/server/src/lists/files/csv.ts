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
    case 'semicolon': return ';';
    case 'tabulator': return '\t';
    case 'other': return format.otherSeparator && format.otherSeparator !== '' ? format.otherSeparator : ',';
    default: return ',';
  }
}

/** The separator a header line most likely uses (sync payloads carry no format). */
export function detectSeparator(firstLine: string): string {
  const counts: Array<[string, number]> = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

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
        if (c === '\n') { i += 1; continue; }
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') { this.field += '"'; i += 1; continue; }
          this.inQuotes = false; // that quote closed the field; c is handled below
        } else {
          if (c === '"') { this.quotePending = true; i += 1; continue; }
          this.field += c;
          i += 1;
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
      this.field += c;
      this.rowHasContent = true;
      i += 1;
    }
    return rows;
  }

  end(): string[][] {
    if (this.carry) {
      this.field += this.carry;
      this.rowHasContent = true;
      this.carry = '';
    }
    if (this.quotePending) { this.quotePending = false; this.inQuotes = false; }
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
