/**
 * searchTexts → SQL conditions (data-areas §2: text between slashes is a regular expression; matching
 * ignores case and accents). Every value travels as a parameter; column names come from the definition.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ERROR_CODES, foldText, isRegexSearch, type SearchTexts } from '@portal/contract';
import type { Dialect } from '../db/dialect';
import { badRequest } from '../errors';
import type { ListColumn, ListDefinition, ListScope } from './definition';
import { PG_FOLD_TABLE, stripAccents } from './fold';
import { checkRegex, invalidRegex, RegexRejected, requiredLiterals } from './regex';

export type SearchTerm =
  | { field: string; col: ListColumn; kind: 'plain'; needle: string }
  | { field: string; col: ListColumn; kind: 'regex'; pattern: string };

const TRUE_WORDS = new Set(['true', '1', 'yes', 'si', 'sí', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** Validates searchTexts against the list's fields; 400 for an unknown field or an unsafe regular expression. */
export function planSearch<T>(def: ListDefinition<T>, searchTexts: SearchTexts | undefined): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const [field, text] of Object.entries(searchTexts ?? {})) {
    const col = Object.hasOwn(def.columns, field) ? def.columns[field] : undefined;
    if (!col) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Unknown search field: ${field}`, { field });
    if (text === '') continue;
    if (isRegexSearch(text)) {
      const source = text.slice(1, -1);
      try {
        checkRegex(source);
      } catch (e) {
        if (e instanceof RegexRejected) throw invalidRegex(e.message, field);
        throw e;
      }
      terms.push({ field, col, kind: 'regex', pattern: stripAccents(source) });
    } else {
      terms.push({ field, col, kind: 'plain', needle: foldText(text) });
    }
  }
  return terms;
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

function plainTerm<T>(dialect: Dialect, def: ListDefinition<T>, term: Extract<SearchTerm, { kind: 'plain' }>): RawBuilder<SqlBool> {
  const { col, needle } = term;
  if (col.type === 'integer' || col.type === 'boolean') {
    let value: number | null = null;
    if (col.type === 'integer' && /^-?\d{1,15}$/.test(needle.trim())) value = Number(needle.trim());
    if (col.type === 'boolean') value = TRUE_WORDS.has(needle.trim()) ? 1 : FALSE_WORDS.has(needle.trim()) ? 0 : null;
    return value === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref(col.column)} = ${value}`;
  }
  if (col.type === 'timestamp') return contains(dialect, sql<string>`${ref(col.column)}`, needle);
  const exact = dialect === 'sqlite' ? sqliteFoldedContains(col.column, needle) : contains(dialect, folded(dialect, col.column), needle);
  // search_text holds every covered field folded, so a row whose field contains the needle passes this
  // cheap test first (SQLite evaluates it without calling into JavaScript).
  if (def.searchText?.covers.includes(term.field)) {
    return sql<SqlBool>`(${contains(dialect, sql<string>`${ref(def.searchText.column)}`, needle)} and ${exact})`;
  }
  return exact;
}

/**
 * SQLite: lower() is built in but ASCII-only, so it decides for ASCII values (where it equals foldText) and
 * the JavaScript portal_fold() is only called for values holding other characters.
 */
function sqliteFoldedContains(column: string, needle: string): RawBuilder<SqlBool> {
  const c = ref(column);
  return sql<SqlBool>`(instr(lower(${c}), ${needle}) > 0 or (${c} glob '*[^ -~]*' and instr(portal_fold(${c}), ${needle}) > 0))`;
}

function regexTerm<T>(dialect: Dialect, def: ListDefinition<T>, term: Extract<SearchTerm, { kind: 'regex' }>, budgetKey: number | null): RawBuilder<SqlBool> {
  const { col, pattern } = term;
  const test = dialect === 'postgres'
    ? sql<SqlBool>`${asText(dialect, col)} ~* ${pattern}`
    : regexpCall(pattern, col.type === 'text' ? sql`${ref(col.column)}` : sql`cast(${ref(col.column)} as text)`, budgetKey);
  // Texts every match must contain narrow the rows first (in C on SQLite, no regular expression run).
  const literals = def.searchText?.covers.includes(term.field) ? requiredLiterals(pattern).map((l) => foldText(l)) : [];
  if (!literals.length) return test;
  const searchText = sql<string>`${ref(def.searchText!.column)}`;
  return sql<SqlBool>`(${sql.join([...literals.map((l) => contains(dialect, searchText, l)), test], sql` and `)})`;
}

const regexpCall = (pattern: string, value: RawBuilder<unknown>, budgetKey: number | null) =>
  budgetKey === null ? sql<SqlBool>`regexp(${pattern}, ${value}) = 1` : sql<SqlBool>`regexp(${pattern}, ${value}, ${budgetKey}) = 1`;

/** The WHERE condition of a list: its scope and every search term. */
export function whereSql<T>(dialect: Dialect, def: ListDefinition<T>, scope: ListScope, terms: readonly SearchTerm[], budgetKey: number | null): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = Object.entries(scope).map(([column, value]) =>
    value === null ? sql<SqlBool>`${ref(column)} is null` : sql<SqlBool>`${ref(column)} = ${value}`);
  for (const term of terms) parts.push(term.kind === 'plain' ? plainTerm(dialect, def, term) : regexTerm(dialect, def, term, budgetKey));
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
}
