import { matchRanges } from './Highlight';

describe('search highlighting', () => {
  it('matches plain text ignoring case and accents', () => {
    expect(matchRanges('Plaça del Diamant', 'placa')).toEqual([[0, 5]]);
    expect(matchRanges('ÁBACO ábaco', 'abaco')).toEqual([
      [0, 5],
      [6, 11],
    ]);
  });

  it('treats text between slashes as a regular expression', () => {
    expect(matchRanges('B001 B002 X003', '/^B\\d+/')).toEqual([[0, 4]]);
    expect(matchRanges('B001', '/[/')).toEqual([]); // invalid: nothing highlighted
  });
});
