import { CsvParser, detectSeparator, separatorText } from './csv';

const parse = (text: string, separator = ',', chunk = text.length) => {
  const parser = new CsvParser(separator);
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += chunk) rows.push(...parser.push(text.slice(i, i + chunk)));
  rows.push(...parser.end());
  return rows;
};

describe('CsvParser', () => {
  it('splits rows and fields with quotes, doubled quotes and line breaks inside quotes', () => {
    const text = 'code,title\r\n001,"Hola, mundo"\n002,"Dice ""sí"""\r\n003,"dos\nlíneas"\n';
    const expected = [['code', 'title'], ['001', 'Hola, mundo'], ['002', 'Dice "sí"'], ['003', 'dos\nlíneas']];
    expect(parse(text)).toEqual(expected);
    // The same in one-character chunks (chunk boundaries anywhere).
    expect(parse(text, ',', 1)).toEqual(expected);
  });

  it('supports any separator text, also across chunk boundaries', () => {
    expect(parse('a;b;;c\n', ';')).toEqual([['a', 'b', '', 'c']]);
    expect(parse('a\tb\n', '\t')).toEqual([['a', 'b']]);
    expect(parse('a||b||c', '||', 1)).toEqual([['a', 'b', 'c']]);
    expect(parse('a|b', '||')).toEqual([['a|b']]);
  });

  it('keeps empty lines as empty rows and drops a final line break', () => {
    expect(parse('a\n\nb\r\n')).toEqual([['a'], [''], ['b']]);
    expect(parse('')).toEqual([]);
    expect(parse('a,')).toEqual([['a', '']]);
  });

  it('reads the export separators and detects one from a header line', () => {
    expect(separatorText({ separator: 'semicolon' })).toBe(';');
    expect(separatorText({ separator: 'tabulator' })).toBe('\t');
    expect(separatorText({ separator: 'other', otherSeparator: '|' })).toBe('|');
    expect(separatorText({ separator: 'other', otherSeparator: '' })).toBe(',');
    expect(separatorText({})).toBe(',');
    expect(detectSeparator('code;objectId;field1')).toBe(';');
    expect(detectSeparator('code\tobjectId')).toBe('\t');
    expect(detectSeparator('code')).toBe(',');
  });
});
