/**
 * searchTexts → SQL conditions (data-areas §2: text between slashes is a regular expression; matching
 * ignores case and accents). Every value travels as a parameter; column names come from the definition.
 *
 * Fields covered by the list's search_text (the folded concatenation of the item fields) are narrowed in
 * two steps: search_text must contain the text (the plain needle, or a literal every match of the regular
 * expression contains), then the field itself is tested. On SQLite with a trigram index (migration 0004),
 * a probe asks the index for the rows holding the text; when they are few (a code, a rare word) the search
 * reads only those rows, otherwise it scans the narrow (parent, search_text) index. PostgreSQL uses LIKE,
 * which its pg_trgm index serves when present.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ERROR_CODES, foldText, isRegexSearch, type SearchTexts } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import type { ListColumn, ListDefinition, ListScope } from './definition';
import { PG_FOLD_TABLE, stripAccents } from './fold';
import { checkRegex, invalidRegex, RegexRejected, requiredLiterals } from './regex';

interface TermBase {
  field: string;
  col: ListColumn;
  /** Folded texts search_text must contain (covered fields only); the first is the longest. */
  literals: string[];
  /** Ids of the rows whose search_text holds literals[0], when the index found few. */
  candidates?: number[];
}
export type SearchTerm = TermBase & ({ kind: 'plain'; needle: string } | { kind: 'regex'; pattern: string });

/** At most this many candidate ids from the index are used; above, a scan is cheaper. */
export const CANDIDATE_LIMIT = 2000;

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
      try {
        checkRegex(source);
      } catch (e) {
        if (e instanceof RegexRejected) throw invalidRegex(e.message, field);
        throw e;
      }
      const pattern = stripAccents(source);
      const literals = covered ? requiredLiterals(pattern).map((l) => foldText(l)).sort((a, b) => b.length - a.length) : [];
      terms.push({ field, col, kind: 'regex', pattern, literals });
    } else {
      const needle = foldText(text);
      terms.push({ field, col, kind: 'plain', needle, literals: covered && col.type === 'text' ? [needle] : [] });
    }
  }
  return terms;
}

/** Asks the trigram index (SQLite) for the rows holding each term's main literal; keeps the answer when small. */
export async function probeIndex<T>(db: Kysely<Database>, def: ListDefinition<T>, terms: SearchTerm[]): Promise<SearchTerm[]> {
  const fts = def.searchText?.fts;
  if (!fts || dialectOf(db) !== 'sqlite') return terms;
  return Promise.all(terms.map(async (term) => {
    const text = term.literals[0];
    // Trigrams need three characters; FTS5's LIKE has no ESCAPE clause for % and _.
    if (!text || text.length < 3 || /[%_]/.test(text)) return term;
    const { rows } = await sql<{ id: number }>`select rowid as id from ${sql.table(fts)} where search_text like ${`%${text}%`} limit ${CANDIDATE_LIMIT + 1}`.execute(db);
    return rows.length > CANDIDATE_LIMIT ? term : { ...term, candidates: rows.map((r) => Number(r.id)) };
  }));
}

export const hasRegex = (terms: readonly SearchTerm[]) => terms.some((t) => t.kind === 'regex');

const ref = (column: string) => sql.ref(column);

function folded(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`portal_fold(${ref(column)})`
    : sql<string>`lower(translate(${ref(column)}, ${PG_FOLD_TABLE.from}, ${PG_FOLD_TABLE.to}))`;
}

function asText(dialect: Dialect, col: ListColumn): RawBuilder<string> {
  if (col.type === 'text') return folded(dialect, col.column);
  return sql<string>`cast(${ref(col.column)} as text)`;
}

const contains = (dialect: Dialect, haystack: RawBuilder<string>, needle: string) =>
  dialect === 'sqlite' ? sql<SqlBool>`instr(${haystack}, ${needle}) > 0` : sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`;

const LIKE_SPECIAL = /[%_\\]/g;

/** search_text holds the term's literals: the index's candidates, LIKE on PostgreSQL, a scan otherwise. */
function searchTextHas<T>(dialect: Dialect, def: ListDefinition<T>, term: SearchTerm): RawBuilder<SqlBool>[] {
  const column = sql<string>`${ref(def.searchText!.column)}`;
  return term.literals.map((text, i) => {
    if (i === 0 && term.candidates) return term.candidates.length ? sql<SqlBool>`${ref('id')} in (${sql.join(term.candidates)})` : sql<SqlBool>`1 = 0`;
    if (dialect === 'postgres') return sql<SqlBool>`${column} like ${`%${text.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`} escape '\\'`;
    return contains(dialect, column, text);
  });
}

/**
 * SQLite: lower() is built in but ASCII-only, so it decides for ASCII values (where it equals foldText) and
 * the JavaScript portal_fold() is only called for values holding other characters.
 */
function sqliteFoldedContains(column: string, needle: string): RawBuilder<SqlBool> {
  const c = ref(column);
  return sql<SqlBool>`(instr(lower(${c}), ${needle}) > 0 or (${c} glob '*[^ -~]*' and instr(portal_fold(${c}), ${needle}) > 0))`;
}

function fieldTest(dialect: Dialect, term: SearchTerm, budgetKey: number | null): RawBuilder<SqlBool> {
  const { col } = term;
  if (term.kind === 'regex') {
    if (dialect === 'postgres') return sql<SqlBool>`${asText(dialect, col)} ~* ${term.pattern}`;
    const value = col.type === 'text' ? sql`${ref(col.column)}` : sql`cast(${ref(col.column)} as text)`;
    return budgetKey === null ? sql<SqlBool>`regexp(${term.pattern}, ${value}) = 1` : sql<SqlBool>`regexp(${term.pattern}, ${value}, ${budgetKey}) = 1`;
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
  return dialect === 'sqlite' ? sqliteFoldedContains(col.column, needle) : contains(dialect, folded(dialect, col.column), needle);
}

/** The WHERE condition of a list: its scope and every search term. */
export function whereSql<T>(dialect: Dialect, def: ListDefinition<T>, scope: ListScope, terms: readonly SearchTerm[], budgetKey: number | null): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = Object.entries(scope).map(([column, value]) =>
    value === null ? sql<SqlBool>`${ref(column)} is null` : sql<SqlBool>`${ref(column)} = ${value}`);
  for (const term of terms) {
    if (term.literals.length) parts.push(...searchTextHas(dialect, def, term));
    parts.push(fieldTest(dialect, term, budgetKey));
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
}
