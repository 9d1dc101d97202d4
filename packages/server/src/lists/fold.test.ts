import { foldText } from '@portal/contract';
import { fastFold } from './fold';

/** Every character of U+0000–U+036F and U+1E00–U+1EFF (Latin letters and combining accents), and a few beyond. */
const latin = [...Array.from({ length: 0x370 }, (_, c) => c), ...Array.from({ length: 0x100 }, (_, c) => 0x1e00 + c)].map((c) => String.fromCharCode(c));

describe('fastFold', () => {
  it('folds each Latin character, and each beside an accent, a letter or Greek, as foldText does', () => {
    const neighbours = ['', 'a', 'Z', 'É', '\u0301', '\u0323', '\u0345', 'Σ', 'ς'];
    const differ = latin.flatMap((ch) => neighbours.flatMap((n) => [ch + n, n + ch, `x${ch}${n}${ch}`])).filter((s) => fastFold(s) !== foldText(s));
    expect(differ).toEqual([]);
  });

  it('folds mixed texts as foldText does', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const texts = Array.from({ length: 20_000 }, () => Array.from({ length: next(12) }, () => latin[next(latin.length)]).join(''));
    texts.push('Título número 12, edición 3', 'ΣΟΦΙΑ Σ', 'İstanbul Straße', 'ﬁn ǅ Ǆ', 'שָׁלוֹם', 'Ångström e\u0301', 'Ǻ\u0301\u0327');
    expect(texts.filter((s) => fastFold(s) !== foldText(s))).toEqual([]);
    expect(fastFold('Título NÚMERO 12, Edición')).toBe('titulo numero 12, edicion');
  });
});
