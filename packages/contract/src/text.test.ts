import { foldText, searchMatcher } from './text';

describe('search matching', () => {
  it('folds case and accents', () => {
    expect(foldText('Biblioteca Eugenio TRÍAS')).toBe('biblioteca eugenio trias');
    expect(searchMatcher('trias')('Eugenio Trías')).toBe(true);
    expect(searchMatcher('Girona')('Barcelona')).toBe(false);
  });
  it('treats /…/ as a regular expression', () => {
    expect(searchMatcher('/^bib.*ANT/')('Biblioteca Sant Antoni')).toBe(true);
    expect(searchMatcher('/^sant/')('Biblioteca Sant Antoni')).toBe(false);
    expect(searchMatcher('/[/')('anything')).toBe(false);
  });
  it('keeps the case of regular-expression escapes while ignoring case and accents in the text', () => {
    expect(searchMatcher('/^\\D+$/')('Trías')).toBe(true);
    expect(searchMatcher('/^\\D+$/')('1234')).toBe(false);
    expect(searchMatcher('/TRÍAS$/')('eugenio trias')).toBe(true);
  });
});
