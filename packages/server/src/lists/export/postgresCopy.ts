/**
 * The fast path of csv and txt exports on PostgreSQL: the database writes the file itself through
 * `COPY (select …) TO STDOUT (format csv)` on one connection of the pool, streamed to the response as it comes
 * (the connection's socket is paused while the client does not read: backpressure), with the list's scope,
 * search and order as the list has them (whereSql, orderSql). Each column is an expression giving the text the
 * cell rules write (./postgresCopyCells); COPY quotes as they do; its LF row ends become CRLF
 * (./postgresCopyLines). The header and the csv byte order mark are written by the caller.
 *
 * Not taken (null: the caller's cursor path) for regular expressions (their time budget is per statement, an
 * export's COPY is one long statement), one column (COPY quotes a lone `\.`, the cell rules do not), and
 * separators COPY cannot use (longer than one byte, a quote, CR, LF, NUL).
 *
 * Closing the stream, failing, or a reader taking nothing for idleMs, ends the connection at once (the pool
 * drops it; the server process ends at its next write): a COPY cannot be stopped and the connection reused.
 */
import { sql, type Kysely } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import type { ExportFormat } from '@portal/contract';
import { dialectOf } from '../../db/connect';
import { postgresPool } from '../../db/postgresPool';
import type { Database } from '../../db/schema';
import type { ListColumn } from '../definition';
import { orderSql } from '../engine';
import { hasRegex, whereSql } from '../search';
import { ExportIdle, STREAM_IDLE_MS, type StreamRequest } from '../stream';
import { closingAlso } from './closingAlso';
import { copyCell, DATE_PARTS, formattedDate } from './postgresCopyCells';
import { inlineParameters } from './postgresCopyInline';
import { CsvLineEnds } from './postgresCopyLines';

type Format = Pick<ExportFormat, 'dateFormat' | 'codePrefix' | 'codeSuffix'>;

/** Exports that took this path, and connections they hold now (tests). */
export const copyPathRuns = { started: 0, holding: 0 };

/** A one-byte separator COPY accepts and quotes like delimitedField: printable ASCII or tab, not a quote. */
const COPY_SEPARATOR = /^[\t\x20-\x21\x23-\x7e]$/;

/** The COPY statement (parameters inlined: COPY takes none). */
export function copyStatement<T>(db: Kysely<Database>, request: StreamRequest<T>, columns: readonly ListColumn[], format: Format, separator: string): string {
  const { def, scope, terms, order } = request;
  const dates = columns.map((c, i) => (c.type === 'timestamp' ? i : -1)).filter((i) => i >= 0);
  const formatted = (i: number) => sql.ref(`portal_copy_formatted.f${i}`);
  // Named apart from the table's columns: ORDER BY "id" would otherwise sort by an output column (the text of id).
  const cells = sql.join(columns.map((col, i) => sql`${copyCell(col, i, format, formatted)} as ${sql.ref(`portal_copy_${i}`)}`));
  // Dates: each value's DATE_PARTS match, then its text in the dateFormat, once per row.
  const pattern = format.dateFormat || 'YYYY-MM-DD HH:mm:ss';
  const lateral = dates.length
    ? sql` cross join lateral (select ${sql.join(dates.map((i) => sql`regexp_match(${sql.ref(columns[i].column)}, ${DATE_PARTS}) as ${sql.ref(`d${i}`)}`))}) as portal_copy_dates
      cross join lateral (select ${sql.join(dates.map((i) => sql`${formattedDate(sql.ref(columns[i].column), sql.ref(`portal_copy_dates.d${i}`), pattern)} as ${sql.ref(`f${i}`)}`))}) as portal_copy_formatted`
    : sql``;
  const select = sql`select ${cells} from ${sql.table(def.table)}${lateral} where ${whereSql('postgres', def, scope, terms, null)} order by ${orderSql('postgres', def, order ?? undefined)}`;
  const query = sql`copy (${select}) to stdout with (format csv, delimiter ${separator}, quote '"', escape '"', null '')`.compile(db);
  return inlineParameters(query.sql, query.parameters);
}

/**
 * Chunks of finished lines (CRLF each) of the rows `request` selects, the first one already read (a failing
 * query answers its error before any byte is sent), or null where this path does not apply.
 */
export async function postgresCopyChunks<T>(
  db: Kysely<Database>,
  request: StreamRequest<T>,
  columns: readonly ListColumn[],
  format: Format,
  separator: string,
): Promise<AsyncGenerator<Buffer> | null> {
  const pool = dialectOf(db) === 'postgres' ? postgresPool(db) : null;
  if (!pool || hasRegex(request.terms) || columns.length < 2 || !COPY_SEPARATOR.test(separator)) return null;
  const statement = copyStatement(db, request, columns, format, separator);
  const idleMs = request.idleMs ?? STREAM_IDLE_MS;
  const client = await pool.connect();
  copyPathRuns.started += 1;
  copyPathRuns.holding += 1;
  let released = false;
  // A checked-out client has no error listener of the pool's: a connection lost mid-COPY (database restart,
  // network) would end the process. The COPY stream gets the error too, and the export fails with it.
  const lost = () => release(true);
  client.on('error', lost);
  /** Back to the pool (the COPY ended and committed), or dropped with its connection (anything else). */
  const release = (drop: boolean) => {
    if (released) return;
    released = true;
    copyPathRuns.holding -= 1;
    // A dropped client keeps the listener for errors of its ending connection.
    if (!drop) client.removeListener('error', lost);
    client.release(drop ? new Error('Export stopped: its COPY connection is dropped') : undefined);
  };
  let idle = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    let ended = false;
    try {
      await client.query("begin read only; set local statement_timeout = 0; set local client_encoding = 'UTF8'");
      const copy = client.query(copyTo(statement, { highWaterMark: 64 * 1024 }));
      const ends = new CsvLineEnds();
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        // A reader that takes nothing for idleMs loses the connection at that moment, not when it comes back.
        const timer = setTimeout(() => {
          idle = true;
          release(true);
        }, idleMs);
        try {
          yield ends.convert(chunk);
        } finally {
          clearTimeout(timer);
        }
        if (idle) throw new ExportIdle(idleMs);
      }
      // Every row has come (CommandComplete): a read-only transaction's commit changes nothing, so a
      // connection lost before it only drops the connection, and the file is complete.
      ended = await client.query('commit').then(
        () => true,
        () => false,
      );
    } catch (e) {
      throw idle ? new ExportIdle(idleMs) : e;
    } finally {
      release(!ended);
    }
  }
  const stream = closingAlso(chunks(), {
    return: async () => {
      release(true);
      return { done: true, value: undefined };
    },
  });
  const first = await stream.next().catch(async (e: unknown) => {
    await stream.return(undefined);
    throw e;
  });
  return closingAlso(
    (async function* all(): AsyncGenerator<Buffer> {
      if (!first.done) yield first.value;
      yield* stream;
    })(),
    stream,
  );
}
