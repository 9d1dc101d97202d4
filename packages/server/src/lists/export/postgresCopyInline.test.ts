/** inlineParameters: $n become the driver's literal of that parameter; quoted text in the SQL stays as it is. */
import { inlineParameters } from './postgresCopyInline';

describe('inlineParameters', () => {
  it('inlines strings, numbers, null, booleans and arrays as quoted literals', () => {
    expect(inlineParameters('select $1, $2, $3, $4, $5', ["o'brien", 7, null, true, [1, 2]])).toBe("select 'o''brien', '7', NULL, 'true', '{\"1\",\"2\"}'");
  });

  it('quotes backslashes as an E string', () => {
    expect(inlineParameters('x = $1', ['a\\b'])).toBe("x =  E'a\\\\b'");
  });

  it('tells $1 from $10 and leaves $n inside quoted strings and identifiers alone', () => {
    const params = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
    expect(inlineParameters(`select $10, '$1 it''s $2', "$3""x", $1`, params)).toBe(`select 'p10', '$1 it''s $2', "$3""x", 'p1'`);
  });

  it('refuses a parameter number it was not given', () => {
    expect(() => inlineParameters('select $2', ['only one'])).toThrow('No parameter $2');
  });
});
