/**
 * SIP operations (data-areas §2, §3, §7): a read-only list of the self-service transactions of the libraries
 * the user holds, through the one list engine (search, order, export). Default order: transaction date,
 * newest first. store.name comes from the sip_operations_list view (migration 0010).
 */
import { SIP_DEFAULT_ORDER, type ExportBody, type ListOrder, type ListQuery, type SipOperation } from '@portal/contract';
import { defineList, type Row } from '../lists/definition';
import type { ExportFile } from '../lists/export/export';
import { exportLibrariesList, librariesListPage } from '../lists/libraries';
import { flag, optionalText, text } from '../lists/rowValues';
import type { AuthUser } from './context';
import type { FilesDeps } from './files';

export function toSipOperation(row: Row): SipOperation {
  return {
    tid: Number(row.id),
    storeId: Number(row.store_id),
    store: { name: text(row.store_name) },
    origin: text(row.origin),
    type: text(row.type),
    offline: flag(row.offline),
    patronIdentifier: text(row.patron_identifier),
    itemIdentifier: text(row.item_identifier),
    titleIdentifier: text(row.title_identifier),
    transactionDate: text(row.transaction_date),
    dueDate: optionalText(row.due_date),
    executionDate: optionalText(row.execution_date),
    status: text(row.status),
    error: text(row.error),
  };
}

export const SIP_OPERATIONS_LIST = defineList<SipOperation>({
  table: 'sip_operations_list',
  columns: {
    tid: { column: 'id', type: 'integer' },
    storeId: { column: 'store_id', type: 'integer' },
    'store.name': { column: 'store_name', type: 'text' },
    origin: { column: 'origin', type: 'text' },
    type: { column: 'type', type: 'text' },
    offline: { column: 'offline', type: 'boolean' },
    patronIdentifier: { column: 'patron_identifier', type: 'text', isCode: true },
    itemIdentifier: { column: 'item_identifier', type: 'text', isCode: true },
    titleIdentifier: { column: 'title_identifier', type: 'text' },
    transactionDate: { column: 'transaction_date', type: 'timestamp' },
    dueDate: { column: 'due_date', type: 'timestamp' },
    executionDate: { column: 'execution_date', type: 'timestamp' },
    status: { column: 'status', type: 'text' },
    error: { column: 'error', type: 'text' },
  },
  toItem: toSipOperation,
});

const DEFAULT_ORDER: ListOrder = [...SIP_DEFAULT_ORDER];

export function listSipOperations(deps: FilesDeps, user: AuthUser, query: ListQuery) {
  return librariesListPage(deps.db, SIP_OPERATIONS_LIST, user, query, DEFAULT_ORDER);
}

export function exportSipOperations(deps: FilesDeps, user: AuthUser, body: ExportBody): Promise<ExportFile> {
  return exportLibrariesList(deps, user, SIP_OPERATIONS_LIST, body, DEFAULT_ORDER, 'sipOperations');
}
