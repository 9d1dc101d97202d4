/** Alarms: GET /api/alarms, /numAlarms, /export and DELETE /api/alarms/{ids} (data-areas §7 Alarms). */
import type { Alarm, NumAlarms } from '@portal/contract';
import { api } from './client';
import { deleteListItems, getListPage, type ListId } from './lists';
import type { ListParams, ListResponse } from './types';

export type { Alarm, NumAlarms };
export { ALARM_TYPES, ALARMS_DEFAULT_ORDER, CIRCULATION_STATUSES } from '@portal/contract';

export const ALARMS_URL = '/api/alarms';
export const ALARMS_EXPORT_URL = `${ALARMS_URL}/export`;

export function getAlarms(params: ListParams = {}): Promise<ListResponse<Alarm>> {
  return getListPage<Alarm>(ALARMS_URL, params);
}

export function getNumAlarms(params: Pick<ListParams, 'searchTexts'> = {}): Promise<NumAlarms> {
  return api.get<NumAlarms, NumAlarms>(`${ALARMS_URL}/numAlarms`, { params });
}

export function deleteAlarms(ids: readonly ListId[]): Promise<unknown> {
  return deleteListItems(ALARMS_URL, ids);
}
