import type { ListColumn } from '../definition';
import { delimitedArrayLine, delimitedField, delimitedLine, exportCell, formatDate, neutralize, neutralizeDelimited } from './cells';

const format = { dateFormat: 'DD/MM/YYYY HH:mm', codePrefix: '<', codeSuffix: '>' };

describe('export cells', () => {
  it('neutralises texts a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralize(text)).toBe(`'${text}`);
    expect(neutralize('a=1')).toBe('a=1');
    expect(neutralize("'=x")).toBe("'=x");
  });

  it('neutralises every piece another separator or a line break could make start a formula', () => {
    expect(neutralizeDelimited(';=1+1')).toBe(";'=1+1");
    expect(neutralizeDelimited('=1+1;=2+2')).toBe("'=1+1;'=2+2");
    expect(neutralizeDelimited('a\n=1+1')).toBe("a\n'=1+1");
    expect(neutralizeDelimited(',=1+1')).toBe(",'=1+1");
    expect(neutralizeDelimited('a|@SUM(A1)\t-2\r+3,"=4')).toBe("a|'@SUM(A1)\t'-2\r'+3,'\"=4");
    expect(neutralizeDelimited('a;\t=1')).toBe("a;'\t'=1");
    // Already neutralised at the start, plain texts and formula characters inside a piece stay as they are.
    for (const text of ["'=1+1", 'a=1', '10-20', 'x; y', 'Canción, "larga"', "'+34 600;tab\tx", '']) expect(neutralizeDelimited(text)).toBe(text);
  });

  it('writes delimited cells that no common separator or line break turns into a formula', () => {
    expect(delimitedField(';=1+1', ',')).toBe(";'=1+1");
    expect(delimitedField('=1+1;=2+2', ',')).toBe("'=1+1;'=2+2");
    expect(delimitedField('a\n=1+1', ',')).toBe('"a\n\'=1+1"');
    expect(delimitedField(',=1+1', ';')).toBe(",'=1+1");
    expect(delimitedField(',=1+1', ',')).toBe('",\'=1+1"');
    expect(delimitedField(';=1+1', ';')).toBe('";\'=1+1"');
    // Numbers stay numbers.
    expect(delimitedField(-5, ';')).toBe('-5');
    const col: ListColumn = { column: 'field1', type: 'text' };
    for (const separator of [',', ';']) {
      const line = delimitedLine([col, col], format, separator);
      const arrayLine = delimitedArrayLine([col, col], format, separator);
      for (const [value, cell] of [
        [';=1+1', ";'=1+1"],
        ['=1+1;=2+2', "'=1+1;'=2+2"],
        ['a\n=1+1', "a\n'=1+1"],
        [',=1+1', ",'=1+1"],
        ['-5', "'-5"],
      ]) {
        const field = cell.includes(separator) || cell.includes('\n') ? `"${cell}"` : cell;
        expect(line({ field1: value })).toBe(`${field}${separator}${field}\r\n`);
        expect(arrayLine([value, value])).toBe(`${field}${separator}${field}\r\n`);
      }
    }
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
      { column: 'code', type: 'text', isCode: true },
      { column: 'field1', type: 'text' },
      { column: 'id', type: 'integer' },
      { column: 'auto_sync', type: 'boolean' },
      { column: 'last_sync', type: 'timestamp' },
    ];
    const texts = [
      'plain',
      '',
      null,
      undefined,
      '=1+1',
      ';=1+1',
      '=1+1;=2+2',
      'a\n=1+1',
      ',=1+1',
      'a|-b',
      'a\t+b',
      'x,"=y',
      '+34',
      '-x',
      '@a',
      '\tx',
      '\rx',
      'a,b',
      'a;b',
      'a|b',
      'a.b',
      'say "hi"',
      'two\nlines',
      'Canción',
      42,
      '2024-01-02T03:04:05.000Z',
    ];
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
