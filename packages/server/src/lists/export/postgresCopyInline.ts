/**
 * COPY takes no bind parameters: a compiled query's $n become SQL literals, each the text the pg driver would
 * have sent for that parameter (prepareValue), quoted by the driver's escapeLiteral, so the server reads the
 * same untyped value. Quoted strings and identifiers in the SQL text are copied as they are.
 */
import pg from 'pg';

// The driver's own conversion of a parameter to its text (not in its typings).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): string | Buffer | null };

function literal(value: unknown): string {
  const text = value === undefined ? null : prepareValue(value);
  if (text === null) return 'NULL';
  if (typeof text !== 'string') throw new Error('A binary parameter cannot be inlined');
  return pg.escapeLiteral(text);
}

/** Where the quoted text starting at `start` (with `quote`) ends: after its closing quote (doubled quotes stay inside). */
function quotedEnd(text: string, start: number, quote: string): number {
  let at = start + 1;
  for (;;) {
    const end = text.indexOf(quote, at);
    if (end === -1) return text.length;
    if (text[end + 1] !== quote) return end + 1;
    at = end + 2;
  }
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const c = text[at];
    if (c === "'" || c === '"') {
      const end = quotedEnd(text, at, c);
      out += text.slice(at, end);
      at = end;
    } else if (c === '$' && isDigit(text[at + 1])) {
      let end = at + 1;
      while (isDigit(text[end])) end += 1;
      const index = Number(text.slice(at + 1, end)) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`No parameter ${text.slice(at, end)}`);
      out += literal(parameters[index]);
      at = end;
    } else {
      out += c;
      at += 1;
    }
  }
  return out;
}
