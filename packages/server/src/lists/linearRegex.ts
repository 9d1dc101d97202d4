/**
 * The matcher every user regular expression runs on in Node (SQLite's regexp() and the in-memory lists):
 * time linear in the input, whatever the pattern.
 *
 * V8 has a linear-time engine (an automaton, no backtracking) that runs a pattern with the `l` flag. Used
 * alone it is 10–30 times slower than the backtracking engine on ordinary searches, so matching uses the
 * backtracking engine with V8's fallback: after REGEX_BACKTRACK_LIMIT backtracks one match attempt is
 * re-run on the linear engine. The fallback exists only for patterns the linear engine can run, so every
 * pattern is first compiled with `l`; one it refuses (a repeat count above 16, nested counted repeats) is
 * INVALID_REGEX. The linear engine has no case-insensitive flag: the pattern's letters are lower-cased
 * (escapes such as \D \W \S kept) and the value is folded (foldText: lower case, no accents) before the test.
 */
import v8 from 'node:v8';
import { checkRegex, RegexRejected } from './regex';
import { stripAccents } from './fold';
import { tableFold } from './regexFold';
import { unsafeRegexJs, widenedPattern } from './regexWiden';

/** Backtracks one match attempt may take before V8 re-runs it on the linear engine. */
export const REGEX_BACKTRACK_LIMIT = 10_000;

v8.setFlagsFromString('--enable-experimental-regexp-engine');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
v8.setFlagsFromString(`--regexp-backtracks-before-fallback=${REGEX_BACKTRACK_LIMIT}`);

/** Lower-cases the letters of a pattern, leaving escapes (\D, \W, \S, \.) as they are. */
export function lowerPattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      out += c + pattern[i + 1];
      i += 1;
    } else {
      out += c.toLowerCase();
    }
  }
  return out;
}

export interface LinearRegex {
  /** The folded pattern the matcher runs. */
  readonly source: string;
  /** The widened pattern tried first on non-ASCII values (./regexWiden), null when there is none. */
  readonly wide: string | null;
  /** Whether the value (folded here) matches. */
  test(value: string): boolean;
}

/**
 * Compiles a search pattern (without the slashes): checkRegex's safe subset, then the linear engine's own
 * check. Throws RegexRejected with the reason.
 */
export function compileLinear(pattern: string): LinearRegex {
  checkRegex(pattern);
  const source = lowerPattern(stripAccents(pattern));
  try {
    // Only for the check: the linear engine must be able to run it, so that the fallback always exists.
    new RegExp(source, 'l');
  } catch {
    throw new RegexRejected('The regular expression is too complex (repeat counts are limited to 16 in all)');
  }
  const re = new RegExp(source);
  const wide = linearOrNull(widenedPattern(source, 'js'));
  const wideRe = wide === null ? null : new RegExp(wide);
  const unsafe = unsafeRegexJs();
  return {
    source,
    wide,
    test: (value) => {
      if (ASCII.test(value)) return re.test(value.toLowerCase());
      // Refused by the widened pattern and folding one character to one: cannot match (./regexWiden).
      if (wideRe !== null && !wideRe.test(value.toLowerCase()) && !unsafe.test(value)) return false;
      return re.test(tableFold(value));
    },
  };
}

const ASCII = /^[\x00-\x7f]*$/;

/** The pattern when V8's linear engine can run it (so that its backtracking fallback exists), else null. */
function linearOrNull(pattern: string | null): string | null {
  if (pattern === null) return null;
  try {
    new RegExp(pattern, 'l');
    return pattern;
  } catch {
    return null;
  }
}

const compiled = new Map<string, LinearRegex>();
const CACHE_SIZE = 200;

/** compileLinear with a small cache (SQLite calls regexp() once per row). */
export function cachedLinear(pattern: string): LinearRegex {
  let re = compiled.get(pattern);
  if (!re) {
    re = compileLinear(pattern);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
    compiled.set(pattern, re);
  }
  return re;
}
