/**
 * Export of a list (access-shell-dashboard §7 export call): the rows matching searchTexts, in the given
 * order, with the chosen columns, as csv, txt or xlsx in the caller's format, streamed with flat memory:
 * rows come from the database in batches and the next batch is only read when the client has taken the
 * previous output (backpressure). xlsx goes through ./xlsxWriter (streaming, inline strings) and is refused with
 * MAX_XLS_ROWS_EXCEEDED above Excel's row limit (header included).
 */
import { Readable } from 'node:stream';
import { DEFAULT_EXPORT_FORMAT, ERROR_CODES, EXPORT_VALUE_MAX, type ExportBody, type ExportFormat } from '@portal/contract';
import { ApiError, badRequest } from '../../errors';
import type { AuthUser, Deps } from '../../services/context';
import { readFormat } from '../../services/format';
import type { ListColumn, ListDefinition, ListScope, Row } from '../definition';
import { countMatching } from '../engine';
import { separatorText } from '../files/csv';
import { planSearch, probeIndex } from '../search';
import { streamRowArrays, streamRows } from '../stream';
import { resolveListsConfig } from '../config';
import { takeSlot } from '../userSlots';
import { columnName, sheetRow, xlsxFile } from './xlsxWriter';
import { sqliteLineChunks } from './sqliteLines';
import { postgresCopyChunks } from './postgresCopy';
import { closingAlso } from './closingAlso';
import { delimitedArrayLine, delimitedField, delimitedLine, exportCell, neutralize, type ExportCell } from './cells';

export interface ExportFile {
  stream: Readable;
  fileName: string;
  contentType: string;
}

export interface ExportOptions {
  maxXlsRows: number;
  /** File name without extension (sanitised for Content-Disposition). */
  baseName: string;
  batchSize?: number;
  /** PostgreSQL: false reads the rows through a cursor instead of COPY (bench:export's `--cursor-too` runs). */
  copy?: boolean;
}

const CONTENT_TYPES: Record<ExportFormat['fileType'], string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface Column {
  title: string;
  col: ListColumn;
  /** Filled by the definition's labels, not read from the table. */
  label: boolean;
}

function exportColumns<T>(def: ListDefinition<T>, requested: ExportBody['columns']): Column[] {
  const list = requested?.length ? requested : Object.keys(def.columns).map((id) => ({ id, title: id }));
  return list.map((requestedColumn) => {
    const { id, title } = requestedColumn;
    const { values } = requestedColumn as { values?: Readonly<Record<string, string>> };
    if (values && Object.keys(values).some((value) => value.length > EXPORT_VALUE_MAX)) {
      throw badRequest(ERROR_CODES.VALIDATION_ERROR, `A labelled value is longer than ${EXPORT_VALUE_MAX} characters`, { column: id });
    }
    const col = Object.hasOwn(def.columns, id) ? def.columns[id] : undefined;
    const label = !col && def.labels && Object.hasOwn(def.labels.columns, id) ? def.labels.columns[id] : undefined;
    if (!col && !label) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Unknown export column: ${id}`, { column: id });
    const listColumn = (col ?? label)!;
    return { title, col: values && Object.keys(values).length ? { ...listColumn, values } : listColumn, label: !col };
  });
}

async function effectiveFormat(deps: Deps, user: AuthUser, given: ExportBody['format']): Promise<ExportFormat> {
  const saved = await readFormat(deps.db, user.id).catch(() => DEFAULT_EXPORT_FORMAT);
  const merged = { ...saved, ...(given ?? {}) } as ExportFormat;
  if (!['csv', 'txt', 'xlsx'].includes(merged.fileType))
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'fileType must be csv, txt or xlsx', { field: 'fileType' });
  return merged;
}

/** Content-Disposition with an ASCII fallback name and the UTF-8 one. */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 150) || 'export';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export async function exportList<T>(
  deps: Deps,
  user: AuthUser,
  def: ListDefinition<T>,
  scope: ListScope,
  body: ExportBody,
  options: ExportOptions,
): Promise<ExportFile> {
  const lists = resolveListsConfig(deps.config.lists);
  // Held until the file is sent or the client goes away.
  const release = takeSlot(user.id, 'export', lists.slots);
  try {
    const file = await exportFile(deps, user, def, scope, body, options, lists.exportIdleMs);
    file.stream.once('close', release);
    return file;
  } catch (e) {
    release();
    throw e;
  }
}

async function exportFile<T>(
  deps: Deps,
  user: AuthUser,
  def: ListDefinition<T>,
  scope: ListScope,
  body: ExportBody,
  options: ExportOptions,
  idleMs: number,
): Promise<ExportFile> {
  const format = await effectiveFormat(deps, user, body.format);
  const columns = exportColumns(def, body.columns);
  const terms = await probeIndex(deps.db, def, scope, planSearch(def, body.searchTexts));
  if (format.fileType === 'xlsx') {
    const rows = await countMatching(deps.db, def, scope, terms);
    if (rows + (format.firstRowHeader ? 1 : 0) > options.maxXlsRows) {
      throw new ApiError(400, ERROR_CODES.MAX_XLS_ROWS_EXCEEDED, 'The number of rows exceeds the maximum allowed for Excel exports', {
        rows,
        max: options.maxXlsRows,
      });
    }
  }
  const header = format.firstRowHeader ? columns.map((c) => neutralize(c.title)) : null;
  const fileName = `${options.baseName}.${format.fileType}`;
  const contentType = CONTENT_TYPES[format.fileType];
  const request = { def, scope, terms, order: body.order ?? undefined, batchSize: options.batchSize, idleMs };
  const listColumns = columns.map((c) => c.col);
  // Without label columns on a SQLite file: rows as arrays of the exported columns only.
  const noLabels = !columns.some((c) => c.label);
  // The database writes the lines itself only when no value is written as its label.
  const byDatabase = noLabels && format.fileType !== 'xlsx' && !listColumns.some((c) => c.values);
  const lines = byDatabase ? sqliteLineChunks(deps.db, request, listColumns, format, separatorText(format)) : null;
  if (lines) return { stream: delimitedStream(format, header, await startedBatches(lines)), fileName, contentType };
  // PostgreSQL writes the file itself (COPY … TO STDOUT).
  const copied = byDatabase && options.copy !== false ? await postgresCopyChunks(deps.db, request, listColumns, format, separatorText(format)) : null;
  if (copied) return { stream: delimitedStream(format, header, copied), fileName, contentType };
  const arrays = noLabels
    ? streamRowArrays(
        deps.db,
        request,
        listColumns.map((c) => c.column),
      )
    : null;
  if (arrays) {
    const source = await startedBatches(arrays);
    if (format.fileType === 'xlsx')
      return {
        stream: xlsxStream(header, source, (row) => listColumns.map((col, i) => exportCell(row[i], col, format)), columns.length),
        fileName,
        contentType,
      };
    return { stream: delimitedStream(format, header, chunksOf(source, delimitedArrayLine(listColumns, format, separatorText(format)))), fileName, contentType };
  }
  // Names from other tables (labels) are looked up once per batch, only when a column asks for them.
  const labels = columns.some((c) => c.label) ? def.labels : undefined;
  // Without labels only the exported columns are read (labels may need others, e.g. a group id).
  const source = await startedBatches(
    streamRows(deps.db, labels ? request : { ...request, columns: listColumns.map((c) => c.column) }),
    labels && ((batch) => labels.fill(deps.db, batch)),
  );
  const stream =
    format.fileType === 'xlsx'
      ? xlsxStream(header, source, (row: Row) => listColumns.map((col) => exportCell(row[col.column], col, format)), columns.length)
      : delimitedStream(format, header, chunksOf(source, delimitedLine(listColumns, format, separatorText(format))));
  return { stream, fileName, contentType };
}

/**
 * The batches with the first one already read: a failing search still gets its 4xx instead of a cut file.
 * `prepare` runs on each batch before it is handed on (label lookups).
 */
async function startedBatches<B>(batches: AsyncGenerator<B>, prepare?: (batch: B) => Promise<void>): Promise<AsyncGenerator<B>> {
  const first = await batches.next();
  const rest = (async function* all(): AsyncGenerator<B> {
    if (!first.done) {
      if (prepare) await prepare(first.value);
      yield first.value;
    }
    for await (const batch of batches) {
      if (prepare) await prepare(batch);
      yield batch;
    }
  })();
  // Closing it closes the source even before (or without) a loop over it (its reader, cursor or worker).
  return closingAlso(rest, batches);
}

/** The text of each batch's lines (closing it closes `source`, even before its first batch). */
function chunksOf<R>(source: AsyncGenerator<R[]>, rowLine: (row: R) => string): AsyncGenerator<string> {
  return closingAlso(
    (async function* text(): AsyncGenerator<string> {
      for await (const batch of source) {
        let chunk = '';
        for (const row of batch) chunk += rowLine(row);
        yield chunk;
      }
    })(),
    source,
  );
}

/** The delimited file from chunks of finished lines (text, or UTF-8 bytes). */
function delimitedStream(format: ExportFormat, header: string[] | null, chunks: AsyncGenerator<string | Buffer>): Readable {
  const separator = separatorText(format);
  const line = (values: readonly ExportCell[]) => `${values.map((v) => delimitedField(v, separator)).join(separator)}\r\n`;
  async function* text(): AsyncGenerator<Buffer> {
    // csv opens directly in spreadsheets, which need the BOM to read UTF-8; txt stays plain.
    let out = format.fileType === 'csv' ? '\ufeff' : '';
    if (header) out += line(header);
    if (out) yield Buffer.from(out, 'utf8');
    for await (const chunk of chunks) {
      yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      // Give other requests their turn between batches even when the client reads as fast as we write.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return Readable.from(closingAlso(text(), chunks), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Characters of sheet XML deflated at once (up to 64 KB as UTF-16). */
const XLSX_PIECE_CHARS = 32 * 1024;

function xlsxStream<R>(header: string[] | null, source: AsyncGenerator<R[]>, cells: (row: R) => ExportCell[], count: number): Readable {
  const names = Array.from({ length: count }, (_, i) => columnName(i));
  async function* sheetXml(): AsyncGenerator<string> {
    let rowNumber = 1;
    if (header) yield sheetRow(rowNumber++, header, names);
    for await (const batch of source) {
      let xml = '';
      for (const row of batch) {
        xml += sheetRow(rowNumber++, cells(row), names);
        // Pieces below V8's large-object size: a larger text, flattened, lives in the old generation until a
        // full collection, and the RSS grew through the file.
        if (xml.length >= XLSX_PIECE_CHARS) {
          yield xml;
          xml = '';
        }
      }
      if (xml) yield xml;
      // Give other requests their turn between batches even when the client reads as fast as we write.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return Readable.from(closingAlso(xlsxFile(sheetXml()), source), { objectMode: false, highWaterMark: 64 * 1024 });
}
