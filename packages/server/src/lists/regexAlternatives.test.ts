/** literalAlternatives: texts one of which every match holds, found in runs, groups and alternations. */
import { literalAlternatives } from './regexAlternatives';
import { randomValues, WIDEN_PATTERNS } from './testing/regexCases';
import { compileLinear } from './linearRegex';
import { foldText } from '@portal/contract';

describe('literalAlternatives', () => {
  it.each([
    ['^el .* (rio|mar)', ['el ']],
    ['^e. .* (rio|mar)', ['rio', 'mar']],
    ['x(ndo|ada)z?', ['ndo', 'ada']],
    ['(cion|nino)$|an', null],
    ['(cion|nino)$|anos', ['cion', 'nino', 'anos']],
    ['abc?d', null],
    ['abcd?', ['abc']],
    ['ab+cde', ['cde']],
    ['(?:rio)?mar', ['mar']],
    ['(rio|ma)r', null],
    ['\\.com|\\.org', ['.com', '.org']],
    ['^\\d{4}[a-z]$', null],
    ['[xz]{3}', null],
    ['(?:grande|pequeno)+ (rio|mar)', ['grande', 'pequeno']],
    ['a(b|cd)efg', ['efg']],
  ])('/%s/ → %j', (pattern, want) => {
    expect(literalAlternatives(pattern)).toEqual(want);
  });

  it('every value a pattern matches holds one of its texts (patterns of the regular-expression tests, random values)', () => {
    const values = [...randomValues(3000), 'el mar', 'grande rio', 'xndo', 'cion', 'anos', 'x.com'];
    for (const pattern of [...WIDEN_PATTERNS, '^el .* (rio|mar)', 'x(ndo|ada)z?', '(cion|nino)$|anos', '(?:rio)?mar', '\\.com|\\.org']) {
      const { source } = compileLinear(pattern);
      const texts = literalAlternatives(source);
      if (!texts) continue;
      const re = new RegExp(source);
      const missed = values.map(foldText).filter((v) => re.test(v) && !texts.some((t) => v.includes(t)));
      expect({ pattern, missed }).toEqual({ pattern, missed: [] });
    }
  });
});
