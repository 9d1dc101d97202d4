/**
 * searchTexts → SQL conditions (data-areas §2: text between slashes is a regular expression; matching
 * ignores case and accents). Every value travels as a parameter; column names come from the definition.
 *
 * Fields covered by the list's search_text (the folded concatenation of the item fields) are narrowed in
 * two steps: search_text must contain the text (the plain needle, or a literal every match of the regular
 * expression contains), then the field itself is tested. On SQLite with a trigram index (migration 0004),
 * a probe asks the index for the rows holding the text; when they are few (a code, a rare word) the search
 * reads only those rows; when they are many (a common word) but few next to the list, it reads the rows the
 * index gives for the text's trigrams; otherwise it scans the narrow (parent, search_text) index. PostgreSQL uses LIKE,
 * which its pg_trgm index serves when present; a text rare among a large list's first rows is first asked of that
 * index alone, and its few rows read by id (./postgresCandidates).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ERROR_CODES, foldText, isRegexSearch, type SearchTexts } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import type { ListColumn, ListDefinition, ListScope } from './definition';
import { PG_FOLD_TABLE } from './fold';
import { compileLinear } from './linearRegex';
import { invalidRegex, RegexRejected, requiredLiterals } from './regex';
import { anchoredPrefix, prefixIdsSql, prefixRangeSql, sortIndexParent } from './regexPrefix';
import { unsafeClassPostgres, widenedPattern } from './regexWiden';
import { literalAlternatives, MIN_LENGTH } from './regexAlternatives';
import { postgresCandidates } from './postgresCandidates';

interface TermBase {
  field: string;
  col: ListColumn;
  /** Folded texts search_text must contain (covered fields only); the first is the longest. */
  literals: string[];
  /** Ids of rows including every one whose search_text holds literals[0], when the index found few. */
  candidates?: number[];
  /**
   * When the index found many: an FTS5 query (the trigrams of literals[0], ANDed) whose rows are a superset
   * of those holding it, so neither count nor page scans the list; the field test keeps the result exact.
   */
  ftsMatch?: { table: string; query: string };
  /**
   * A regular expression anchored at the start with a fixed text ('^el …'): the value must lie in that
   * text's ranges of the sort index (./regexPrefix); ids: the rows in them, when the index found few.
   */
  anchor?: { prefix: string; parent: { column: string; value: number | string }; ids?: number[] };
  /**
   * A regular expression with no certain text of a trigram's length: texts one of which every match holds
   * (./regexAlternatives, '(rio|mar)'), and on SQLite the ids of the rows holding one, when the index found few.
   */
  alternatives?: { texts: string[]; ids?: number[] };
}
export type SearchTerm = TermBase & ({ kind: 'plain'; needle: string } | { kind: 'regex'; pattern: string });

/** At most this many candidate ids from the index are inlined in the query. */
export const CANDIDATE_LIMIT = 2000;

/** More trigrams narrow little further; any subset still finds every row holding the text. */
const MAX_TRIGRAMS = 12;

/**
 * FTS5 query for rows whose text holds every trigram of `text` (characters, not UTF-16 units). Each trigram
 * is its own quoted term: the table has detail=none, which supports no phrase of several trigrams.
 */
function trigramsOf(text: string): string[] {
  const chars = Array.from(text);
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) trigrams.add(chars.slice(i, i + 3).join(''));
  return [...trigrams];
}

const ftsTerms = (trigrams: readonly string[]) => trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');

/** The probe's first try reads this many trigrams (the text's last ones), when the text has more. */
const QUICK_TRIGRAMS = 4;

/**
 * FTS5 query for the rows holding the last QUICK_TRIGRAMS distinct trigrams of `text` (null when it has no
 * more than those). Codes share their first digits (every code of the large profile starts '30011'): the
 * LIKE probe reads the huge lists of those trigrams (62 ms of CPU for one code), their last ones are rare
 * (7-10 ms, ~1,050 rows for a code prefix of 1,000). A superset of the rows holding the text.
 */
function quickTrigramQuery(text: string): string | null {
  const trigrams = trigramsOf(text);
  return trigrams.length > QUICK_TRIGRAMS ? ftsTerms(trigrams.slice(-QUICK_TRIGRAMS)) : null;
}

function trigramQuery(text: string): string {
  let picked = trigramsOf(text);
  if (picked.length > MAX_TRIGRAMS) {
    // Spread over the whole text (first and last included), so a long needle still narrows well.
    const step = (picked.length - 1) / (MAX_TRIGRAMS - 1);
    picked = Array.from({ length: MAX_TRIGRAMS }, (_, k) => picked[Math.round(k * step)]);
  }
  return ftsTerms(picked);
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'si', 'sí', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** Validates searchTexts against the list's fields; 400 for an unknown field or an unsafe regular expression. */
export function planSearch<T>(def: ListDefinition<T>, searchTexts: SearchTexts | undefined): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const [field, text] of Object.entries(searchTexts ?? {})) {
    const col = Object.hasOwn(def.columns, field) ? def.columns[field] : undefined;
    if (!col) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Unknown search field: ${field}`, { field });
    if (text === '') continue;
    const covered = def.searchText?.covers.includes(field) ?? false;
    if (isRegexSearch(text)) {
      const source = text.slice(1, -1);
      let pattern: string;
      try {
        // Folded (lower case, no accents; escapes kept): what both databases and the worker run.
        pattern = compileLinear(source).source;
      } catch (e) {
        if (e instanceof RegexRejected) throw invalidRegex(e.message, field);
        throw e;
      }
      const literals = covered
        ? requiredLiterals(pattern)
            .map((l) => foldText(l))
            .sort((a, b) => b.length - a.length)
        : [];
      const texts = covered && !(literals[0]?.length >= MIN_LENGTH) ? literalAlternatives(pattern) : null;
      terms.push({ field, col, kind: 'regex', pattern, literals, ...(texts ? { alternatives: { texts: texts.map((l) => foldText(l)) } } : {}) });
    } else {
      const needle = foldText(text);
      terms.push({ field, col, kind: 'plain', needle, literals: covered && col.type === 'text' ? [needle] : [] });
    }
  }
  return terms;
}

/** Above this many rows holding a text's trigrams, reading them by id is no cheaper than a scan. */
const JOIN_LIMIT = 300_000;
/** Reading a row by id costs about this many rows of the narrow index scan. */
const JOIN_COST = 3;

const countOf = async (db: Kysely<Database>, query: RawBuilder<unknown>) =>
  Number((await sql<{ n: number }>`select count(*) as n from (${query}) as q`.execute(db)).rows[0]?.n ?? 0);

/**
 * Asks the trigram index (SQLite) for the rows holding each term's main literal: few → their ids; many, but
 * far fewer than the rows in scope → a join on the index (unless only one page is wanted); otherwise the
 * search scans the scope.
 */
export async function probeIndex<T>(
  db: Kysely<Database>,
  def: ListDefinition<T>,
  scope: ListScope,
  searchTerms: SearchTerm[],
  purpose: 'all' | 'page' | 'count' = 'all',
): Promise<SearchTerm[]> {
  const terms = await Promise.all(searchTerms.map((term) => anchorTerm(db, def, scope, term)));
  if (dialectOf(db) === 'postgres') {
    // The candidates spare a page the planner's walk in id order; a count reads the trigram index's rows anyway.
    return purpose === 'count' ? terms : Promise.all(terms.map((term) => postgresCandidates(db, def, scope, term)));
  }
  const fts = def.searchText?.fts;
  if (!fts) return terms;
  const table = sql.table(fts);
  return Promise.all(
    terms.map(async (term) => {
      // The sort index found the few rows an anchored regular expression can match: no trigram probe.
      if (term.anchor?.ids) return term;
      if (term.alternatives) {
        // Rows holding one of the texts: each text's trigrams ANDed, ORed across texts (a superset).
        const query = term.alternatives.texts.map((text) => `(${ftsTerms(trigramsOf(text))})`).join(' OR ');
        const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where ${table} match ${query} limit ${CANDIDATE_LIMIT + 1}`.execute(db);
        return rows.length <= CANDIDATE_LIMIT ? { ...term, alternatives: { ...term.alternatives, ids: rows.map((r) => Number(r.id)) } } : term;
      }
      const text = term.literals[0];
      // Trigrams need three characters; FTS5's LIKE has no ESCAPE clause for % and _.
      if (!text || text.length < 3 || /[%_]/.test(text)) return term;
      // Few rows holding the text's last trigrams: their ids (a superset; the field test keeps the result exact).
      const quick = quickTrigramQuery(text);
      if (quick) {
        const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where ${table} match ${quick} limit ${CANDIDATE_LIMIT + 1}`.execute(db);
        if (rows.length <= CANDIDATE_LIMIT) return { ...term, candidates: rows.map((r) => Number(r.id)) };
      }
      const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where search_text like ${`%${text}%`} limit ${CANDIDATE_LIMIT + 1}`.execute(
        db,
      );
      if (rows.length <= CANDIDATE_LIMIT) return { ...term, candidates: rows.map((r) => Number(r.id)) };
      // One page of a text held by more than CANDIDATE_LIMIT rows: reading the list in order finds its rows
      // soon (one in every few hundred at worst), where counting the trigrams' rows first costs more.
      if (purpose === 'page') return term;
      const query = trigramQuery(text);
      const found = await countOf(db, sql`select rowid from ${table} where ${table} match ${query} limit ${JOIN_LIMIT}`);
      if (found >= JOIN_LIMIT) return term;
      const bound = found * JOIN_COST;
      const inScope = await countOf(db, sql`select 1 from ${sql.table(def.table)} where ${scopeSql(scope)} limit ${bound}`);
      return inScope < bound ? term : { ...term, ftsMatch: { table: fts, query } };
    }),
  );
}

/**
 * A regular expression anchored with a fixed start on a column with a sort index: the rows in the start's
 * ranges (few: their ids; many: the ranges are tested per row, before the regular expression).
 */
async function anchorTerm<T>(db: Kysely<Database>, def: ListDefinition<T>, scope: ListScope, term: SearchTerm): Promise<SearchTerm> {
  if (term.kind !== 'regex') return term;
  const prefix = anchoredPrefix(term.pattern);
  if (!prefix) return term;
  const parent = await sortIndexParent(db, def, scope, term.col);
  if (!parent) return term;
  const { rows } = await prefixIdsSql(dialectOf(db), def.table, parent, term.col.column, prefix, { limit: CANDIDATE_LIMIT + 1 }).execute(db);
  return { ...term, anchor: { prefix, parent, ids: rows.length <= CANDIDATE_LIMIT ? rows.map((r) => Number(r.id)) : undefined } };
}

/**
 * Few rows in the ranges: their ids. Many: the ids of those the regular expression matches, read from the
 * sort index (which holds the value), so neither a page nor a count tests every row of the list.
 */
function anchorSql<T>(dialect: Dialect, def: ListDefinition<T>, term: SearchTerm, budgetKey: number | null): RawBuilder<SqlBool> {
  const { prefix, parent, ids } = term.anchor!;
  if (ids) return ids.length ? sql<SqlBool>`${ref('id')} in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`;
  // PostgreSQL's sort index holds lower(value), not the value: reading rows from it costs a heap read each
  // (1.8 s for 167,000), more than testing the ranges on the rows of the list in the page's order.
  if (dialect === 'postgres') return prefixRangeSql(dialect, term.col.column, prefix);
  return sql<SqlBool>`${ref('id')} in (${prefixIdsSql(dialect, def.table, parent, term.col.column, prefix, { test: fieldTest(dialect, term, budgetKey) })})`;
}

export const hasRegex = (terms: readonly SearchTerm[]) => terms.some((t) => t.kind === 'regex');

const ref = (column: string) => sql.ref(column);

/**
 * The folded value (foldText). PostgreSQL: decomposed (NFD), combining accents removed, lower case: foldText's
 * own steps. translate() with the fold table did the same for Latin letters at over ten times the cost (it
 * compares every character with each of the table's 687).
 */
export function folded(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`portal_fold(${ref(column)})`
    : sql<string>`lower(regexp_replace(normalize(${ref(column)}, NFD), ${COMBINING_CLASS}, '', 'g'))`;
}

/** Combining accents (U+0300–U+036F), which foldText removes. */
const COMBINING_CLASS = '[\u0300-\u036f]';

function asText(dialect: Dialect, col: ListColumn): RawBuilder<string> {
  if (col.type === 'text') return folded(dialect, col.column);
  return sql<string>`cast(${ref(col.column)} as text)`;
}

const contains = (dialect: Dialect, haystack: RawBuilder<string>, needle: string) =>
  dialect === 'sqlite' ? sql<SqlBool>`instr(${haystack}, ${needle}) > 0` : sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`;

const LIKE_SPECIAL = /[%_\\]/g;

/** PostgreSQL: `column LIKE '%text%'` with the text's LIKE characters escaped (pg_trgm's index serves it). */
export const likeContains = (column: string, text: string) =>
  sql<SqlBool>`${ref(column)} like ${`%${text.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`} escape '\\'`;

/** search_text holds the term's literals: the index's candidates, LIKE on PostgreSQL, a scan otherwise. */
function searchTextHas<T>(dialect: Dialect, def: ListDefinition<T>, term: SearchTerm): RawBuilder<SqlBool>[] {
  const column = sql<string>`${ref(def.searchText!.column)}`;
  return term.literals.flatMap((text, i) => {
    // pg_trgm finds nothing shorter than a trigram: its index would be read whole (23 s for "el").
    if (dialect === 'postgres' && Array.from(text).length < 3) return [];
    if (i === 0 && term.candidates) {
      if (!term.candidates.length) return sql<SqlBool>`1 = 0`;
      // PostgreSQL: one array parameter (up to PG_CANDIDATE_LIMIT ids; a parameter each cost more to send and plan).
      if (dialect === 'postgres') return sql<SqlBool>`${ref('id')} = any(${sql.val(term.candidates)}::bigint[])`;
      return sql<SqlBool>`${ref('id')} in (${sql.join(term.candidates)})`;
    }
    if (i === 0 && term.ftsMatch) {
      const fts = sql.table(term.ftsMatch.table);
      return sql<SqlBool>`${ref('id')} in (select rowid from ${fts} where ${fts} match ${term.ftsMatch.query})`;
    }
    if (dialect === 'postgres') return likeContains(def.searchText!.column, text);
    return contains(dialect, column, text);
  });
}

/**
 * search_text holds one of the texts: PostgreSQL LIKE … OR LIKE … (pg_trgm's index reads each text's rows);
 * SQLite the index's ids when it found few (else nothing: the regular expression reads the list).
 */
function alternativesSql<T>(dialect: Dialect, def: ListDefinition<T>, alternatives: NonNullable<TermBase['alternatives']>): RawBuilder<SqlBool>[] {
  if (alternatives.ids) return [alternatives.ids.length ? sql<SqlBool>`${ref('id')} in (${sql.join(alternatives.ids)})` : sql<SqlBool>`1 = 0`];
  if (dialect !== 'postgres') return [];
  const column = ref(def.searchText!.column);
  const likes = alternatives.texts.map((text) => sql<SqlBool>`${column} like ${`%${text.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`} escape '\\'`);
  return [sql<SqlBool>`(${sql.join(likes, sql` or `)})`];
}

/**
 * SQLite: lower() is built in but ASCII-only, so it decides for ASCII values (where it equals foldText) and
 * the JavaScript portal_fold() is only called for values holding other characters.
 */
function sqliteFoldedContains(column: string, needle: string): RawBuilder<SqlBool> {
  const c = ref(column);
  return sql<SqlBool>`(instr(lower(${c}), ${needle}) > 0 or (${c} glob '*[^ -~]*' and instr(portal_fold(${c}), ${needle}) > 0))`;
}

/** PostgreSQL: a value with as many bytes as characters is ASCII (UTF-8), where lower() is the whole fold. */
const pgAscii = (c: RawBuilder<unknown>) => sql<SqlBool>`octet_length(${c}) = char_length(${c})`;

const ASCII_TEXT = /^[\x00-\x7f]*$/;

/** Combining accents (U+0300–U+036F): foldText drops them; translate() deletes what has no counterpart. */
const COMBINING = Array.from({ length: 0x70 }, (_, i) => String.fromCharCode(0x300 + i)).join('');

/**
 * The pairs of the fold table whose folded letter occurs in an ASCII needle ('el': the 64 forms of e and l,
 * of 575), then the combining accents (deleted). Only these can turn a value into one holding the needle:
 * any other accented letter stays a letter the needle does not hold, whether translated or not.
 */
function foldPairsFor(needle: string): { from: string; to: string; any: string } {
  const from = Array.from(PG_FOLD_TABLE.from);
  const to = Array.from(PG_FOLD_TABLE.to);
  let subFrom = '';
  let subTo = '';
  from.forEach((c, i) => {
    if (needle.includes(to[i])) {
      subFrom += c;
      subTo += to[i];
    }
  });
  return { from: subFrom + COMBINING, to: subTo, any: `[${subFrom}\u0300-\u036f]` };
}

/**
 * PostgreSQL: translate() with the whole fold table is costly per value, so it runs only for values lower()
 * alone does not decide: a value whose lower case holds the needle holds it folded too. For an ASCII needle only
 * the accented forms of its own letters (and combining accents, which foldText drops) matter: the value must hold
 * one (a regular-expression class, quick) and translate() gets those alone (a count then costs about what a raw
 * strpos does).
 */
function postgresFoldedContains(column: string, needle: string): RawBuilder<SqlBool> {
  const c = ref(column);
  if (!ASCII_TEXT.test(needle)) {
    return sql<SqlBool>`(strpos(lower(${c}), ${needle}) > 0 or (not ${pgAscii(c)} and strpos(${folded('postgres', column)}, ${needle}) > 0))`;
  }
  const pairs = foldPairsFor(needle);
  return sql<SqlBool>`(strpos(lower(${c}), ${needle}) > 0 or (${c} ~ ${pairs.any} and strpos(lower(translate(${c}, ${pairs.from}, ${pairs.to})), ${needle}) > 0))`;
}

/**
 * PostgreSQL regex on a folded text column: ASCII values are matched as they are (~* ignores case); others
 * are folded (normalize(), the costly part) only when the widened pattern accepts them as stored or one of
 * their characters does not fold to exactly one (./regexWiden): any other value cannot match.
 */
function postgresFoldedRegex(column: string, pattern: string): RawBuilder<SqlBool> {
  const c = ref(column);
  const exact = sql<SqlBool>`${folded('postgres', column)} ~* ${pattern}`;
  const wide = widenedPattern(pattern, 'postgres');
  if (wide === null) return sql<SqlBool>`(case when ${pgAscii(c)} then ${c} ~* ${pattern} else ${exact} end)`;
  return sql<SqlBool>`(case when ${pgAscii(c)} then ${c} ~* ${pattern} when lower(${c}) ~ ${wide} or ${c} ~ ${unsafeClassPostgres()} then ${exact} else false end)`;
}

function fieldTest(dialect: Dialect, term: SearchTerm, budgetKey: number | null): RawBuilder<SqlBool> {
  const { col } = term;
  if (term.kind === 'regex') {
    if (dialect === 'postgres')
      return col.type === 'text' ? postgresFoldedRegex(col.column, term.pattern) : sql<SqlBool>`${asText(dialect, col)} ~* ${term.pattern}`;
    const value = col.type === 'text' ? sql`${ref(col.column)}` : sql`cast(${ref(col.column)} as text)`;
    // The widened pattern goes along for the search worker (the main thread's regexp() derives its own).
    const wide = widenedPattern(term.pattern, 'js');
    return sql<SqlBool>`regexp(${term.pattern}, ${value}, ${budgetKey}, ${wide}) = 1`;
  }
  const needle = term.needle;
  if (col.type === 'integer' || col.type === 'boolean') {
    const word = needle.trim();
    let value: number | null = null;
    if (col.type === 'integer' && /^-?\d{1,15}$/.test(word)) value = Number(word);
    if (col.type === 'boolean') value = TRUE_WORDS.has(word) ? 1 : FALSE_WORDS.has(word) ? 0 : null;
    return value === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref(col.column)} = ${value}`;
  }
  if (col.type === 'timestamp') return contains(dialect, sql<string>`${ref(col.column)}`, needle);
  return dialect === 'sqlite' ? sqliteFoldedContains(col.column, needle) : postgresFoldedContains(col.column, needle);
}

/** A condition built in code (e.g. compare's "not scanned"), used as it is. */
const isCondition = (value: ListScope[string]): value is RawBuilder<SqlBool> => typeof value === 'object' && value !== null && 'toOperationNode' in value;

function scopeParts(scope: ListScope): RawBuilder<SqlBool>[] {
  return Object.entries(scope).map(([column, value]) => {
    if (value === null) return sql<SqlBool>`${ref(column)} is null`;
    if (isCondition(value)) return value;
    if (typeof value === 'object') return value.length ? sql<SqlBool>`${ref(column)} in (${sql.join(value)})` : sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${ref(column)} = ${value}`;
  });
}

function scopeSql(scope: ListScope): RawBuilder<SqlBool> {
  const parts = scopeParts(scope);
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
}

/** The WHERE condition of a list: its scope and every search term. */
export function whereSql<T>(
  dialect: Dialect,
  def: ListDefinition<T>,
  scope: ListScope,
  terms: readonly SearchTerm[],
  budgetKey: number | null,
): RawBuilder<SqlBool> {
  const parts = scopeParts(scope);
  for (const term of terms) {
    const anchor = term.anchor ? anchorSql(dialect, def, term, budgetKey) : null;
    // Also on PostgreSQL with many rows in the ranges: as a plain condition the planner reads them from the sort index.
    if (anchor) parts.push(anchor);
    if (term.literals.length) parts.push(...searchTextHas(dialect, def, term));
    if (term.alternatives) parts.push(...alternativesSql(dialect, def, term.alternatives));
    // PostgreSQL orders conditions by its own cost estimates (it tested the regex before the ranges: 11 s
    // for '^el .* (rio|mar)'); a CASE keeps the ranges first.
    if (anchor && dialect === 'postgres' && !term.anchor?.ids)
      parts.push(sql<SqlBool>`(case when ${anchor} then ${fieldTest(dialect, term, budgetKey)} else false end)`);
    else parts.push(fieldTest(dialect, term, budgetKey));
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
}
