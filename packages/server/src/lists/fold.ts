/**
 * Folding (lower case, no accents: foldText of @portal/contract) on the database side. SQLite calls the
 * JavaScript function registered on the connection; PostgreSQL cannot (unaccent is an extension we may
 * not create), so it uses lower(translate(value, FROM, TO)) with a table derived from foldText itself for
 * the Latin letters (U+00C0–U+024F, U+1E00–U+1EFF), which covers the languages of the product.
 */
import { foldText } from '@portal/contract';

const ASCII = /^[\x00-\x7f]*$/;

/** foldText with a fast path for plain ASCII (most codes and ids). */
export function fastFold(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : foldText(text);
}

/** Removes accents but keeps case and every other character: safe on regular-expression sources (\D stays \D). */
export function stripAccents(text: string): string {
  return ASCII.test(text)
    ? text
    : text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC');
}

function buildTranslateTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const ranges: Array<[number, number]> = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges) {
    for (let cp = start; cp <= end; cp += 1) {
      const ch = String.fromCodePoint(cp);
      const folded = foldText(ch);
      if (folded.length === 1 && folded !== ch) {
        from += ch;
        to += folded;
      }
    }
  }
  return { from, to };
}

/** translate() arguments for PostgreSQL: accented letter → its folded base letter. */
export const PG_FOLD_TABLE = buildTranslateTable();
