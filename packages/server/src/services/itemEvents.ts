/**
 * Item events (data-areas §2 Item events, §3, §7): what happened to an item (inventoried, alarmed, a SIP
 * operation) in the libraries the user holds, through the one list engine (search, order, count, export).
 * Default order: date, newest first. storeName comes from the item_events_list view (migration 0012).
 */
import { ITEM_EVENTS_DEFAULT_ORDER, type ExportBody, type ItemEvent, type ListOrder, type ListQuery, type NumItemEvents } from '@portal/contract';
import { defineList, type Row } from '../lists/definition';
import { countMatching, listParams } from '../lists/engine';
import type { ExportFile } from '../lists/export/export';
import { exportLibrariesList, librariesListPage, librariesScope } from '../lists/libraries';
import { jsonObject, optionalNumber, optionalText, text } from '../lists/rowValues';
import { planSearch, probeIndex } from '../lists/search';
import type { AuthUser } from './context';
import type { FilesDeps } from './files';

export function toItemEvent(row: Row): ItemEvent {
  return {
    tid: Number(row.id),
    storeId: Number(row.store_id),
    storeName: text(row.store_name),
    code: optionalText(row.code),
    objectId: optionalText(row.object_id),
    date: text(row.date),
    type: text(row.type),
    inventoryId: optionalNumber(row.inventory_id),
    inventoryGroupId: optionalNumber(row.inventory_group_id),
    details: jsonObject<ItemEvent['details']>(row.details),
  };
}

export const ITEM_EVENTS_LIST = defineList<ItemEvent>({
  table: 'item_events_list',
  columns: {
    tid: { column: 'id', type: 'integer' },
    storeId: { column: 'store_id', type: 'integer' },
    storeName: { column: 'store_name', type: 'text' },
    code: { column: 'code', type: 'text', isCode: true },
    objectId: { column: 'object_id', type: 'text', isCode: true },
    date: { column: 'date', type: 'timestamp' },
    type: { column: 'type', type: 'text' },
    inventoryId: { column: 'inventory_id', type: 'integer' },
    inventoryGroupId: { column: 'inventory_group_id', type: 'integer' },
    details: { column: 'details', type: 'text' },
  },
  searchText: { column: 'search_text', covers: ['code', 'objectId'] },
  toItem: toItemEvent,
});

const DEFAULT_ORDER: ListOrder = [...ITEM_EVENTS_DEFAULT_ORDER];

export function listItemEvents(deps: FilesDeps, user: AuthUser, query: ListQuery) {
  return librariesListPage(deps.db, ITEM_EVENTS_LIST, user, query, DEFAULT_ORDER);
}

/** The header count: events of the user's libraries matching the list's search. */
export async function numItemEvents(deps: FilesDeps, user: AuthUser, query: ListQuery): Promise<NumItemEvents> {
  const scope = librariesScope(user);
  const terms = await probeIndex(deps.db, ITEM_EVENTS_LIST, scope, planSearch(ITEM_EVENTS_LIST, listParams(query).searchTexts));
  return { numItemEvents: await countMatching(deps.db, ITEM_EVENTS_LIST, scope, terms) };
}

export function exportItemEvents(deps: FilesDeps, user: AuthUser, body: ExportBody): Promise<ExportFile> {
  return exportLibrariesList(deps, user, ITEM_EVENTS_LIST, body, DEFAULT_ORDER, 'itemEvents');
}
