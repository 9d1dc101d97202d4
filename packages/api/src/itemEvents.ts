/** Item events: GET /api/itemEvents, /numItemEvents and /export (data-areas §7 Item events). */
import type { ItemEvent, NumItemEvents } from '@portal/contract';
import { api } from './client';
import { getListPage } from './lists';
import type { ListParams, ListResponse } from './types';

export type { ItemEvent, NumItemEvents };
export { ITEM_EVENT_TYPES, type ItemEventType } from '@portal/contract';

export const ITEM_EVENTS_URL = '/api/itemEvents';
export const ITEM_EVENTS_EXPORT_URL = `${ITEM_EVENTS_URL}/export`;

export function getItemEvents(params: ListParams = {}): Promise<ListResponse<ItemEvent>> {
  return getListPage<ItemEvent>(ITEM_EVENTS_URL, params);
}

/** The events matching the list's search (searchTexts only). */
export function getNumItemEvents(params: Pick<ListParams, 'searchTexts'> = {}): Promise<NumItemEvents> {
  return api.get(`${ITEM_EVENTS_URL}/numItemEvents`, { params: { searchTexts: params.searchTexts } });
}
