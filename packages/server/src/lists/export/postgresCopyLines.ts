/**
 * PostgreSQL's COPY … csv ends each row with LF; our files end lines with CRLF (RFC 4180, as the cell rules
 * write them). A LF is a row's end unless it lies inside a quoted field (COPY quotes a field holding CR or LF
 * and doubles its quotes), which an even count of quote bytes before it tells: CR goes before each row end,
 * across chunk boundaries, nothing else changes.
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class CsvLineEnds {
  private inQuotes = false;

  /** The chunk with CR before each row-ending LF (the chunk itself when it ends no row). */
  convert(chunk: Buffer): Buffer {
    const ends: number[] = [];
    let quote = chunk.indexOf(QUOTE);
    let inQuotes = this.inQuotes;
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
      while (quote !== -1 && quote < lf) {
        inQuotes = !inQuotes;
        quote = chunk.indexOf(QUOTE, quote + 1);
      }
      if (!inQuotes) ends.push(lf);
    }
    for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) inQuotes = !inQuotes;
    this.inQuotes = inQuotes;
    if (!ends.length) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      at += chunk.copy(out, at, from, end);
      out[at] = CR;
      at += 1;
      from = end;
    }
    chunk.copy(out, at, from);
    return out;
  }
}
