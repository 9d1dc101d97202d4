/**
 * Excel 97-2003 (.xls) and LibreOffice (.ods) workbooks, read with SheetJS CE (`@e965/xlsx`, never the old
 * `xlsx` 0.18): reading only, files capped at upload (LEGACY_WORKBOOK_MAX_BYTES; an ods passes the zip
 * guard first), at most `maxRows` rows parsed per sheet. SheetJS parses the whole file synchronously, so
 * it runs in a worker thread (./legacyWorker.js) with a heap cap and a time limit; the rows then go out
 * with the event loop's turn every ROWS_PER_TURN rows like every other reader.
 *
 * Parses take a slot of `legacyParses` (../fairGate), one per user at a time and a few waiting, the rest refused with
 * 429 TOO_MANY_CONCURRENT: a large file one of the `large` slots, a small one (at most smallFileBytes) one of the
 * `small` slots with a smaller heap, so a small workbook never waits behind large ones. Slots × heaps bound the
 * memory of all parses. Twelve parallel reads of one 60,000-row .ods used to hold twelve workers and 3 GB.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CellValue, ReadFormat } from '@portal/contract';
import { withCause } from '../../errors';
import { FairGate, type Owner } from '../fairGate';
import type { ZipLimits } from './zipGuard';
import { cellValue, invalidFile, MAX_COLUMNS, nextTurn, ROWS_PER_TURN, type SheetReader, type SheetRow } from './sheets';

/**
 * The parse of one workbook may take this long. A large file takes one
 * of `large.slots`, with `large.heapMb` of heap (a 60,000-row .ods: ~250 MB of the process's memory); a file of at
 * most smallFileBytes one of `small.slots` (a 500 KB .ods: ~30 MB): 768 MiB of heap for all parses at most.
 * Each user runs one parse at a time in each and keeps at most `perUserQueued` waiting.
 */
export const LEGACY_PARSE_LIMITS = {
  timeoutMs: 120_000,
  smallFileBytes: 512 * 1024,
  large: { slots: 1, heapMb: 512 },
  small: { slots: 2, heapMb: 128 },
  perUserQueued: 2,
  queued: 32,
};

type ParseSize = 'large' | 'small';

const parseGate = (size: ParseSize) =>
  new FairGate('workbook read', () => ({
    slots: LEGACY_PARSE_LIMITS[size].slots,
    perUser: 1,
    perUserQueued: LEGACY_PARSE_LIMITS.perUserQueued,
    queued: LEGACY_PARSE_LIMITS.queued,
  }));

/** The slots of the workbook parses (tests and benchmarks read their stats). */
export const legacyParses: Record<ParseSize, FairGate> = { large: parseGate('large'), small: parseGate('small') };

/** Whose read it is: its owner's share of the parse slots, and the request that waits for it. */
export interface ReadSlot {
  owner: Owner;
  signal?: AbortSignal;
}

interface ParsedSheet {
  name: string;
  rows: unknown[][];
}

function parseInWorker(file: string, maxRows: number, heapMb: number): Promise<ParsedSheet[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'legacyWorker.js'), {
      workerData: { path: file, maxRows: maxRows < Number.MAX_SAFE_INTEGER ? maxRows + 1 : 0 },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const unreadable = (cause: unknown) => withCause(invalidFile('The workbook could not be read'), cause);
    const timer = setTimeout(() => settle(() => reject(unreadable(new Error('SheetJS parse took too long')))), LEGACY_PARSE_LIMITS.timeoutMs);
    worker.once('message', (answer: { sheets?: ParsedSheet[]; error?: string }) =>
      settle(() => (answer.sheets ? resolve(answer.sheets) : reject(unreadable(new Error(answer.error ?? 'unknown'))))),
    );
    worker.once('error', (e) => settle(() => reject(unreadable(e))));
    worker.once('exit', (code) => settle(() => reject(unreadable(new Error(`worker exited with ${code}`)))));
  });
}

/** An ods is inflated whole into memory by SheetJS: tighter zip caps than the streamed xlsx. */
export const LEGACY_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 192 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

async function* legacyRows(rows: unknown[][], dateFormat: string | undefined): AsyncGenerator<SheetRow[]> {
  for (let from = 0; from < rows.length; from += ROWS_PER_TURN) {
    if (from > 0) await nextTurn();
    const block: SheetRow[] = [];
    for (let r = from; r < Math.min(rows.length, from + ROWS_PER_TURN); r += 1) {
      const row = rows[r];
      if (row.length > MAX_COLUMNS) throw invalidFile(`Rows are limited to ${MAX_COLUMNS} columns`);
      const cells: CellValue[] = row.map((v) => cellValue(v, dateFormat));
      while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
      block.push({ number: r + 1, cells });
    }
    yield block;
  }
}

export async function* legacySheets(file: string, format: ReadFormat, maxRows: number, slot: ReadSlot): AsyncGenerator<SheetReader> {
  const size: ParseSize = (await stat(file)).size <= LEGACY_PARSE_LIMITS.smallFileBytes ? 'small' : 'large';
  const sheets = await legacyParses[size].run(slot.owner, () => parseInWorker(file, maxRows, LEGACY_PARSE_LIMITS[size].heapMb), slot.signal);
  for (const [index, sheet] of sheets.entries()) {
    yield { name: sheet.name, index, hasHeader: format.firstRowHeader ?? true, rows: legacyRows(sheet.rows, format.dateFormat) };
  }
}
