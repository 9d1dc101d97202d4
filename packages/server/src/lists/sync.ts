/**
 * Sync of a list from its URL (data-areas §7 GET /{id}/sync): fetch through the SSRF guard, read the
 * payload (json: an array, or {items: array}, of objects with code/objectId/field1..6 keys or of arrays;
 * csv: a header naming those fields, else columns in that order), check every item (§5 rules) and add the
 * new ones in one transaction. Answers numItemsInserted of numItems.
 */
import type { Kysely } from 'kysely';
import { ERROR_CODES, foldText, ITEM_FIELDS, MAX_REPORTED_ROW_ERRORS, type CellValue, type ItemField, type ItemsCountResult } from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { FetchFailed, guardedFetch, InvalidUrl, UrlNotAllowed, addressPolicy } from '../services/outbound';
import type { ListsConfig } from './config';
import { CsvParser, detectSeparator } from './files/csv';
import { jsonTable } from './files/sheets';
import type { ItemValues } from './items';
import { cellText, itemViolation, ItemInserter, type ItemTarget } from './itemWrites';

const HEADER_NAMES: Record<string, ItemField> = {
  code: 'code', objectid: 'objectId', object_id: 'objectId', 'object id': 'objectId',
  field1: 'field1', field2: 'field2', field3: 'field3', field4: 'field4', field5: 'field5', field6: 'field6',
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

/** Rows of the payload and whether the first one is a header. */
function payloadRows(text: string): { rows: CellValue[][]; hasHeader: boolean | null } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const table = jsonTable(trimmed, false);
    return { rows: table.rows, hasHeader: table.hasHeader ? true : null };
  }
  const parser = new CsvParser(detectSeparator(text.split(/\r\n|\n|\r/, 1)[0] ?? ''));
  return { rows: [...parser.push(text), ...parser.end()], hasHeader: null };
}

/** Field → column: from a header naming the fields, else code, objectId, field1..6 in order. */
function columnMap(rows: CellValue[][], hasHeader: boolean | null): { map: Partial<Record<ItemField, number>>; skipFirst: boolean } {
  const header = rows[0] ?? [];
  const map: Partial<Record<ItemField, number>> = {};
  header.forEach((cell, i) => {
    const field = HEADER_NAMES[foldText(String(cell ?? '').trim())];
    if (field && map[field] === undefined) map[field] = i;
  });
  if (Object.keys(map).length > 0) return { map, skipFirst: true };
  if (hasHeader) throw new ApiError(502, ERROR_CODES.SYNC_FAILED, 'The items name none of the fields code, objectId, field1..field6');
  ITEM_FIELDS.forEach((f, i) => { map[f] = i; });
  return { map, skipFirst: false };
}

export function syncFetchOptions(config: ListsConfig) {
  return { policy: addressPolicy(config.syncAllowList), maxBytes: config.syncMaxBytes, timeoutMs: config.syncTimeoutMs, maxRedirects: config.syncMaxRedirects };
}

/** Fetches the URL and returns the items it lists (502 SYNC_FAILED when it cannot be read or a row is refused). */
export async function fetchSyncItems(url: string, config: ListsConfig): Promise<ItemValues[]> {
  let body: Buffer;
  try {
    body = (await guardedFetch(url, syncFetchOptions(config))).body;
  } catch (e) {
    if (e instanceof InvalidUrl) throw new ApiError(400, ERROR_CODES.INVALID_URL, 'Invalid URL');
    if (e instanceof UrlNotAllowed) throw new ApiError(400, ERROR_CODES.URL_NOT_ALLOWED, e.message);
    if (e instanceof FetchFailed) throw new ApiError(502, ERROR_CODES.SYNC_FAILED, e.message);
    throw e;
  }
  let table: { rows: CellValue[][]; hasHeader: boolean | null };
  try {
    table = payloadRows(decode(body));
  } catch (e) {
    throw new ApiError(502, ERROR_CODES.SYNC_FAILED, `The content is not a list of items: ${(e as Error).message}`);
  }
  if (table.rows.length > config.maxImportRows) throw new ApiError(502, ERROR_CODES.SYNC_FAILED, `More than ${config.maxImportRows} items`);
  const { map, skipFirst } = columnMap(table.rows, table.hasHeader);
  const hasObjectIdColumn = map.objectId !== undefined;
  const items: ItemValues[] = [];
  const errors: Array<{ row: number; code: string; field?: string }> = [];
  table.rows.forEach((cells, i) => {
    if (skipFirst && i === 0) return;
    const values = {} as ItemValues;
    for (const f of ITEM_FIELDS) values[f] = map[f] === undefined ? null : cellText(cells[map[f]!]);
    if (ITEM_FIELDS.every((f) => values[f] === null)) return;
    const violation = itemViolation(values, hasObjectIdColumn);
    if (violation) {
      if (errors.length < MAX_REPORTED_ROW_ERRORS) errors.push({ row: i + 1, ...violation });
      return;
    }
    items.push(values);
  });
  if (errors.length) throw new ApiError(502, ERROR_CODES.SYNC_FAILED, 'Some items were refused; nothing was synced', { errors });
  return items;
}

/** Adds the items to the list in one transaction and stamps its last sync. */
export async function storeSyncedItems(db: Kysely<Database>, target: ItemTarget, items: ItemValues[], now: Date, stamp: (trx: Kysely<Database>) => Promise<void>): Promise<ItemsCountResult> {
  return db.transaction().execute(async (trx) => {
    const inserter = new ItemInserter(trx, target, now.toISOString());
    for (const item of items) await inserter.add(item);
    await inserter.flush();
    await stamp(trx);
    return inserter.result();
  });
}
