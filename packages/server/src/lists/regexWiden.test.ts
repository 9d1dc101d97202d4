/**
 * The widened first test (./regexWiden) never changes a result: for a table of patterns (classes, negated
 * classes, \d \D \w \W \s \S, dots, anchors, alternations, counted and lazy repeats) and values mixing ASCII,
 * precomposed and decomposed accents, case, characters that fold to several ('İ', Hangul, astral ones) and
 * special lower-casing (final sigma, the Kelvin sign), the matcher answers exactly what testing the folded
 * value answers; and the widened pattern does refuse the values that are far from matching.
 */
import { foldText } from '@portal/contract';
import { compileLinear } from './linearRegex';
import { unsafeClassPostgres, unsafeRangesComputed, unsafeRegexJs, widenedPattern } from './regexWiden';
import { UNSAFE_RANGES } from './regexUnsafe';
import { randomValues, WIDEN_PATTERNS, WIDEN_VALUES } from './testing/regexCases';

describe('widened regular expressions', () => {
  const values = [...WIDEN_VALUES, ...randomValues(4000)];

  it.each(WIDEN_PATTERNS)('/%s/ answers exactly what the folded value answers', (pattern) => {
    const matcher = compileLinear(pattern);
    const exact = new RegExp(matcher.source);
    const wrong = values.filter((v) => matcher.test(v) !== exact.test(foldText(v)));
    expect(wrong).toEqual([]);
  });

  it.each(WIDEN_PATTERNS)('/%s/: the widened pattern accepts every matching value that folds one to one (JavaScript and PostgreSQL forms)', (pattern) => {
    const source = compileLinear(pattern).source;
    const exact = new RegExp(source);
    const unsafe = unsafeRegexJs();
    const js = widenedPattern(source, 'js');
    if (js === null) return;
    const wide = new RegExp(js);
    const missed = values.filter((v) => exact.test(foldText(v)) && !unsafe.test(v) && !wide.test(v.toLowerCase()));
    expect(missed).toEqual([]);
    // The PostgreSQL form has the same atoms (checked by the database tests); here: one per JavaScript atom.
    expect(widenedPattern(source, 'postgres')).not.toBeNull();
  });

  it('refuses values far from matching, so they are never folded', () => {
    const wide = (p: string) => new RegExp(widenedPattern(compileLinear(p).source, 'js')!);
    expect(wide('^\\d{4}[a-z]$').test('canción de cuna')).toBe(false);
    expect(wide('[xz]{3}').test('niño')).toBe(false);
    expect(wide('^el .* (rio|mar)').test('él y la noche')).toBe(false);
    expect(wide('^el .* (rio|mar)').test('él de río')).toBe(true);
    expect(wide('^\\d{4}[a-z]$').test('1234é')).toBe(true);
  });

  it('no widening for a pattern holding a non-ASCII character or a negated class with \\D \\W \\S', () => {
    expect(widenedPattern('ø', 'js')).toBeNull();
    expect(widenedPattern('[^\\W]', 'js')).toBeNull();
    expect(widenedPattern('[\\W_]', 'postgres')).toBeNull();
    expect(widenedPattern('[\\W_]', 'js')).toBe('[\\W_\\u0080-\\uffff]');
  });

  it("the unsafe characters' table is what this Node's Unicode data gives", () => {
    expect(unsafeRangesComputed()).toEqual(UNSAFE_RANGES);
  });

  it('the unsafe characters: those folding to nothing or to several', () => {
    const unsafe = unsafeRegexJs();
    for (const c of ['\u0301', '\u0130', '한', '\ud83d']) expect(unsafe.test(c)).toBe(true);
    for (const c of ['é', 'Ø', 'ß', 'Σ', 'ς', 'ñ', '\u212A', 'a']) expect(unsafe.test(c)).toBe(false);
    // PostgreSQL's \U escape is JavaScript's \u{…} (u flag).
    const pg = new RegExp(
      unsafeClassPostgres().replace(/\\U([0-9a-f]{8})/g, (_, hex: string) => `\\u{${hex}}`),
      'u',
    );
    expect(pg.test('한')).toBe(true);
    expect(pg.test('\u0301')).toBe(true);
    expect(pg.test('é')).toBe(false);
    expect(unsafeClassPostgres()).toMatch(/^[\x20-\x7e]+$/);
  });
});
