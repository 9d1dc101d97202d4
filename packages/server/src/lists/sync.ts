/**
 * Sync of a list from its URL (data-areas §7 GET /{id}/sync): fetch through the SSRF guard, read the
 * payload (json: an array, or {items: array}, of objects with code/objectId/field1..6 keys or of arrays;
 * csv: a header naming those fields, else columns in that order), run the library's ID modification script
 * and check every item (§5 rules, lists/itemIntake) and add the new ones (staged, then moved in one short transaction). Answers numItemsInserted of numItems.
 */
import type { Kysely } from 'kysely';
import { ERROR_CODES, foldText, ITEM_FIELDS, type CellValue, type ItemField, type ItemsCountResult } from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError, withCause } from '../errors';
import { RowErrorReport } from '../errorLimits';
import { FetchFailed, guardedFetch, InvalidUrl, UrlNotAllowed, addressPolicy } from '../services/outbound';
import type { ListsConfig } from './config';
import { CsvParser, detectSeparator } from './files/csv';
import { jsonRows, textChunks, tooManyRows } from './files/jsonRows';
import { nextTurn, ROWS_PER_TURN } from './files/sheets';
import type { ItemValues } from './items';
import { idScriptFor } from './idModification';
import { newScriptBudget } from '../sandbox/idScript';
import { IntakeBuffer } from './itemIntake';
import { cellText, type ItemTarget } from './itemWrites';
import { withStagedItems } from './stagedItems';

const HEADER_NAMES: Record<string, ItemField> = {
  code: 'code',
  objectid: 'objectId',
  object_id: 'objectId',
  'object id': 'objectId',
  field1: 'field1',
  field2: 'field2',
  field3: 'field3',
  field4: 'field4',
  field5: 'field5',
  field6: 'field6',
};

function decode(body: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Text is fed to the csv parser in slices of this many characters, so rows exist only a slice at a time. */
const CSV_SLICE = 64 * 1024;

function* csvRows(text: string): Generator<CellValue[]> {
  const parser = new CsvParser(detectSeparator(/^[^\r\n]*/.exec(text.slice(0, CSV_SLICE))?.[0] ?? ''));
  for (let at = 0; at < text.length; at += CSV_SLICE) yield* parser.push(text.slice(at, at + CSV_SLICE));
  yield* parser.end();
}

/** Rows of the payload, produced one at a time, and whether the first one is a header. */
async function payloadRows(text: string, maxRows: number): Promise<{ rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>; hasHeader: boolean | null }> {
  const start = /^\s*/.exec(text.slice(0, 4096))?.[0].length ?? 0;
  if (text[start] === '[' || text[start] === '{') {
    const table = await jsonRows(() => textChunks(text), false, maxRows);
    return { rows: table.rows, hasHeader: table.hasHeader ? true : null };
  }
  return { rows: csvRows(text), hasHeader: null };
}

/** Field → column: from a header naming the fields, else code, objectId, field1..6 in order. */
function columnMap(header: CellValue[], hasHeader: boolean | null): { map: Partial<Record<ItemField, number>>; skipFirst: boolean } {
  const map: Partial<Record<ItemField, number>> = {};
  header.forEach((cell, i) => {
    const field = HEADER_NAMES[foldText(String(cell ?? '').trim())];
    if (field && map[field] === undefined) map[field] = i;
  });
  if (Object.keys(map).length > 0) return { map, skipFirst: true };
  if (hasHeader) throw new ApiError(502, ERROR_CODES.SYNC_FAILED, 'The items name none of the fields code, objectId, field1..field6');
  ITEM_FIELDS.forEach((f, i) => {
    map[f] = i;
  });
  return { map, skipFirst: false };
}

export function syncFetchOptions(config: ListsConfig) {
  return { policy: addressPolicy(config.syncAllowList), maxBytes: config.syncMaxBytes, timeoutMs: config.syncTimeoutMs, maxRedirects: config.syncMaxRedirects };
}

/** The items a sync URL lists, with their row numbers and whether the payload has an objectId column. */
export interface SyncItems {
  items: ItemValues[];
  rows: number[];
  hasObjectIdColumn: boolean;
}

type RefusedItem = { row: number; code: string; field?: string; message?: string };
const refused = (report: RowErrorReport<RefusedItem>) =>
  new ApiError(502, ERROR_CODES.SYNC_FAILED, 'Some items were refused; nothing was synced', report.details);

/** Fetches the URL and returns the items it lists (502 SYNC_FAILED when it cannot be read). */
export async function fetchSyncItems(url: string, config: ListsConfig): Promise<SyncItems> {
  let body: Buffer;
  try {
    body = (await guardedFetch(url, syncFetchOptions(config))).body;
  } catch (e) {
    if (e instanceof InvalidUrl) throw new ApiError(400, ERROR_CODES.INVALID_URL, 'Invalid URL');
    if (e instanceof UrlNotAllowed) throw new ApiError(400, ERROR_CODES.URL_NOT_ALLOWED, e.message);
    // FetchFailed texts are the server's own; the network detail (addresses, system errors) is its cause, logged.
    if (e instanceof FetchFailed) throw withCause(new ApiError(502, ERROR_CODES.SYNC_FAILED, e.message), e.cause ?? e);
    throw e;
  }
  const found: SyncItems = { items: [], rows: [], hasObjectIdColumn: false };
  try {
    const table = await payloadRows(decode(body), config.maxImportRows);
    let columns: ReturnType<typeof columnMap> | null = null;
    let i = -1;
    for await (const cells of table.rows) {
      i += 1;
      if (i % ROWS_PER_TURN === 0) await nextTurn();
      // Every row counts, empty ones too: a payload of line breaks stops at the cap.
      if (i >= config.maxImportRows) throw tooManyRows(config.maxImportRows);
      if (!columns) {
        columns = columnMap(cells, table.hasHeader);
        if (columns.skipFirst) continue;
      }
      const { map } = columns;
      const values = {} as ItemValues;
      for (const f of ITEM_FIELDS) values[f] = map[f] === undefined ? null : cellText(cells[map[f]!]);
      if (ITEM_FIELDS.every((f) => values[f] === null)) continue;
      found.hasObjectIdColumn = map.objectId !== undefined;
      found.items.push(values);
      found.rows.push(i + 1);
    }
  } catch (e) {
    if (e instanceof ApiError && (e.code === ERROR_CODES.TOO_MANY_ROWS || e.code === ERROR_CODES.SYNC_FAILED)) throw e;
    // The reader's own refusals (ApiError) say what is wrong in the server's words; anything else is logged only.
    if (e instanceof ApiError) throw withCause(new ApiError(502, ERROR_CODES.SYNC_FAILED, `The content is not a list of items: ${e.message}`), e);
    throw withCause(new ApiError(502, ERROR_CODES.SYNC_FAILED, 'The content is not a list of items'), e);
  }
  return found;
}

/**
 * Adds the items to the list (the library's ID modification script and the §5 rules first, batched; any
 * refused item fails the whole sync with the refused rows, 502 SYNC_FAILED; staged in short steps, moved in
 * one short transaction) and stamps its last sync.
 */
export async function storeSyncedItems(
  db: Kysely<Database>,
  target: ItemTarget,
  synced: SyncItems,
  now: Date,
  stamp: (trx: Kysely<Database>) => Promise<void>,
): Promise<ItemsCountResult> {
  const script = await idScriptFor(db, target.storeId, target.table);
  return withStagedItems(
    db,
    async (staged) => {
      const report = new RowErrorReport<RefusedItem>();
      const intake = new IntakeBuffer<number>(
        { script, objectIdColumn: { path: 'file', mapped: synced.hasObjectIdColumn }, run: { budget: newScriptBudget() } },
        async (row, outcome) => {
          if (!outcome.refusal) {
            if (report.count === 0) await staged.add(0, outcome.values);
            return;
          }
          report.add({ row, ...outcome.refusal });
        },
      );
      await intake.feed(async () => {
        for (const [i, item] of synced.items.entries()) await intake.add(synced.rows[i]!, item);
      });
      if (report.count) throw refused(report);
    },
    async (trx, staged) => {
      const numItemsInserted = await staged.moveInto(trx, 0, target, now.toISOString());
      await stamp(trx);
      return { numItems: synced.items.length, numItemsInserted };
    },
  );
}
