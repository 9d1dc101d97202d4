/**
 * The safe subset of regular expressions a list search accepts ('/…/'). One request must not stall the
 * server, and the same pattern must mean the same on SQLite (JavaScript RegExp) and PostgreSQL (ARE), so
 * only constructs both engines share and that cannot backtrack catastrophically are allowed:
 * literals, '.', classes [...], anchors ^ $, groups (...) and (?:...), alternation, quantifiers * + ? {n,m}
 * (lazy forms too), escapes \d \D \w \W \s \S \n \r \t \f \v and escaped punctuation.
 * Refused: backreferences, lookarounds, named groups, \b \B (different meanings), \x \u \p \c escapes,
 * POSIX classes, a quantified group that holds a quantifier or an alternation ((a+)+, (a|aa)*), more than
 * MAX_UNBOUNDED unbounded quantifiers, repeat counts above MAX_REPEAT, patterns longer than MAX_LENGTH.
 */
import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';

export const REGEX_LIMITS = { MAX_LENGTH: 100, MAX_REPEAT: 16, MAX_UNBOUNDED: 3, MAX_GROUP_DEPTH: 5 } as const;

export class RegexRejected extends Error {}

const CLASS_ESCAPES = new Set(['d', 'w', 's', 'n', 'r', 't', 'f', 'v']);
const ATOM_ESCAPES = new Set([...CLASS_ESCAPES, 'D', 'W', 'S']);
const isPunctuation = (c: string) => /^[\\^$.|?*+()[\]{}/-]$/.test(c);

interface Frame {
  hasQuantifier: boolean;
  hasAlternation: boolean;
}

/** Throws RegexRejected with the reason when the pattern (without the slashes) is outside the safe subset. */
export function checkRegex(pattern: string): void {
  const { MAX_LENGTH, MAX_REPEAT, MAX_UNBOUNDED, MAX_GROUP_DEPTH } = REGEX_LIMITS;
  if (pattern.length === 0) throw new RegexRejected('Empty regular expression');
  if (pattern.length > MAX_LENGTH) throw new RegexRejected(`Regular expressions are limited to ${MAX_LENGTH} characters`);
  const stack: Frame[] = [{ hasQuantifier: false, hasAlternation: false }];
  let unbounded = 0;
  /** What the next quantifier would apply to: nothing, a single atom, or a just-closed group. */
  let last: 'none' | 'atom' | 'quantifier' | Frame = 'none';
  let i = 0;

  const quantify = (unboundedQuantifier: boolean) => {
    if (last === 'none' || last === 'quantifier') throw new RegexRejected('Quantifier without something to repeat');
    if (typeof last === 'object' && (last.hasQuantifier || last.hasAlternation)) {
      throw new RegexRejected('A repeated group must not contain quantifiers or alternatives');
    }
    if (unboundedQuantifier && ++unbounded > MAX_UNBOUNDED) throw new RegexRejected(`At most ${MAX_UNBOUNDED} unbounded quantifiers`);
    stack[stack.length - 1].hasQuantifier = true;
    last = 'quantifier';
    if (pattern[i] === '?') i += 1; // lazy form
  };

  while (i < pattern.length) {
    const c = pattern[i];
    i += 1;
    if (c === '\\') {
      const e = pattern[i];
      i += 1;
      if (e === undefined) throw new RegexRejected('Trailing backslash');
      if (!ATOM_ESCAPES.has(e) && !isPunctuation(e)) throw new RegexRejected(`Unsupported escape \\${e}`);
      last = 'atom';
    } else if (c === '[') {
      i = skipClass(pattern, i);
      last = 'atom';
    } else if (c === '(') {
      if (pattern[i] === '?') {
        if (pattern[i + 1] !== ':') throw new RegexRejected('Lookarounds and named groups are not supported');
        i += 2;
      }
      if (stack.length > MAX_GROUP_DEPTH) throw new RegexRejected('Groups nested too deeply');
      stack.push({ hasQuantifier: false, hasAlternation: false });
      last = 'none';
    } else if (c === ')') {
      if (stack.length === 1) throw new RegexRejected('Unbalanced parenthesis');
      const frame = stack.pop()!;
      const parent = stack[stack.length - 1];
      parent.hasQuantifier ||= frame.hasQuantifier;
      parent.hasAlternation ||= frame.hasAlternation;
      last = frame;
    } else if (c === '|') {
      stack[stack.length - 1].hasAlternation = true;
      last = 'none';
    } else if (c === '*' || c === '+') {
      quantify(true);
    } else if (c === '?') {
      quantify(false);
    } else if (c === '{') {
      const m = /^(\d{1,3})(,(\d{0,3}))?\}/.exec(pattern.slice(i));
      if (!m) throw new RegexRejected("A '{' must start a repeat count such as {2,5}; write \\{ for the character");
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > MAX_REPEAT || (max !== Infinity && (max > MAX_REPEAT || max < min))) {
        throw new RegexRejected(`Repeat counts must be at most ${MAX_REPEAT}`);
      }
      i += m[0].length;
      quantify(max === Infinity);
    } else {
      last = 'atom';
    }
  }
  if (stack.length !== 1) throw new RegexRejected('Unbalanced parenthesis');
  try {
    new RegExp(pattern, 'i');
  } catch (e) {
    throw new RegexRejected((e as Error).message);
  }
}

/**
 * Literal texts any match must contain (for a cheap prefilter on the folded search_text): the runs of plain
 * characters at the top level of a pattern without top-level alternation. Optional characters (x? x* x{0,n})
 * end a run. Returns [] when nothing is certain. Call on a pattern that passed checkRegex.
 */
export function requiredLiterals(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  let depth = 0;
  const flush = () => {
    if (run.length >= 2) runs.push(run);
    run = '';
  };
  const optionalNext = (at: number) => pattern[at] === '?' || pattern[at] === '*' || /^\{0[,}]/.test(pattern.slice(at));
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const e = pattern[i + 1];
      i += 2;
      if (depth > 0) continue;
      if (!isPunctuation(e)) {
        flush();
        continue;
      }
      if (optionalNext(i)) {
        flush();
        continue;
      }
      run += e;
      if (pattern[i] === '+' || pattern[i] === '{') flush();
      continue;
    }
    i += 1;
    if (c === '[') {
      i = skipClass(pattern, i);
      flush();
      if (optionalNext(i)) continue;
      continue;
    }
    if (c === '(') {
      depth += 1;
      flush();
      continue;
    }
    if (c === ')') {
      depth -= 1;
      continue;
    }
    if (c === '|') {
      if (depth === 0) return [];
      continue;
    }
    if (depth > 0) continue;
    if ('^$.*+?{}'.includes(c)) {
      flush();
      if (c === '{') i = pattern.indexOf('}', i) + 1;
      continue;
    }
    if (optionalNext(i)) {
      flush();
      continue;
    }
    run += c;
    if (pattern[i] === '+' || pattern[i] === '{') flush();
  }
  flush();
  return runs;
}

/** Validates a class body starting after '['; returns the index after its ']'. */
function skipClass(pattern: string, start: number): number {
  let i = start;
  if (pattern[i] === '^') i += 1;
  if (pattern[i] === ']') throw new RegexRejected('Empty character class');
  while (i < pattern.length) {
    const c = pattern[i];
    i += 1;
    if (c === ']') return i;
    if (c === '[' && /[:=.]/.test(pattern[i] ?? '')) throw new RegexRejected('POSIX classes are not supported');
    if (c === '\\') {
      const e = pattern[i];
      i += 1;
      if (e === undefined) break;
      if (!CLASS_ESCAPES.has(e) && !isPunctuation(e)) throw new RegexRejected(`Unsupported escape \\${e} in a class`);
    }
  }
  throw new RegexRejected('Unterminated character class');
}

/** 400 INVALID_REGEX for a rejected pattern. */
export function invalidRegex(reason: string, field?: string): ApiError {
  return new ApiError(400, ERROR_CODES.INVALID_REGEX, reason, field ? { field, reason } : { reason });
}
