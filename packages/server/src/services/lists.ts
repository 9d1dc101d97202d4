/**
 * In-memory search, sort and paging for the small lists (users, libraries: hundreds of rows at most, already
 * narrowed to what the caller may see). Item lists with many rows search in SQL on their search_text column.
 */
import { foldText, isRegexSearch, type ListParams } from '@portal/contract';
import { badRequest } from '../errors';
import { compileLinear } from '../lists/linearRegex';
import { invalidRegex, RegexRejected } from '../lists/regex';

export type FieldValue = string | number | boolean | null | undefined | readonly (string | number)[];

function asText(value: FieldValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(' ');
  return String(value);
}

function compare(a: FieldValue, b: FieldValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return asText(a).localeCompare(asText(b), 'es', { sensitivity: 'base', numeric: true });
}

/**
 * One search text as a row test: a regular expression on the linear-time matcher (the item lists' safe
 * subset: no pattern can stall the server), else a folded substring.
 */
function matcher<T extends Record<string, FieldValue>>(field: keyof T & string, text: string): (row: T) => boolean {
  if (isRegexSearch(text)) {
    try {
      const re = compileLinear(text.slice(1, -1));
      return (row) => re.test(asText(row[field]));
    } catch (e) {
      if (e instanceof RegexRejected) throw invalidRegex(e.message, field);
      throw e;
    }
  }
  const needle = foldText(text);
  return (row) => foldText(asText(row[field])).includes(needle);
}

/**
 * Filters by every searchTexts entry (all must match), sorts by order, then pages. Unknown field names in
 * searchTexts or order are a 400 VALIDATION_ERROR.
 */
export function applyList<T extends Record<string, FieldValue>>(rows: T[], params: ListParams, fields: readonly (keyof T & string)[]) {
  let result = rows;
  for (const [field, text] of Object.entries(params.searchTexts ?? {})) {
    if (!fields.includes(field)) throw badRequest(undefined, `Unknown search field: ${field}`, { field });
    if (!text) continue;
    result = result.filter(matcher(field, text));
  }
  if (params.order) {
    const [field, direction] = params.order;
    if (!fields.includes(field)) throw badRequest(undefined, `Unknown order field: ${field}`, { field });
    const sign = direction === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => sign * compare(a[field], b[field]));
  }
  const offset = params.offset ?? 0;
  const limit = params.limit ?? result.length;
  return { items: result.slice(offset, offset + limit), total: result.length };
}
