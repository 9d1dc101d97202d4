/**
 * Each exported column as the SQL expression whose text COPY … csv writes as the cell rules write that value
 * (./cells: exportCell, then delimitedField): an empty or missing value is NULL (COPY writes it as nothing,
 * where it would quote an empty text), codes get codePrefix/codeSuffix when not empty, dates are written with
 * the format's dateFormat (moment-style tokens, as formatDate reads them), booleans as true/false, and a text
 * starting like a formula (= + - @ tab CR) gets a leading "'", as does every piece after a common separator or
 * line break (cells.ts neutralizeDelimited). Quoting (separator, quote, CR, LF) is COPY's,
 * which is the same rule.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ExportFormat } from '@portal/contract';
import type { ListColumn } from '../definition';

type Format = Pick<ExportFormat, 'dateFormat' | 'codePrefix' | 'codeSuffix'>;

const text = (value: string) => sql`${value}::text`;

/** cells.ts PIECE_FORMULA_START on PostgreSQL's regular expressions (real tab, CR and LF characters). */
const PIECE_START = '(^|[,;\t|\r\n])(?="*[=+@\t\r-])';
/** Whether PIECE_START has a match anywhere. */
const ANY_START = '(^|[,;\t|\r\n])"*[=+@\t\r-]';

/**
 * delimitedField's neutralizeDelimited(): a "'" before the text and before every piece after a common
 * separator (, ; tab |) or line break that starts like a formula (= + - @ tab CR, after quotes); '' becomes
 * NULL. Most texts are decided by one test of the (cached) regular expression.
 */
function neutralized(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(case when ${value} !~ ${text(ANY_START)} then nullif(${value}, '') else regexp_replace(${value}, ${text(PIECE_START)}, ${text("\\1'")}, 'g') end)`;
}

/** cells.ts dateParts(), on PostgreSQL's regular expressions ([0-9], not \d: digits of other scripts differ). */
export const DATE_PARTS = '^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]{1,3}))?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$';

/** formatDate's tokens, in its order. */
const TOKENS = /\[([^\]]*)\]|YYYY|YY|SSS|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a/g;

/** formatDate(value, pattern) for a value whose DATE_PARTS match is `parts` (a text[]; NULL: no date). */
export function formattedDate(value: RawBuilder<unknown>, parts: RawBuilder<unknown>, pattern: string): RawBuilder<unknown> {
  const part = (n: number) => sql`(${parts})[${sql.lit(n)}]`;
  const hour = sql`coalesce(${part(4)}, '00')::int`;
  const h12 = sql`(case when ${hour} % 12 = 0 then 12 else ${hour} % 12 end)`;
  const token = (t: string): RawBuilder<unknown> => {
    switch (t) {
      case 'YYYY':
        return part(1);
      case 'YY':
        return sql`right(${part(1)}, 2)`;
      case 'MM':
        return part(2);
      case 'M':
        return sql`(${part(2)}::int)::text`;
      case 'DD':
        return part(3);
      case 'D':
        return sql`(${part(3)}::int)::text`;
      case 'HH':
        return sql`coalesce(${part(4)}, '00')`;
      case 'H':
        return sql`${hour}::text`;
      case 'hh':
        return sql`lpad(${h12}::text, 2, '0')`;
      case 'h':
        return sql`${h12}::text`;
      case 'mm':
        return sql`coalesce(${part(5)}, '00')`;
      case 'm':
        return sql`(coalesce(${part(5)}, '0')::int)::text`;
      case 'ss':
        return sql`coalesce(${part(6)}, '00')`;
      case 's':
        return sql`(coalesce(${part(6)}, '0')::int)::text`;
      case 'SSS':
        return sql`rpad(coalesce(${part(7)}, '0'), 3, '0')`;
      case 'A':
        return sql`(case when ${hour} < 12 then 'AM' else 'PM' end)`;
      default:
        return sql`(case when ${hour} < 12 then 'am' else 'pm' end)`;
    }
  };
  const pieces: RawBuilder<unknown>[] = [];
  let at = 0;
  for (const m of pattern.matchAll(TOKENS)) {
    if (m.index > at) pieces.push(text(pattern.slice(at, m.index)));
    pieces.push(m[1] !== undefined ? text(m[1]) : token(m[0]));
    at = m.index + m[0].length;
  }
  if (at < pattern.length) pieces.push(text(pattern.slice(at)));
  const formatted = pieces.length ? sql.join(pieces, sql` || `) : sql`''::text`;
  return sql`(case when ${parts} is null then ${value} else ${formatted} end)`;
}

/**
 * The expression of one column. `formatted(i)`: the i-th column's value formatted as a date (formattedDate,
 * computed once per row in a lateral join of the query), for timestamp columns.
 */
export function copyCell(col: ListColumn, index: number, format: Format, formatted: (index: number) => RawBuilder<unknown>): RawBuilder<unknown> {
  const ref = sql.ref(col.column);
  if (col.type === 'integer') return sql`${ref}::text`;
  if (col.type === 'boolean') return sql`(case when ${ref} is null then null when ${ref}::text in ('1', 'true') then 'true' else 'false' end)`;
  if (col.type === 'timestamp') return neutralized(formatted(index));
  const prefix = format.codePrefix ?? '';
  const suffix = format.codeSuffix ?? '';
  if (col.isCode && (prefix || suffix)) {
    return neutralized(sql`(case when ${ref} = '' then null else ${text(prefix)} || ${ref} || ${text(suffix)} end)`);
  }
  return neutralized(sql`${ref}`);
}
