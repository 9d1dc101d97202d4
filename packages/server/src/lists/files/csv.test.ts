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
    const expected = [
      ['code', 'title'],
      ['001', 'Hola, mundo'],
      ['002', 'Dice "sí"'],
      ['003', 'dos\nlíneas'],
    ];
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

  it('detects the separator used the same number of times on most lines, outside quotes', () => {
    // Spanish Excel: semicolons, titles with commas.
    expect(detectSeparator('code;title\n001;Niño, el\n002;Uno, dos, tres\n')).toBe(';');
    expect(detectSeparator('code,title\n001,"a;b;c;d"\n002,"e;f;g"\n')).toBe(',');
    expect(detectSeparator('a\tb\tc\r\n1\t2,5\t3\r\n')).toBe('\t');
    // A last line cut by the sample does not count.
    expect(detectSeparator('a;b\n1;2\n3,4,5,6,7')).toBe(';');
  });
});
