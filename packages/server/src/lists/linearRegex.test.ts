import { compileLinear, lowerPattern } from './linearRegex';
import { RegexRejected } from './regex';

const ms = (work: () => void) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

describe('linear-time regular expressions', () => {
  it('matches ignoring case and accents, escapes keeping their meaning', () => {
    expect(compileLinear('^CANCIÓN de').test('Canción de cuna')).toBe(true);
    expect(compileLinear('^\\D+$').test('Trías')).toBe(true);
    expect(compileLinear('^\\D+$').test('1234')).toBe(false);
    expect(compileLinear('^[A-Z]{2}\\d{3}$').test('bc001')).toBe(true);
    expect(compileLinear('\\W').test('abc')).toBe(false);
    expect(lowerPattern('A\\DB\\S[C-Z]')).toBe('a\\Db\\S[c-z]');
  });

  it.each([
    ['.?'.repeat(25) + '.'.repeat(25) + '!', 'a'.repeat(1000)],
    ['\\w*\\w*\\w*!', 'a'.repeat(1000)],
    ['(.*a){12}x', 'a'.repeat(1000)],
    ['^(ab|a)*c', 'ab'.repeat(500)],
  ])('runs %s on a 1,000-character value in bounded time', (pattern, value) => {
    let re: ReturnType<typeof compileLinear>;
    try {
      re = compileLinear(pattern);
    } catch (e) {
      // Refused patterns are fine too (INVALID_REGEX); what runs must be fast.
      expect(e).toBeInstanceOf(RegexRejected);
      return;
    }
    re.test(value); // compiles the automaton
    // Backtracking alone takes seconds to hours on these; linear matching takes milliseconds.
    expect(
      ms(() => {
        for (let i = 0; i < 5; i += 1) re.test(value);
      }) / 5,
    ).toBeLessThan(500);
  });

  it('runs the .?.?… pattern of the review, which the safe subset admits', () => {
    const re = compileLinear('.?'.repeat(25) + '.'.repeat(24) + '!');
    expect(re.test(`${'a'.repeat(60)}!`)).toBe(true);
    // Seconds to hours on a backtracking engine; milliseconds here (the first call compiles the automaton).
    expect(ms(() => re.test('a'.repeat(1000)))).toBeLessThan(2000);
  });

  it('refuses what the linear engine cannot run', () => {
    expect(() => compileLinear('a{17}')).toThrow(RegexRejected);
    expect(() => compileLinear('(a{4}){5}')).toThrow(RegexRejected);
    expect(() => compileLinear('(a)\\1')).toThrow(RegexRejected);
    expect(() => compileLinear('a{1,16}')).not.toThrow();
  });
});
