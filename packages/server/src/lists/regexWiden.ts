/**
 * A cheap first test for a user regular expression: folding a value (NFD, accents removed, lower
 * case) costs far more than testing it (SQLite: ~0.7 s of the ~0.85 s a million titles take; PostgreSQL:
 * normalize() is 4–5 s of 7), and most values of a search that matches little are refused by any test.
 *
 * The widened pattern runs on the value as stored (lower-cased in JavaScript, `~*` on PostgreSQL) with every
 * atom that could meet a folded character also accepting any non-ASCII character. When each character of
 * the value folds to exactly one character (no character of the `unsafe` set below: combining accents fold
 * to nothing, a Hangul syllable to several jamo, 'İ' lower-cases to two), position i of the stored value
 * holds either the folded character itself (ASCII, case aside) or a non-ASCII character the widened atom
 * accepts. So every match of the folded pattern on the folded value is a match of the widened pattern on the
 * stored value: a value the widened pattern refuses (and holding no unsafe character) cannot match, and only
 * the others are folded and tested exactly. The result stays exactly that of the folded test.
 */
import { foldText } from '@portal/contract';
import { UNSAFE_RANGES } from './regexUnsafe';

export type WidenDialect = 'js' | 'postgres';

const MAX_CODE_POINT = 0x10ffff;

/** The bracket-expression text of every non-ASCII character, for each engine. */
function anyNonAscii(dialect: WidenDialect): string {
  // JavaScript without the u flag sees UTF-16 units (surrogates are unsafe characters: never widened).
  // PostgreSQL: ARE escapes, so the pattern is ASCII whatever the database's encoding.
  return dialect === 'js' ? '\\u0080-\\uffff' : `${pgEscape(0x80)}-${pgEscape(MAX_CODE_POINT)}`;
}

const isAlnumOrSpace = (c: string) => /^[A-Za-z0-9 ]$/.test(c);

/**
 * The widened pattern of a folded pattern (compileLinear's source, inside checkRegex's subset), or null when
 * it has no useful widening (a non-ASCII character in the pattern, a negated class with \D, \W or \S).
 */
export function widenedPattern(pattern: string, dialect: WidenDialect): string | null {
  if (/[^\x00-\x7f]/.test(pattern)) return null;
  const any = anyNonAscii(dialect);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const e = pattern[i + 1];
      i += 2;
      if (e === 'D' || e === 'W' || e === 'S') {
        // JavaScript's \D \W \S accept every non-ASCII character; PostgreSQL's depend on the locale.
        out += dialect === 'js' ? `\\${e}` : `(?:\\${e}|[${any}])`;
      } else {
        out += `[\\${e}${any}]`;
      }
      continue;
    }
    if (c === '[') {
      const end = classEnd(pattern, i + 1);
      const body = pattern.slice(i + 1, end);
      i = end + 1;
      if (body.startsWith('^')) {
        // A negated class of ASCII characters accepts every non-ASCII one, except through \D \W \S.
        if (/\\[DWS]/.test(body)) return null;
        out += `[${body}]`;
      } else {
        if (dialect === 'postgres' && /\\[DWS]/.test(body)) return null;
        out += `[${body}${any}]`;
      }
      continue;
    }
    i += 1;
    if (c === '.') out += dialect === 'js' ? '[^\\n\\r]' : '.';
    else if (c === '{') {
      const close = pattern.indexOf('}', i);
      out += pattern.slice(i - 1, close + 1);
      i = close + 1;
    } else if ('()|^$*+?'.includes(c)) {
      out += c;
      // '(?:' stays a non-capturing group.
      if (c === '(' && pattern[i] === '?') {
        out += pattern.slice(i, i + 2);
        i += 2;
      }
    } else {
      out += isAlnumOrSpace(c) ? `[${c}${any}]` : `[\\${c}${any}]`;
    }
  }
  return out;
}

/** Index of the ']' closing a class whose body starts at `start` (checkRegex has validated it). */
function classEnd(pattern: string, start: number): number {
  let i = start;
  if (pattern[i] === '^') i += 1;
  while (i < pattern.length) {
    if (pattern[i] === '\\') i += 2;
    else if (pattern[i] === ']') return i;
    else i += 1;
  }
  return pattern.length;
}

/** Ranges [from, to] of code points, merged. */
function rangesOf(codePoints: Iterable<number>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const cp of codePoints) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** Characters are checked in blocks of this many: a block NFD leaves as it is needs no check one by one. */
const BLOCK = 256;

/**
 * Whether NFD leaves every character of [from, from + BLOCK) as it is and lower-casing keeps each one unit
 * (each followed by 'a', so no canonical reordering crosses characters): then no character of the block but
 * the combining accents is unsafe, and the block is not checked character by character.
 */
function stableBlock(from: number, to: number): boolean {
  let text = '';
  for (let cp = from; cp < to; cp += 1) text += `${String.fromCodePoint(cp)}a`;
  return text.normalize('NFD') === text && text.toLowerCase().length === text.length;
}

const isCombiningAccent = (cp: number) => cp >= 0x300 && cp <= 0x36f;
const isSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

/** Every code point of [first, last] (surrogates aside) for which `unsafe` holds, checked block by block. */
function collect(first: number, last: number, unsafe: (cp: number) => boolean): number[] {
  const found: number[] = [];
  for (let from = first; from <= last; from += BLOCK) {
    const to = Math.min(from + BLOCK, last + 1);
    const stable = !(from <= 0xdfff && to > 0xd800) && stableBlock(from, to);
    for (let cp = from; cp < to; cp += 1) {
      if (stable ? isCombiningAccent(cp) : unsafe(cp)) found.push(cp);
    }
  }
  return found;
}

/**
 * JavaScript: the UTF-16 units whose character does not fold to exactly one unit at its place (lower case
 * first, as the test does): combining accents, decomposing syllables, 'İ', surrogates (astral characters).
 */
function unsafeUnitsJs(): number[] {
  return collect(0x80, 0xffff, (u) => {
    if (isSurrogate(u)) return true;
    const ch = String.fromCharCode(u);
    const lower = ch.toLowerCase();
    const folded = foldText(ch);
    return folded.length !== 1 || lower.length !== 1 || (lower < '\u0080' && lower !== folded);
  });
}

/** PostgreSQL: the code points whose NFD without combining accents is not exactly one code point. */
function unsafeCodePointsPostgres(): number[] {
  return collect(0x80, MAX_CODE_POINT, (cp) => {
    if (isSurrogate(cp)) return false; // not characters of a text
    const stripped = String.fromCodePoint(cp)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    // One code point: one unit, or one surrogate pair.
    return !(stripped.length === 1 || (stripped.length === 2 && stripped.codePointAt(0)! > 0xffff));
  });
}

/** Both sets computed from this Node's Unicode data (slow: ~0.2–0.6 s; the tests compare them with UNSAFE_RANGES). */
export function unsafeRangesComputed(): { js: Array<[number, number]>; postgres: Array<[number, number]> } {
  return { js: rangesOf(unsafeUnitsJs()), postgres: rangesOf(unsafeCodePointsPostgres()) };
}

/** A code point as a PostgreSQL ARE escape. */
function pgEscape(cp: number): string {
  return cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
}

const hex4 = (u: number) => `\\u${u.toString(16).padStart(4, '0')}`;

let jsUnsafe: RegExp | null = null;
let pgUnsafe: string | null = null;

/** A JavaScript regular expression that finds an unsafe unit in a value. */
export function unsafeRegexJs(): RegExp {
  jsUnsafe ??= new RegExp(`[${UNSAFE_RANGES.js.map(([a, b]) => (a === b ? hex4(a) : `${hex4(a)}-${hex4(b)}`)).join('')}]`);
  return jsUnsafe;
}

/** The source of a JavaScript regular expression finding an unsafe unit (for the search worker). */
export const unsafeSourceJs = () => unsafeRegexJs().source;

/** A PostgreSQL bracket expression (ARE escapes \\u, \\U) matching an unsafe code point. */
export function unsafeClassPostgres(): string {
  pgUnsafe ??= `[${UNSAFE_RANGES.postgres.map(([a, b]) => (a === b ? pgEscape(a) : `${pgEscape(a)}-${pgEscape(b)}`)).join('')}]`;
  return pgUnsafe;
}
