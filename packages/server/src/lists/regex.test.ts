import { checkRegex, RegexRejected, requiredLiterals } from './regex';

const rejects = (pattern: string) => expect(() => checkRegex(pattern)).toThrow(RegexRejected);

describe('checkRegex', () => {
  it.each(['^bc001', 'ana$', 'a.c', '[a-z]+\\d{2,4}', '(?:ab|cd)x', 'caf\\.', '\\w+\\s\\w+', 'x*?y', '^(ab)+$', '[^0-9]'])('accepts %s', (pattern) => {
    expect(() => checkRegex(pattern)).not.toThrow();
  });

  it('refuses nested quantifiers and repeated alternations (catastrophic backtracking)', () => {
    rejects('(a+)+');
    rejects('(a*)*b');
    rejects('(a|aa)+');
    rejects('((ab)*c)+');
    rejects('(\\d+)*$');
  });

  it('refuses backreferences, lookarounds, named groups and escapes that differ between engines', () => {
    rejects('(a)\\1');
    rejects('(?=a)b');
    rejects('(?<!a)b');
    rejects('(?<name>a)');
    rejects('\\bword\\b');
    rejects('\\x41');
    rejects('\\p{L}');
    rejects('[[:alpha:]]');
  });

  it('caps length, repeat counts and unbounded quantifiers', () => {
    rejects('a'.repeat(101));
    rejects('a{1,1000}');
    rejects('a{200}');
    rejects('a*b*c*d*');
    expect(() => checkRegex('a*b*c*')).not.toThrow();
  });

  it('refuses malformed patterns', () => {
    rejects('(ab');
    rejects('ab)');
    rejects('[ab');
    rejects('*a');
    rejects('a{');
    rejects('a\\');
    rejects('');
  });
});

describe('requiredLiterals', () => {
  it('finds the texts every match contains', () => {
    expect(requiredLiterals('^bc001234')).toEqual(['bc001234']);
    expect(requiredLiterals('cancion.*nino$')).toEqual(['cancion', 'nino']);
    expect(requiredLiterals('abc?d')).toEqual(['ab']);
    expect(requiredLiterals('caf\\.e')).toEqual(['caf.e']);
    expect(requiredLiterals('ab+c')).toEqual(['ab']);
    expect(requiredLiterals('x(ab)?yz')).toEqual(['yz']);
  });

  it('gives nothing when an alternative could match without them', () => {
    expect(requiredLiterals('abc|def')).toEqual([]);
    expect(requiredLiterals('\\d+')).toEqual([]);
  });
});
