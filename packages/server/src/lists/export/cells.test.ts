import type { ListColumn } from '../definition';
import { delimitedArrayLine, delimitedField, delimitedLine, exportCell, formatDate, neutralize } from './cells';

const format = { dateFormat: 'DD/MM/YYYY HH:mm', codePrefix: '<', codeSuffix: '>' };

describe('export cells', () => {
  it('neutralises texts a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralize(text)).toBe(`'${text}`);
    expect(neutralize('a=1')).toBe('a=1');
    expect(neutralize("'=x")).toBe("'=x");
  });

  it('formats dates with moment-style tokens and literals', () => {
    expect(formatDate('2024-03-05 07:08:09', 'YYYY-MM-DD HH:mm:ss')).toBe('2024-03-05 07:08:09');
    expect(formatDate('2024-03-05T17:08:09.120Z', 'D/M/YY h:m:s A SSS')).toBe('5/3/24 5:8:9 PM 120');
    expect(formatDate('2024-03-05', '[Day] DD')).toBe('Day 05');
    expect(formatDate('not a date', 'YYYY')).toBe('not a date');
  });

  it('applies code prefix/suffix to codes only, date format to timestamps, and neutralises after', () => {
    expect(exportCell('123', { column: 'code', type: 'text', isCode: true }, format)).toBe('<123>');
    expect(exportCell('=HYPERLINK()', { column: 'code', type: 'text', isCode: true }, { ...format, codePrefix: '', codeSuffix: '' })).toBe("'=HYPERLINK()");
    expect(exportCell('2024-01-02T03:04:05.000Z', { column: 'last_sync', type: 'timestamp' }, format)).toBe('02/01/2024 03:04');
    expect(exportCell(null, { column: 'field1', type: 'text' }, format)).toBe('');
    expect(exportCell(7, { column: 'id', type: 'integer' }, format)).toBe(7);
    expect(exportCell(1, { column: 'auto_sync', type: 'boolean' }, format)).toBe('true');
  });

  it('quotes delimited fields holding the separator, quotes or line breaks', () => {
    expect(delimitedField('a,b', ',')).toBe('"a,b"');
    expect(delimitedField('a;b', ',')).toBe('a;b');
    expect(delimitedField('say "hi"', ';')).toBe('"say ""hi"""');
    expect(delimitedField('two\nlines', '\t')).toBe('"two\nlines"');
    expect(delimitedField(5, ',')).toBe('5');
  });

  it('writes a delimited line exactly as the generic cell path does, fast path or not', () => {
    const columns: ListColumn[] = [
      { column: 'code', type: 'text', isCode: true }, { column: 'field1', type: 'text' }, { column: 'id', type: 'integer' },
      { column: 'auto_sync', type: 'boolean' }, { column: 'last_sync', type: 'timestamp' },
    ];
    const texts = ['plain', '', null, undefined, '=1+1', '+34', '-x', '@a', '\tx', '\rx', 'a,b', 'a;b', 'a|b', 'a.b', 'say "hi"', 'two\nlines', 'Canción', 42, '2024-01-02T03:04:05.000Z'];
    for (const separator of [',', ';', '\t', '|', '.', '']) {
      for (const fmt of [format, { ...format, codePrefix: '', codeSuffix: '' }]) {
        const line = delimitedLine(columns, fmt, separator);
        const arrayLine = delimitedArrayLine(columns, fmt, separator);
        for (const text of texts) {
          const row = { code: text, field1: text, id: 7, auto_sync: 1, last_sync: text };
          const generic = `${columns.map((c) => delimitedField(exportCell(row[c.column as keyof typeof row], c, fmt), separator)).join(separator)}\r\n`;
          expect([separator, text, line(row)]).toEqual([separator, text, generic]);
          // The export's fast path reads rows as arrays of the exported columns.
          expect([separator, text, arrayLine(columns.map((c) => row[c.column as keyof typeof row]))]).toEqual([separator, text, generic]);
        }
      }
    }
  });
});
