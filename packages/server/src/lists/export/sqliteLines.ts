/**
 * The fast path of csv and txt exports on a SQLite file: when every exported column is a text
 * column and the separator is one character, SQLite joins each row's fields into one text itself
 * (`id␟field␀field…`: ifnull(x, ''), codes as codePrefix || code || codeSuffix when not empty) and hands over
 * one string per row (better-sqlite3 pluck) instead of an array of them. Without a search that calls the
 * server's SQL functions, the rows are read in a worker thread (./lineWorker.js) while this thread writes the
 * previous batch. Each row's line is made here: a field is written as it is, or in quotes when it holds the
 * separator; a row with a quote, a line break or a field (or a piece after , ; tab |) starting like a formula
 * anywhere takes the cell rules (neutralize, delimitedField) field by field, and a row whose value held the
 * field separator is read again by id as an array (delimitedArrayLine). The bytes are those of the generic
 * path (sqliteLines.test.ts).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { ExportFormat } from '@portal/contract';
import type { Database } from '../../db/schema';
import type { ListColumn } from '../definition';
import { orderSql } from '../engine';
import { hasRegex, whereSql } from '../search';
import { openSqliteReader, sqliteFile } from '../sqlite';
import { ExportIdle, STREAM_IDLE_MS, type StreamRequest } from '../stream';
import { delimitedArrayLine, delimitedField, neutralize, SPLIT_FORMULA_START } from './cells';

/** Rows per batch (about 90 bytes a row in the large profile: ~360 KB of text). */
export const LINE_BATCH = 4000;

type Format = Pick<ExportFormat, 'dateFormat' | 'codePrefix' | 'codeSuffix'>;

/** Between the row's id and its fields (ids are digits, so the first one is ours). */
const ID_END = '\u001f';
/** Between two fields in the text SQLite makes (a value holding one is found by the field count). */
const FIELD_END = '\u0000';

/**
 * A quote or line break anywhere, a field starting like a formula, or a formula start after a common separator
 * (cells.ts SPLIT_FORMULA_START): such a row takes the cell rules.
 */
const SPECIAL = new RegExp(`["\\r\\n]|[\\u0000\\u001f][=+\\-@\\t\\r]|${SPLIT_FORMULA_START.source}`);

/** The rows' texts of one batch, and the rows read again as arrays (by index in the batch). */
interface LineBatch {
  rows: string[];
  odd: Map<number, unknown[]>;
}

/** Exports that took this path, by where the rows were read, and worker threads running now (tests). */
export const linePathRuns = { worker: 0, here: 0, workersRunning: 0 };

interface LineQuery {
  file: string;
  sql: string;
  parameters: readonly unknown[];
  byIdSql: string;
  count: number;
  size: number;
  idleMs: number;
}

/**
 * UTF-8 chunks of finished lines (CRLF each) of the rows `request` selects, or null where this path does not apply
 * (PostgreSQL, in-memory SQLite, regular expressions, a column that is not text, a longer separator).
 */
export function sqliteLineChunks<T>(
  db: Kysely<Database>,
  request: StreamRequest<T>,
  columns: readonly ListColumn[],
  format: Format,
  separator: string,
): AsyncGenerator<Buffer> | null {
  const file = sqliteFile(db);
  if (!file || hasRegex(request.terms) || !columns.length || separator.length !== 1 || /["\r\n\u0000\u001f]/.test(separator)) return null;
  if (columns.some((c) => c.type !== 'text')) return null;
  const prefix = format.codePrefix ?? '';
  const suffix = format.codeSuffix ?? '';
  const field = (col: ListColumn) => {
    const ref = sql.ref(col.column);
    // exportCell: an empty or missing code stays empty, without prefix and suffix.
    return col.isCode && (prefix || suffix)
      ? sql`(case when ${ref} is null or ${ref} = '' then '' else ${prefix} || ${ref} || ${suffix} end)`
      : sql`ifnull(${ref}, '')`;
  };
  const { def, scope, terms, order } = request;
  const fields = sql.join(columns.map(field), sql`|| ${FIELD_END} ||`);
  const where = whereSql('sqlite', def, scope, terms, null);
  const query =
    sql`select cast(${sql.ref('id')} as text) || ${ID_END} || ${fields} from ${sql.table(def.table)} where ${where} order by ${orderSql('sqlite', def, order ?? undefined)}`.compile(
      db,
    );
  const byId = sql`select ${sql.join(columns.map((c) => sql.ref(c.column)))} from ${sql.table(def.table)} where ${sql.ref('id')} = ?`.compile(db);
  const lineQuery: LineQuery = {
    file,
    sql: query.sql,
    parameters: query.parameters,
    byIdSql: byId.sql,
    count: columns.length,
    size: request.batchSize ?? LINE_BATCH,
    idleMs: request.idleMs ?? STREAM_IDLE_MS,
  };
  // The worker's connection has none of the server's SQL functions (searches through folded text call one).
  const here = /portal_fold\(|regexp\(/.test(query.sql);
  linePathRuns[here ? 'here' : 'worker'] += 1;
  const batches = here ? readHere(db, lineQuery) : readInWorker(lineQuery);
  return linesOf(batches, columns, format, separator);
}

async function* linesOf(batches: AsyncGenerator<LineBatch>, columns: readonly ListColumn[], format: Format, separator: string): AsyncGenerator<Buffer> {
  const count = columns.length;
  const slowLine = delimitedArrayLine(columns, format, separator);
  const specialField = (text: string) => (text === '' ? '' : delimitedField(neutralize(text), separator));
  const lineOf = (text: string): string => {
    const values = text.split(FIELD_END);
    values[0] = values[0].slice(values[0].indexOf(ID_END) + 1);
    const special = SPECIAL.test(text);
    let out = '';
    for (let i = 0; i < count; i += 1) {
      const value = values[i];
      if (i) out += separator;
      // Without quotes, line breaks or formula starts, only the separator asks for quotes.
      out += special ? specialField(value) : value.indexOf(separator) === -1 ? value : `"${value}"`;
    }
    return `${out}\r\n`;
  };
  const bytes = new BatchBytes();
  for await (const { rows, odd } of batches) {
    bytes.start();
    for (let i = 0; i < rows.length; i += 1) {
      const row = odd.get(i);
      bytes.add(row ? slowLine(row) : lineOf(rows[i]));
    }
    yield bytes.take();
  }
}

/**
 * A batch's lines written as UTF-8 one by one into a scratch buffer, then copied out at their size: adding
 * 4,000 lines to one text and encoding it flattened a deep rope (~0.4 s per million rows more).
 */
class BatchBytes {
  private scratch = Buffer.allocUnsafe(1 << 20);
  private used = 0;

  start(): void {
    this.used = 0;
  }

  add(line: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    const most = line.length * 3;
    if (this.used + most > this.scratch.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.scratch.length * 2, this.used + most));
      this.scratch.copy(larger, 0, 0, this.used);
      this.scratch = larger;
    }
    this.used += this.scratch.write(line, this.used, 'utf8');
  }

  take(): Buffer {
    return Buffer.from(this.scratch.subarray(0, this.used));
  }
}

/** How many fields a row's text holds. */
function fieldCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf(FIELD_END); i !== -1; i = text.indexOf(FIELD_END, i + 1)) n += 1;
  return n;
}

/** Hands a batch to the consumer; ExportIdle when it took longer than idleMs to ask for the next one. */
async function* handOver(batch: LineBatch, idleMs: number): AsyncGenerator<LineBatch> {
  const handedOver = performance.now();
  yield batch;
  if (performance.now() - handedOver > idleMs) throw new ExportIdle(idleMs);
}

/** On this thread, on a reader connection of the file (searches that call the server's SQL functions). */
async function* readHere(db: Kysely<Database>, q: LineQuery): AsyncGenerator<LineBatch> {
  const reader = openSqliteReader(db);
  if (!reader) throw new Error('No SQLite file to read');
  try {
    const again = reader.prepare(q.byIdSql).raw(true);
    const iterator = reader
      .prepare(q.sql)
      .pluck(true)
      .iterate(...(q.parameters as unknown[])) as IterableIterator<string>;
    try {
      for (;;) {
        const rows: string[] = [];
        const odd = new Map<number, unknown[]>();
        let done = false;
        while (rows.length < q.size) {
          const next = iterator.next();
          if (next.done) {
            done = true;
            break;
          }
          const text = next.value;
          if (fieldCount(text) !== q.count) odd.set(rows.length, again.get(Number(text.slice(0, text.indexOf(ID_END)))) as unknown[]);
          rows.push(text);
        }
        if (rows.length) yield* handOver({ rows, odd }, q.idleMs);
        if (done) return;
      }
    } finally {
      iterator.return?.();
    }
  } finally {
    reader.close();
  }
}

interface WorkerBatch {
  texts?: string[];
  odd?: [number, unknown[]][];
  done?: boolean;
  error?: string;
}

/** In a worker thread of its own, one batch ahead of the consumer. */
async function* readInWorker(q: LineQuery): AsyncGenerator<LineBatch> {
  const worker = new Worker(path.join(__dirname, 'lineWorker.js'), {
    workerData: { file: q.file, sql: q.sql, parameters: q.parameters, byIdSql: q.byIdSql, count: q.count, size: q.size, idEnd: ID_END, fieldEnd: FIELD_END },
  });
  linePathRuns.workersRunning += 1;
  const arrived: WorkerBatch[] = [];
  let wake: (() => void) | null = null;
  const deliver = (message: WorkerBatch) => {
    arrived.push(message);
    wake?.();
  };
  worker.on('message', deliver);
  worker.on('error', (e: Error) => deliver({ error: e.message }));
  worker.on('exit', () => deliver({ error: 'The export reader stopped' }));
  try {
    worker.postMessage('more');
    worker.postMessage('more');
    for (;;) {
      if (!arrived.length)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      wake = null;
      const message = arrived.shift()!;
      if (message.error !== undefined) throw new Error(message.error);
      if (!message.done) worker.postMessage('more');
      const rows = message.texts!;
      if (rows.length) yield* handOver({ rows, odd: new Map(message.odd) }, q.idleMs);
      if (message.done) return;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
    linePathRuns.workersRunning -= 1;
  }
}
