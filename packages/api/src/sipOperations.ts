/** SIP operations: GET /api/sipOperations and /api/sipOperations/export (data-areas §7 SIP). */
import type { SipOperation } from '@portal/contract';
import { getListPage } from './lists';
import type { ListParams, ListResponse } from './types';

export type { SipOperation };
export { SIP_STATUSES, SIP_TYPES, type SipStatus, type SipType } from '@portal/contract';

export const SIP_OPERATIONS_URL = '/api/sipOperations';
export const SIP_OPERATIONS_EXPORT_URL = `${SIP_OPERATIONS_URL}/export`;

export function getSipOperations(params: ListParams = {}): Promise<ListResponse<SipOperation>> {
  return getListPage<SipOperation>(SIP_OPERATIONS_URL, params);
}
