/**
 * Anchored regular expressions: a folded pattern such as '^el .* (rio|mar)' can only match a
 * value whose folded text starts with 'el '. The sort indexes of migration 0015 (parent, column in the
 * engine's text order, id) then find the candidate rows by ranges instead of testing every row of the list
 * with the regular expression (a million rows, seconds, when few or none match).
 *
 * The ranges must hold every value whose fold (foldText: lower case, accents and combining marks removed)
 * starts with the ASCII prefix P, whatever its accents: its characters up to the first non-ASCII one equal
 * P's, ignoring case. So the value either starts with P, or starts with P's first k characters (k < |P|)
 * followed by a non-ASCII character. In the index's order (SQLite `collate nocase`, PostgreSQL `lower()`
 * under a byte/code-point collation) each of these is one range:
 *   [P, succ(P))  and, for each k, [P[0..k) + U+0080, succ(P[0..k)))   (k = 0: everything from U+0080 on)
 * where succ raises the last character by one. The regular expression still decides each candidate.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import { SORTED_COLUMNS, SORTED_LISTS } from '../db/migrations/0015_list_sort_indexes';
import type { ListColumn, ListDefinition, ListScope } from './definition';

/** Metacharacters that end the fixed start of a pattern. */
const META = new Set(['.', '[', ']', '(', ')', '{', '}', '|', '?', '*', '+', '^', '$']);

/** Whether `pattern` has an alternation outside every group and class ('^a|b': '^' anchors one branch only). */
function topLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') i += 1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * The printable ASCII text every match of the folded pattern starts the value with, lower case ('' when the
 * pattern is not anchored at the start or starts with something else than a fixed character).
 */
export function anchoredPrefix(pattern: string): string {
  if (!pattern.startsWith('^') || topLevelAlternation(pattern)) return '';
  let prefix = '';
  let i = 1;
  while (i < pattern.length) {
    let c = pattern[i];
    let next = i + 1;
    if (c === '\\') {
      const escaped = pattern[i + 1];
      // \d, \w, \n…: a class or a control character, not a fixed printable one.
      if (escaped === undefined || /[A-Za-z0-9]/.test(escaped)) break;
      c = escaped;
      next = i + 2;
    } else if (META.has(c)) {
      break;
    }
    if (c < ' ' || c > '~') break;
    const quantifier = pattern[next];
    // The character may be absent ('?', '*', '{0,…}'): it is not part of every match's start.
    if (quantifier === '?' || quantifier === '*' || quantifier === '{') break;
    prefix += c.toLowerCase();
    if (quantifier === '+') break;
    i = next;
  }
  return prefix;
}

/** The same text with its last character raised by one: the end of the range of texts starting with it. */
const successor = (text: string) => text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) + 1);

/** The ranges [from, to) (to null: no end) that hold every value whose fold starts with `prefix`. */
export function prefixRanges(prefix: string): { from: string; to: string | null }[] {
  const ranges: { from: string; to: string | null }[] = [{ from: prefix, to: successor(prefix) }];
  for (let k = 0; k < prefix.length; k += 1) {
    const start = prefix.slice(0, k);
    ranges.push({ from: `${start}\u0080`, to: k === 0 ? null : successor(start) });
  }
  return ranges;
}

/** The value in the sort index's order: what the ranges compare. */
function sortValue(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`${sql.ref(column)} collate nocase` : sql<string>`lower(${sql.ref(column)})`;
}

/** The column's value lies in one of the prefix's ranges. */
export function prefixRangeSql(dialect: Dialect, column: string, prefix: string): RawBuilder<SqlBool> {
  const value = sortValue(dialect, column);
  const parts = prefixRanges(prefix).map(({ from, to }) =>
    to === null ? sql<SqlBool>`${value} >= ${from}` : sql<SqlBool>`(${value} >= ${from} and ${value} < ${to})`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The ids of the parent's rows in the prefix's ranges that meet `test` (the regular expression), at most
 * `limit`: one read of the sort index per range, which holds the column's value (SQLite plans an OR of
 * ranges with bound parameters as a scan of the whole list; a union of single ranges reads each from the
 * index).
 */
export function prefixIdsSql(
  dialect: Dialect,
  table: string,
  parent: { column: string; value: number | string },
  column: string,
  prefix: string,
  options: { limit?: number; test?: RawBuilder<SqlBool> },
): RawBuilder<{ id: number }> {
  const value = sortValue(dialect, column);
  const reads = prefixRanges(prefix).map(({ from, to }) => {
    const range = to === null ? sql<SqlBool>`${value} >= ${from}` : sql<SqlBool>`${value} >= ${from} and ${value} < ${to}`;
    const test = options.test ? sql<SqlBool>` and ${options.test}` : sql``;
    return sql`select ${sql.ref('id')} as id from ${sql.table(table)} where ${sql.ref(parent.column)} = ${parent.value} and ${range}${test}`;
  });
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  return sql<{ id: number }>`select id from (${sql.join(reads, sql` union all `)}) as ranges${limit}`;
}

/** PostgreSQL databases whose default collation orders texts by code point (where the ranges hold). */
const codePointOrder = new WeakMap<object, Promise<boolean>>();

function ordersByCodePoint(db: Kysely<Database>): Promise<boolean> {
  let known = codePointOrder.get(db);
  if (!known) {
    known = sql<{ c: string }>`select datcollate as c from pg_database where datname = current_database()`
      .execute(db)
      .then(({ rows }) => /^(c|posix|c\.utf-?8)$/i.test(rows[0]?.c ?? ''))
      .catch(() => false);
    codePointOrder.set(db, known);
  }
  return known;
}

/**
 * The sort index's parent value when the list is one of migration 0015's and the column has a sort index
 * there (null otherwise: the ranges would be tested row by row and gain nothing).
 */
export async function sortIndexParent<T>(
  db: Kysely<Database>,
  def: ListDefinition<T>,
  scope: ListScope,
  col: ListColumn,
): Promise<{ column: string; value: number | string } | null> {
  if (col.type !== 'text' || !(SORTED_COLUMNS as readonly string[]).includes(col.column)) return null;
  const parent = Object.hasOwn(SORTED_LISTS, def.table) ? SORTED_LISTS[def.table as keyof typeof SORTED_LISTS] : undefined;
  const value = parent ? scope[parent] : undefined;
  if (!parent || (typeof value !== 'number' && typeof value !== 'string')) return null;
  if (dialectOf(db) === 'postgres' && !(await ordersByCodePoint(db))) return null;
  return { column: parent, value };
}
