/** tableFold is foldText: on every UTF-16 unit alone, beside others, and on random values of every kind. */
import { foldText } from '@portal/contract';
import { tableFold } from './regexFold';
import { randomValues, WIDEN_VALUES } from './testing/regexCases';

describe('tableFold', () => {
  it('equals foldText on every unit, alone and between letters', () => {
    const wrong: number[] = [];
    for (let u = 0x80; u < 0x10000; u += 1) {
      const c = String.fromCharCode(u);
      for (const text of [c, `A${c}b`, `Σ${c}`, `${c}\u0301x`]) if (tableFold(text) !== foldText(text)) wrong.push(u);
    }
    expect(wrong).toEqual([]);
  });

  it('equals foldText on values mixing accents, case, final sigma and characters folding to several', () => {
    const values = [...WIDEN_VALUES, 'ΟΔΌΣ ΚΑΙ', 'ΣΑΣ.', 'Ⅻ ǅ', ...randomValues(20_000)];
    expect(values.filter((v) => tableFold(v) !== foldText(v))).toEqual([]);
  });
});
