/** Patterns and values of the regular-expression tests (./regexWiden.test, ./regexScan.test, ./regexWholeList.test). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { foldText } from '@portal/contract';
import { compileLinear } from '../linearRegex';

export const WIDEN_PATTERNS = [
  '^\\d{4}[a-z]$',
  '[xz]{3}',
  'q\\w*z',
  '^el .* (rio|mar)',
  '^[A-Z ]+$',
  '[aeiou]{4}',
  '[ÁÉÍÓÚ][^ ,]*[ÁÉÍÓÚ]',
  'a.o',
  '^.{3}$',
  '^.{4}$',
  '[^a-z ]',
  '[^\\d]{5}',
  '\\D\\W\\S',
  '\\w+\\s\\w+$',
  'n[^a]',
  'ñ',
  'CAFÉ',
  'cafe$',
  '(?:ab)+?c|ba',
  'x{2,3}|^y',
  'k',
  '^i',
  'ss',
  'σ$',
  '\\.',
  '[-,]',
  '^\\s',
  'o\\b'.replace('\\b', ''),
  '[^\\w]',
  '(e|é)l',
  '^(?:[a-f]|z)\\d?$',
  // Texts in alternations (./regexAlternatives): the substring index's rows first.
  '(ción|NIÑO)',
  'x(ndo|ada)',
  '^e. .* (rio|mar)',
  '(?:río|mar)$',
  '(zzzz|qqqq)',
];

export const WIDEN_VALUES = [
  'Canción',
  'CANCIÓN',
  'cancio\u0301n',
  'Niño',
  'NIÑO',
  'nin\u0303o',
  'Ørsted',
  'Straße',
  'İstanbul',
  'istanbul',
  'ΟΔΟΣ',
  'οδος',
  '\u212Aelvin',
  'kelvin',
  '한국어',
  '\u1100\u1161',
  '😀 x',
  'café',
  'CAFE\u0301',
  'El río mar',
  'ÉL RÍO',
  'e\u0301l mar',
  'abc1234',
  '1234a',
  '1234á',
  '1234Á',
  'xxz',
  'xx\u0301z',
  'quiz',
  'QUÍZ',
  'a\u00a0b',
  'a\u2028b',
  'a\nb',
  '',
  ' ',
  'ãeiou',
  'áéíóú',
  'Ação',
  'Łódź',
  'Ærø',
  'ABC DEF',
  'Ábc déf',
  'ab.c',
  '-,',
  'Œuvre',
  'ﬁn',
  'x2',
  'f',
  'f1',
  'Z9',
  'ß',
  'ǅ',
  'ǆa',
  'Ⅻ',
  'ʼn',
  'Un niño grande',
  'El Río',
  'xndo',
  'Canción de mar',
  'ÉS de RÍO',
  'a xada',
];

/** Deterministic random strings over an alphabet holding every kind of character above. */
export function randomValues(count: number): string[] {
  const alphabet = Array.from(
    new Set([...'abcdefghijklmnopqrstuvwxyzAEIOUXZ0123456789 .,-\n', ...WIDEN_VALUES.join(''), '\u0301', '\u0303', '\u0327', 'ς', 'Σ', 'ŉ', '\u0130']),
  );
  let x = 20261123;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

/**
 * Where PostgreSQL's own engine means something else than JavaScript's on the folded value, whatever the first
 * test: \w \W \s \S and [^\w] follow the database's character classes for non-ASCII characters, '.' matches a
 * newline, ~* matches 'σ' with the final 'ς' of a folded 'Σ' (lower() of a C database leaves non-ASCII case).
 * There the expected rows are those of the exact folded test in SQL (no widened test).
 */
const ENGINE_SPECIFIC = /\\[wWsS]|\.|[^\x00-\x7f]/;

/** The codes of `rows` (a catalogue's items, in id order) whose field1 matches `pattern` once folded. */
export async function expectedCodes(db: Kysely<Database>, catalogueId: number, rows: { code: string; field1: string }[], pattern: string): Promise<string[]> {
  const source = compileLinear(pattern).source;
  if (!process.env.TEST_DATABASE_URL || !ENGINE_SPECIFIC.test(source)) {
    const re = new RegExp(source);
    return rows.filter((r) => re.test(foldText(r.field1))).map((r) => r.code);
  }
  const { rows: found } = await sql<{ code: string }>`select code from catalogue_items where catalogue_id = ${catalogueId} and (case
    when octet_length(field1) = char_length(field1) then field1 ~* ${source}
    else lower(regexp_replace(normalize(field1, NFD), '[̀-ͯ]', '', 'g')) ~* ${source} end) order by id`.execute(db);
  return found.map((r) => r.code);
}
