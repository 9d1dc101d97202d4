import { foldText } from '@portal/contract';
import { anchoredPrefix, prefixRanges } from './regexPrefix';

describe('anchoredPrefix: the fixed text every match starts with', () => {
  it.each([
    ['^el .* (rio|mar)', 'el '],
    ['^3001105000\\d\\d$', '3001105000'],
    ['^19[5-6]\\d$', '19'],
    ['^m.sica', 'm'],
    ['^ab?c', 'a'],
    ['^ab*c', 'a'],
    ['^ab{0,2}c', 'a'],
    ['^ab+c', 'ab'],
    ['^a\\.b', 'a.b'],
    ['^a\\db', 'a'],
    ['^(el|la) ', ''],
    ['^el|mar', ''],
    ['el', ''],
    ['^', ''],
    ['^\\d+', ''],
    ['^[ab]c', ''],
    ['^ñu', ''],
    ['^año', 'a'],
    ['^a(b|c)|d', ''],
    ['^a[|]b', 'a'],
    ['^a(b|c)', 'a'],
  ])('%s → "%s"', (pattern, prefix) => {
    expect(anchoredPrefix(pattern)).toBe(prefix);
  });
});

/** The index order the ranges are read in: SQLite's nocase (ASCII letters lower-cased, then code points). */
const nocase = (v: string) => v.replace(/[A-Z]/g, (c) => c.toLowerCase());
const inRanges = (prefix: string, value: string) => prefixRanges(prefix).some(({ from, to }) => nocase(value) >= from && (to === null || nocase(value) < to));

describe('prefixRanges hold every value whose fold starts with the prefix', () => {
  const values = [
    'El mar',
    'ÉL río',
    'e\u0301l x',
    'Ĺe',
    'el',
    'elx',
    'EL ',
    'em',
    'e',
    'f',
    'Ælla',
    'İstanbul',
    '\u212Aelvin',
    'kelvin',
    'a',
    '',
    'z',
    '~',
    'El\u0080',
    'eL\u00e0',
  ];
  it.each(['el ', 'el', 'e', 'is', 'ke', 'z', '~'])('prefix "%s"', (prefix) => {
    for (const value of values) {
      if (foldText(value).startsWith(prefix)) expect({ value, in: inRanges(prefix, value) }).toEqual({ value, in: true });
      // A value outside every range cannot start with the prefix once folded (the ranges are no wider than needed for ASCII).
      if (/^[\x00-\x7f]*$/.test(value) && !nocase(value).startsWith(prefix)) expect({ value, in: inRanges(prefix, value) }).toEqual({ value, in: false });
    }
  });
});
