/**
 * Values of a list row (either database's driver: numbers may come as strings, booleans as 0/1, JSON as text
 * on SQLite and parsed on PostgreSQL) converted to the API's shapes. One place for every list's toItem.
 */

const missing = (v: unknown): v is null | undefined => v === null || v === undefined;

/** Text, '' for a missing value. */
export const text = (v: unknown): string => (missing(v) ? '' : String(v));

/** Text, null for a missing value. */
export const optionalText = (v: unknown): string | null => (missing(v) ? null : String(v));

/** A number (ids, counts), null for a missing value. */
export const optionalNumber = (v: unknown): number | null => (missing(v) ? null : Number(v));

/** A 0/1 column as a boolean. */
export const flag = (v: unknown): boolean => Number(v) === 1;

/** A JSON object column (text on SQLite, already parsed on PostgreSQL); {} for anything else. */
export function jsonObject<T extends object>(v: unknown): T {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as T;
  try {
    const parsed: unknown = JSON.parse(String(v ?? '{}'));
    return (parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as T;
  } catch {
    return {} as T;
  }
}
