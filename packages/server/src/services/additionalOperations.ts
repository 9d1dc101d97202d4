/**
 * Additional operations of an inventory group, UNGROUPED included (data-areas §2, §3 AdditionalOperation, §5):
 * name, url and method required; the name unique within the group; method POST, PUT or DELETE (default POST);
 * attach data a switch; params an optional object of texts. Scoped to the caller's library and its groups.
 */
import { ERROR_CODES, parseIdList, UNGROUPED, type AdditionalOperation, type AdditionalOperationInput, type ListQuery } from '@portal/contract';
import { ApiError, conflict, forbidden } from '../errors';
import { defineList, type Row } from '../lists/definition';
import { listPage, listParams } from '../lists/engine';
import * as q from '../queries/additionalOperations';
import type { AuthUser } from './context';
import type { FilesDeps } from './files';
import { ownGroup } from './inventories';
import { InvalidUrl, parseHttpUrl } from './outbound';

type D = FilesDeps;

function parseParams(json: unknown): Record<string, string> {
  try {
    const value = JSON.parse(String(json)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
  } catch {
    return {};
  }
}

export function toApiOperation(r: Row): AdditionalOperation {
  return {
    tid: Number(r.id),
    name: String(r.name),
    url: String(r.url),
    method: String(r.method) as AdditionalOperation['method'],
    attachData: Number(r.attach_data) === 1,
    params: parseParams(r.params),
    groupId: r.group_id === null ? UNGROUPED : Number(r.group_id),
  };
}

export const ADDITIONAL_OPERATIONS_LIST = defineList<AdditionalOperation>({
  table: 'additional_operations',
  columns: {
    tid: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    url: { column: 'url', type: 'text' },
    method: { column: 'method', type: 'text' },
    attachData: { column: 'attach_data', type: 'boolean' },
    params: { column: 'params', type: 'text' },
    groupId: { column: 'group_id', type: 'integer' },
  },
  toItem: toApiOperation,
});

const notAvailable = () => forbidden(ERROR_CODES.FORBIDDEN, 'Additional operation not available');
const nameTaken = (name: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `The group already has an operation named "${name}"`);

function operationUrl(text: string): string {
  try {
    return parseHttpUrl(text.trim()).toString();
  } catch (e) {
    if (e instanceof InvalidUrl) throw new ApiError(400, ERROR_CODES.INVALID_URL, 'Invalid URL', { field: 'url' });
    throw e;
  }
}

export async function listOperations(deps: D, user: AuthUser, storeId: number, groupText: string, query: ListQuery) {
  const group = await ownGroup(deps, user, storeId, groupText);
  return listPage(deps.db, ADDITIONAL_OPERATIONS_LIST, { store_id: storeId, group_id: group.id }, listParams(query));
}

async function values(deps: D, storeId: number, groupId: number | null, body: AdditionalOperationInput, exceptId: number | null) {
  const name = body.name.trim();
  if (await q.operationNameTaken(deps.db, storeId, groupId, name, exceptId)) throw nameTaken(name);
  return {
    name,
    url: operationUrl(body.url),
    method: body.method ?? 'POST',
    attach_data: (body.attachData ? 1 : 0) as 0 | 1,
    params: JSON.stringify(body.params ?? {}),
  };
}

async function oneOperation(deps: D, storeId: number, groupId: number | null, id: number): Promise<AdditionalOperation> {
  const row = await q.findOperation(deps.db, storeId, groupId, id);
  if (!row) throw notAvailable();
  return toApiOperation(row as unknown as Row);
}

export async function createOperation(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  body: AdditionalOperationInput,
): Promise<AdditionalOperation> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const row = await values(deps, storeId, group.id, body, null);
  const id = await q.insertOperation(deps.db, { ...row, store_id: storeId, group_id: group.id, created_at: deps.config.now().toISOString() });
  return oneOperation(deps, storeId, group.id, id);
}

export async function updateOperation(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  id: number,
  body: AdditionalOperationInput,
): Promise<AdditionalOperation> {
  const group = await ownGroup(deps, user, storeId, groupText);
  await oneOperation(deps, storeId, group.id, id);
  await q.updateOperation(deps.db, id, await values(deps, storeId, group.id, body, id));
  return oneOperation(deps, storeId, group.id, id);
}

export async function deleteOperations(deps: D, user: AuthUser, storeId: number, groupText: string, ids: string): Promise<{ ids: number[] }> {
  const group = await ownGroup(deps, user, storeId, groupText);
  return { ids: await q.deleteOperations(deps.db, storeId, group.id, parseIdList(ids)) };
}

/** Is the name taken in the group by an operation other than exceptId? An empty name passes. */
export async function operationExists(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  name: string,
  exceptId: number | null,
): Promise<{ exists: boolean }> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const trimmed = name.trim();
  if (trimmed === '') return { exists: false };
  return { exists: await q.operationNameTaken(deps.db, storeId, group.id, trimmed, exceptId) };
}
