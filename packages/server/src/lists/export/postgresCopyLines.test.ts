/** CsvLineEnds: CR before each row-ending LF of COPY's csv, never inside quoted fields, however the chunks fall. */
import { CsvLineEnds } from './postgresCopyLines';

/** COPY csv of rows of fields (quoted when they hold a comma, quote, CR or LF), LF after each row. */
const copyCsv = (rows: string[][], end: string) =>
  rows.map((r) => r.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',') + end).join('');

const ROWS = [
  ['plain', 'text', 'ñandú'],
  ['two\nlines', 'cr\ronly', 'crlf\r\nend'],
  ['"quoted"', 'a "b" c', '""'],
  ['', 'x', ''],
  ['\n', '"\n"', 'last'],
  ['العربية', 'a,b', 'end'],
];

function convertIn(pieces: Buffer[]): string {
  const ends = new CsvLineEnds();
  return Buffer.concat(pieces.map((p) => ends.convert(p))).toString('utf8');
}

describe('CsvLineEnds', () => {
  const input = Buffer.from(copyCsv(ROWS, '\n'), 'utf8');
  const expected = copyCsv(ROWS, '\r\n');

  it('puts CR before row ends only, in one chunk', () => {
    expect(convertIn([input])).toBe(expected);
  });

  it('gives the same bytes for every split into two chunks, and into single bytes', () => {
    for (let at = 0; at <= input.length; at += 1) expect(convertIn([input.subarray(0, at), input.subarray(at)])).toBe(expected);
    expect(convertIn(Array.from(input, (b) => Buffer.from([b])))).toBe(expected);
  });

  it('hands back a chunk that ends no row as it is', () => {
    const chunk = Buffer.from('no row end here');
    expect(new CsvLineEnds().convert(chunk)).toBe(chunk);
  });
});
