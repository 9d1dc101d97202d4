/**
 * Folding (lower case, no accents: foldText of @portal/contract) on the database side. SQLite calls the
 * JavaScript function registered on the connection; PostgreSQL cannot (unaccent is an extension we may
 * not create), so it uses lower(translate(value, FROM, TO)) with a table derived from foldText itself for
 * the Latin letters (U+00C0–U+024F, U+1E00–U+1EFF), which covers the languages of the product.
 */
import { foldText, stripAccents as withoutAccents } from '@portal/contract';

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Latin letters and combining accents (U+0080–U+036F, U+1E00–U+1EFF) without their accents, case kept: each
 * decomposes into letters of these ranges and accents that folding removes, so stripping them one by one is
 * stripping the whole text.
 */
const LATIN = /^[\x00-\u036f\u1e00-\u1eff]*$/;
const stripped = new Map<number, string>();

function stripLatin(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    let s = stripped.get(c);
    if (s === undefined) stripped.set(c, (s = withoutAccents(text[i]!)));
    out += text.slice(from, i) + s;
    from = i + 1;
  }
  return out + text.slice(from);
}

/** foldText with fast paths for plain ASCII (most codes and ids) and Latin text (titles, names). */
export function fastFold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return LATIN.test(text) ? stripLatin(text).toLowerCase() : foldText(text);
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
