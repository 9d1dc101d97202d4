import {
  ADMIN_ONLY_STORE_FIELDS,
  DEFAULT_TIMEZONE,
  defaultExpirationDate,
  DEFAULT_TREE_LEVELS,
  ERROR_CODES,
  REGION_LEVELS,
  decodeListParams,
  parseIdList,
  type CreateStoreBody,
  type ListQuery,
  type RegionLevel,
  type RegionNode,
  type Store,
  type UpdateStoreBody,
} from '@portal/contract';
import type { NewStore, StoreRow, StoreUpdate } from '../db/schema';
import { badRequest, conflict, forbidden } from '../errors';
import * as q from '../queries/stores';
import { assertStoreReachable, storeScope, type AuthUser, type Deps } from './context';
import { applyList } from './lists';
import { buildRegionTree } from './regions';

export function toApiStore(row: StoreRow): Store {
  return {
    tid: row.id,
    code: row.code,
    country: row.country,
    area: row.area,
    province: row.province,
    city: row.city,
    name: row.name,
    address: row.address,
    manager: row.manager,
    managertel: row.managertel,
    capacity: row.capacity,
    resetTime: row.reset_time,
    startTime: row.start_time,
    endTime: row.end_time,
    timezone: row.timezone,
    expirationDate: row.expiration_date,
    fieldCode: row.field_code,
    fieldObjectId: row.field_object_id,
    field1: row.field1,
    field2: row.field2,
    field3: row.field3,
    field4: row.field4,
    field5: row.field5,
    field6: row.field6,
    storeIds: [row.id],
  };
}

const LIST_FIELDS = [
  'tid',
  'code',
  'country',
  'area',
  'province',
  'city',
  'name',
  'address',
  'manager',
  'managertel',
  'capacity',
  'resetTime',
  'startTime',
  'endTime',
  'timezone',
  'expirationDate',
  'fieldCode',
  'fieldObjectId',
  'field1',
  'field2',
  'field3',
  'field4',
  'field5',
  'field6',
] as const;

export async function listStores(deps: Deps, user: AuthUser, query: ListQuery) {
  const decoded = decodeListParams(query);
  if (!decoded.ok) throw badRequest(undefined, `Invalid ${decoded.param}`, { param: decoded.param });
  const rows = await q.listStores(deps.db, storeScope(user));
  return applyList(rows.map(toApiStore), decoded.params, LIST_FIELDS);
}

/** "area,name,sensor" → levels; they must be distinct and in tree order. */
export function parseLevels(text: string | undefined): RegionLevel[] {
  if (!text) return [...DEFAULT_TREE_LEVELS];
  const levels = text.split(',') as RegionLevel[];
  const positions = levels.map((l) => REGION_LEVELS.indexOf(l));
  if (positions.some((p, i) => p < 0 || (i > 0 && p <= positions[i - 1]))) {
    throw badRequest(undefined, 'levels must be distinct region levels in the order area,province,city,name,sensor', { param: 'levels' });
  }
  return levels;
}

export async function storesTree(deps: Deps, user: AuthUser, levelsText: string | undefined): Promise<RegionNode[]> {
  const levels = parseLevels(levelsText);
  const stores = await q.listStores(deps.db, storeScope(user));
  const sensors = levels.includes('sensor') ? await q.listSensors(deps.db, storeScope(user)) : [];
  return buildRegionTree(stores, sensors, levels, deps.config.now());
}

function isTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

function isCalendarDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

function checkValues(body: { timezone?: string; expirationDate?: string }): void {
  if (body.timezone !== undefined && !isTimezone(body.timezone)) {
    throw badRequest(undefined, 'Unknown timezone', { field: 'timezone' });
  }
  if (body.expirationDate !== undefined && !isCalendarDate(body.expirationDate)) {
    throw badRequest(undefined, 'Invalid expiration date', { field: 'expirationDate' });
  }
}

export async function createStore(deps: Deps, actor: AuthUser, body: CreateStoreBody): Promise<Store> {
  if (actor.role !== 'admin') throw forbidden();
  checkValues(body);
  const now = deps.config.now();
  const code = body.code.trim();
  if (await q.storeCodeTaken(deps.db, code, null)) throw conflict(ERROR_CODES.STORE_CODE_EXISTS, 'Code already exists');
  const row: NewStore = {
    code,
    country: body.country,
    area: body.area,
    province: body.province,
    city: body.city,
    name: body.name,
    address: body.address,
    manager: body.manager,
    managertel: body.managertel,
    capacity: body.capacity,
    reset_time: body.resetTime,
    start_time: body.startTime,
    end_time: body.endTime,
    timezone: body.timezone ?? DEFAULT_TIMEZONE,
    expiration_date: body.expirationDate ?? defaultExpirationDate(body.timezone ?? DEFAULT_TIMEZONE, now),
    field_code: body.fieldCode ?? '',
    field_object_id: body.fieldObjectId ?? '',
    field1: body.field1 ?? '',
    field2: body.field2 ?? '',
    field3: body.field3 ?? '',
    field4: body.field4 ?? '',
    field5: body.field5 ?? '',
    field6: body.field6 ?? '',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const id = await q.insertStore(deps.db, row);
  return toApiStore((await q.findStore(deps.db, id))!);
}

const COLUMN: Record<keyof UpdateStoreBody, keyof StoreUpdate> = {
  code: 'code',
  country: 'country',
  area: 'area',
  province: 'province',
  city: 'city',
  name: 'name',
  address: 'address',
  manager: 'manager',
  managertel: 'managertel',
  capacity: 'capacity',
  resetTime: 'reset_time',
  startTime: 'start_time',
  endTime: 'end_time',
  timezone: 'timezone',
  expirationDate: 'expiration_date',
  fieldCode: 'field_code',
  fieldObjectId: 'field_object_id',
  field1: 'field1',
  field2: 'field2',
  field3: 'field3',
  field4: 'field4',
  field5: 'field5',
  field6: 'field6',
};

/**
 * Anyone with manager edits the libraries they hold; country, area, province, city, name and
 * expirationDate only an admin may change (sending them unchanged is fine: forms send every field).
 */
export async function updateStore(deps: Deps, user: AuthUser, storeId: number, body: UpdateStoreBody): Promise<Store> {
  assertStoreReachable(user, storeId);
  const current = await q.findStore(deps.db, storeId);
  if (!current) throw forbidden();
  const currentApi = toApiStore(current);
  if (user.role !== 'admin') {
    const changed = ADMIN_ONLY_STORE_FIELDS.filter((f) => body[f] !== undefined && body[f] !== currentApi[f]);
    if (changed.length) throw forbidden(ERROR_CODES.FIELD_NOT_EDITABLE, `Only an administrator may change: ${changed.join(', ')}`);
  }
  checkValues(body);
  if (body.code !== undefined) {
    body = { ...body, code: body.code.trim() };
    if (await q.storeCodeTaken(deps.db, body.code!, storeId)) throw conflict(ERROR_CODES.STORE_CODE_EXISTS, 'Code already exists');
  }
  const changes: Record<string, string | number> = { updated_at: deps.config.now().toISOString() };
  for (const [field, value] of Object.entries(body) as [keyof UpdateStoreBody, string | number][]) {
    changes[COLUMN[field]] = value;
  }
  await q.updateStore(deps.db, storeId, changes as StoreUpdate);
  return toApiStore((await q.findStore(deps.db, storeId))!);
}

/** Admin only (route). Every id must exist, otherwise nothing is deleted (403, as for a foreign library). */
export async function deleteStores(deps: Deps, user: AuthUser, idsText: string): Promise<{ ids: number[] }> {
  const ids = parseIdList(idsText);
  for (const id of ids) assertStoreReachable(user, id);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await q.existingStoreIds(trx, ids);
    if (existing.length !== ids.length) throw forbidden();
    await q.deleteStores(trx, ids);
  });
  return { ids };
}
