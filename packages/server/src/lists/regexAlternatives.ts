/**
 * Literal alternatives of a regular expression: texts of at least MIN_LENGTH characters such that
 * every match holds one of them, also where they sit in alternations ('^e. .* (rio|mar)' → rio, mar;
 * 'x(ndo|ada)' → ndo, ada; '(cion|nino)$|an' → null, 'an' being too short). The search then asks the
 * substring index for rows whose folded search_text holds one (PostgreSQL: pg_trgm, LIKE … OR LIKE …; SQLite:
 * FTS5, the texts' trigrams ANDed, ORed across texts), and the regular expression decides each of those rows.
 * Works on the folded pattern (compileLinear's source), inside checkRegex's subset.
 */

/** pg_trgm and FTS5's trigram tokenizer find nothing in texts shorter than a trigram. */
export const MIN_LENGTH = 3;

interface Parsed {
  /** The best set of texts one of which every match of this part holds; null when none is known. */
  set: string[] | null;
  end: number;
}

/** The better of two sets: the one whose shortest text is longer, then the one with fewer texts. */
function better(a: string[] | null, b: string[] | null): string[] | null {
  if (!a) return b;
  if (!b) return a;
  const shortest = (s: string[]) => Math.min(...s.map((t) => t.length));
  if (shortest(a) !== shortest(b)) return shortest(a) > shortest(b) ? a : b;
  return a.length <= b.length ? a : b;
}

const quantifierAt = (pattern: string, i: number): { optional: boolean; length: number } | null => {
  const c = pattern[i];
  if (c === '?' || c === '*' || c === '+') return { optional: c !== '+', length: pattern[i + 1] === '?' ? 2 : 1 };
  if (c !== '{') return null;
  const m = /^\{(\d+)(,\d*)?\}\??/.exec(pattern.slice(i));
  return m ? { optional: Number(m[1]) === 0, length: m[0].length } : null;
};

/** One alternation (until ')' or the end): the union of its branches' sets, null unless each has one. */
function parseAlternation(pattern: string, start: number): Parsed {
  const branches: (string[] | null)[] = [];
  let i = start;
  for (;;) {
    const branch = parseSequence(pattern, i);
    branches.push(branch.set);
    i = branch.end;
    if (pattern[i] !== '|') break;
    i += 1;
  }
  const set = branches.every((b) => b !== null) ? [...new Set(branches.flat() as string[])] : null;
  return { set, end: i };
}

/** One branch: its literal runs and groups; the best set among them. */
function parseSequence(pattern: string, start: number): Parsed {
  let best: string[] | null = null;
  let run = '';
  const flush = () => {
    if (run.length >= MIN_LENGTH) best = better(best, [run]);
    run = '';
  };
  let i = start;
  while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
    const c = pattern[i];
    let literal: string | null = null;
    let group: string[] | null = null;
    if (c === '(') {
      const inner = parseAlternation(pattern, pattern.startsWith('(?:', i) ? i + 3 : i + 1);
      group = inner.set;
      i = inner.end + 1;
    } else if (c === '[') {
      i = classEnd(pattern, i + 1) + 1;
    } else if (c === '\\') {
      const e = pattern[i + 1];
      if (!/[A-Za-z0-9]/.test(e ?? 'a')) literal = e;
      i += 2;
    } else {
      if (!'.^$'.includes(c)) literal = c;
      i += 1;
    }
    const quantifier = quantifierAt(pattern, i);
    if (quantifier) i += quantifier.length;
    if (literal !== null && !quantifier?.optional) {
      run += literal;
      // 'ab+c': 'ab' is certain, not 'abc'.
      if (quantifier) flush();
      continue;
    }
    flush();
    if (group && !quantifier?.optional) best = better(best, group);
  }
  flush();
  return { set: best, end: i };
}

function classEnd(pattern: string, start: number): number {
  let i = start;
  if (pattern[i] === '^') i += 1;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i;
}

/** The texts (each of MIN_LENGTH characters or more) one of which every match holds, or null. */
export function literalAlternatives(pattern: string): string[] | null {
  const { set } = parseAlternation(pattern, 0);
  return set && set.length > 0 ? set : null;
}
