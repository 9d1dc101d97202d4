/**
 * Inventory groups and sections of a library (data-areas §2 Inventories, §3, §5, §7): generic lists through
 * the one list engine, the virtual UNGROUPED group (the sections without a group: listed first, never edited
 * or deleted), unique group names (UNGROUPED as any locale reads it refused with NotValidNameMessage), locations unique
 * within their group, and deletes that take the items with them in one transaction. Every call is scoped to
 * a library the caller holds; a group, section or catalogue of another library answers 403 like a missing one.
 */
import {
  ERROR_CODES,
  foldText,
  isUngroupedName,
  parseIdList,
  UNGROUPED,
  type InventoryGroup,
  type ExportBody,
  type InventoryGroupInput,
  type InventorySection,
  type InventorySectionInput,
  type ListQuery,
} from '@portal/contract';
import { ApiError, conflict, forbidden } from '../errors';
import { listPage, listParams } from '../lists/engine';
import { exportList, type ExportFile } from '../lists/export/export';
import * as q from '../queries/inventories';
import { assertStoreReachable, type AuthUser } from './context';
import type { FilesDeps } from './files';
import { INVENTORY_GROUPS_LIST, INVENTORY_SECTIONS_LIST, type GroupListRow } from './inventoryLists';

type D = FilesDeps;
/** A group as a path names it: its id, or null for UNGROUPED. */
export type GroupRef = number | null;

export const groupNotAvailable = () => forbidden(ERROR_CODES.FORBIDDEN, 'Inventory group not available');
export const sectionNotAvailable = () => forbidden(ERROR_CODES.FORBIDDEN, 'Inventory not available');

/** 'UNGROUPED' → null; digits → the id. */
export function parseGroupRef(text: string): GroupRef {
  return text === UNGROUPED ? null : Number(text);
}

/** The library's group named in a path (UNGROUPED always exists); 403 for another library's or a missing one. */
export async function ownGroup(deps: D, user: AuthUser, storeId: number, groupText: string): Promise<{ id: GroupRef; row: q.GroupRow | null }> {
  assertStoreReachable(user, storeId);
  const id = parseGroupRef(groupText);
  if (id === null) return { id, row: null };
  const row = await q.findGroup(deps.db, storeId, id);
  if (!row) throw groupNotAvailable();
  return { id, row };
}

export async function ownSection(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number): Promise<q.SectionRow> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const section = await q.findSection(deps.db, storeId, group.id, inventoryId);
  if (!section) throw sectionNotAvailable();
  return section;
}

// ---- groups ----

async function toApiGroup(deps: D, storeId: number, row: GroupListRow | null, names: Map<number, string>): Promise<InventoryGroup> {
  const counts = await q.groupCounts(deps.db, storeId, row?.tid ?? null);
  if (!row) return { tid: UNGROUPED, name: UNGROUPED, catalogueId: null, catalogue: null, catalogueName: null, createdAt: null, ...counts };
  const catalogueName = row.catalogueId === null ? null : (names.get(row.catalogueId) ?? null);
  return {
    ...row,
    ...counts,
    catalogueName,
    catalogue: row.catalogueId === null || catalogueName === null ? null : { tid: row.catalogueId, name: catalogueName },
  };
}

async function toApiGroups(deps: D, storeId: number, rows: Array<GroupListRow | null>): Promise<InventoryGroup[]> {
  const names = await q.catalogueNames(deps.db, [...new Set(rows.flatMap((r) => (r?.catalogueId ? [r.catalogueId] : [])))]);
  const out: InventoryGroup[] = [];
  for (const row of rows) out.push(await toApiGroup(deps, storeId, row, names));
  return out;
}

/** UNGROUPED heads the first page unless a search leaves it out (its name only matches a name search for it). */
function ungroupedListed(searchTexts: Record<string, string> | undefined): boolean {
  const active = Object.entries(searchTexts ?? {}).filter(([, text]) => text !== '');
  return active.every(([field, text]) => field === 'name' && !text.startsWith('/') && foldText(UNGROUPED).includes(foldText(text)));
}

export async function listGroups(deps: D, user: AuthUser, storeId: number, query: ListQuery): Promise<{ items: InventoryGroup[]; total: number }> {
  assertStoreReachable(user, storeId);
  const params = listParams(query);
  const page = await listPage(deps.db, INVENTORY_GROUPS_LIST, { store_id: storeId }, params);
  const withUngrouped = ungroupedListed(params.searchTexts);
  const rows: Array<GroupListRow | null> = withUngrouped && (params.offset ?? 0) === 0 ? [null, ...page.items] : page.items;
  return { ...page, items: await toApiGroups(deps, storeId, rows), total: page.total + (withUngrouped ? 1 : 0) };
}

export async function getGroup(deps: D, user: AuthUser, storeId: number, groupText: string): Promise<InventoryGroup> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const row = group.row && INVENTORY_GROUPS_LIST.toItem(group.row as unknown as Record<string, unknown>);
  return (await toApiGroups(deps, storeId, [row]))[0]!;
}

const notValidName = () => new ApiError(400, ERROR_CODES.NOT_VALID_NAME, 'NotValidNameMessage', { field: 'name' });
const nameTaken = (name: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `An inventory group named "${name}" already exists`);

async function checkedGroupValues(deps: D, storeId: number, body: InventoryGroupInput, exceptId: number | null) {
  const name = body.name.trim();
  if (isUngroupedName(name)) throw notValidName();
  if (await q.groupNameTaken(deps.db, storeId, name, exceptId)) throw nameTaken(name);
  const catalogueId = body.catalogueId ?? null;
  if (catalogueId !== null && !(await q.catalogueOwned(deps.db, storeId, catalogueId))) {
    throw forbidden(ERROR_CODES.FORBIDDEN, 'Catalogue not available');
  }
  return { name, catalogueId };
}

export async function createGroup(deps: D, user: AuthUser, storeId: number, body: InventoryGroupInput): Promise<InventoryGroup> {
  assertStoreReachable(user, storeId);
  const { name, catalogueId } = await checkedGroupValues(deps, storeId, body, null);
  const id = await q.insertGroup(deps.db, { store_id: storeId, name, catalogue_id: catalogueId, created_at: deps.config.now().toISOString() });
  return getGroup(deps, user, storeId, String(id));
}

const ungroupedFixed = () => forbidden(ERROR_CODES.FORBIDDEN, 'The UNGROUPED group cannot be edited or deleted');

export async function updateGroup(deps: D, user: AuthUser, storeId: number, groupText: string, body: InventoryGroupInput): Promise<InventoryGroup> {
  const group = await ownGroup(deps, user, storeId, groupText);
  if (group.id === null) throw ungroupedFixed();
  const { name, catalogueId } = await checkedGroupValues(deps, storeId, body, group.id);
  await q.updateGroup(deps.db, group.id, { name, ...(body.catalogueId !== undefined ? { catalogue_id: catalogueId } : {}) });
  return getGroup(deps, user, storeId, groupText);
}

export async function deleteGroups(deps: D, user: AuthUser, storeId: number, ids: string): Promise<{ ids: number[] }> {
  assertStoreReachable(user, storeId);
  return { ids: await q.deleteGroups(deps.db, storeId, parseIdList(ids)) };
}

export async function groupExists(deps: D, user: AuthUser, storeId: number, name: string, exceptId: number | null): Promise<{ exists: boolean }> {
  assertStoreReachable(user, storeId);
  const trimmed = name.trim();
  if (trimmed === '') return { exists: false };
  return { exists: await q.groupNameTaken(deps.db, storeId, trimmed, exceptId) };
}

export function numInventoryItems(deps: D, user: AuthUser, storeId: number) {
  assertStoreReachable(user, storeId);
  return q.storeItemCounts(deps.db, storeId);
}

// ---- sections ----

async function withItemCounts(deps: D, rows: Array<Omit<InventorySection, 'numItems'>>): Promise<InventorySection[]> {
  const counts = await q.sectionItemCounts(
    deps.db,
    rows.map((r) => r.tid),
  );
  return rows.map((r) => ({ ...r, numItems: counts.get(r.tid) ?? 0 }));
}

export async function listSections(deps: D, user: AuthUser, storeId: number, groupText: string, query: ListQuery) {
  const group = await ownGroup(deps, user, storeId, groupText);
  const page = await listPage(deps.db, INVENTORY_SECTIONS_LIST, { store_id: storeId, group_id: group.id }, listParams(query));
  return { ...page, items: await withItemCounts(deps, page.items) };
}

/** GET /api/stores/{storeId}/inventories: every section of the library (tid, comment, date, groupId). */
export function listAllSections(deps: D, user: AuthUser, storeId: number, query: ListQuery) {
  assertStoreReachable(user, storeId);
  return listPage(deps.db, INVENTORY_SECTIONS_LIST, { store_id: storeId }, listParams(query));
}

export async function getSection(deps: D, user: AuthUser, storeId: number, groupText: string, inventoryId: number): Promise<InventorySection> {
  const row = await ownSection(deps, user, storeId, groupText, inventoryId);
  return (await withItemCounts(deps, [INVENTORY_SECTIONS_LIST.toItem(row as unknown as Record<string, unknown>)]))[0]!;
}

/** 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DD HH:mm[:ss]' → 'YYYY-MM-DD HH:mm:ss' (library time). */
function sectionDate(text: string): string {
  const [day, time] = text.replace('T', ' ').split(' ');
  return `${day} ${time!.length === 5 ? `${time}:00` : time}`;
}

const locationTaken = (comment: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `The group already has a section at "${comment}"`);

export async function createSection(deps: D, user: AuthUser, storeId: number, groupText: string, body: InventorySectionInput): Promise<InventorySection> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const comment = body.comment.trim();
  if (await q.sectionCommentTaken(deps.db, storeId, group.id, comment, null)) throw locationTaken(comment);
  const id = await q.insertSection(deps.db, {
    store_id: storeId,
    group_id: group.id,
    comment,
    date: sectionDate(body.date),
    created_at: deps.config.now().toISOString(),
  });
  return getSection(deps, user, storeId, groupText, id);
}

export async function updateSection(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  inventoryId: number,
  body: InventorySectionInput,
): Promise<InventorySection> {
  const section = await ownSection(deps, user, storeId, groupText, inventoryId);
  const comment = body.comment.trim();
  if (await q.sectionCommentTaken(deps.db, storeId, section.group_id, comment, inventoryId)) throw locationTaken(comment);
  await q.updateSection(deps.db, inventoryId, { comment, date: sectionDate(body.date) });
  return getSection(deps, user, storeId, groupText, inventoryId);
}

export async function deleteSections(deps: D, user: AuthUser, storeId: number, groupText: string, ids: string): Promise<{ ids: number[] }> {
  const group = await ownGroup(deps, user, storeId, groupText);
  return { ids: await q.deleteSections(deps.db, storeId, group.id, parseIdList(ids)) };
}

export async function sectionExists(
  deps: D,
  user: AuthUser,
  storeId: number,
  groupText: string,
  comment: string,
  exceptId: number | null,
): Promise<{ exists: boolean }> {
  const group = await ownGroup(deps, user, storeId, groupText);
  const trimmed = comment.trim();
  if (trimmed === '') return { exists: false };
  return { exists: await q.sectionCommentTaken(deps.db, storeId, group.id, trimmed, exceptId) };
}

/** Export of the groups list (UNGROUPED is virtual and not exported). */
export function exportGroups(deps: D, user: AuthUser, storeId: number, body: ExportBody): Promise<ExportFile> {
  assertStoreReachable(user, storeId);
  return exportList(deps, user, INVENTORY_GROUPS_LIST, { store_id: storeId }, body, { maxXlsRows: deps.lists.maxXlsRows, baseName: 'inventoryGroups' });
}

/** Export of a group's sections list. */
export async function exportSections(deps: D, user: AuthUser, storeId: number, groupText: string, body: ExportBody): Promise<ExportFile> {
  const group = await ownGroup(deps, user, storeId, groupText);
  return exportList(deps, user, INVENTORY_SECTIONS_LIST, { store_id: storeId, group_id: group.id }, body, {
    maxXlsRows: deps.lists.maxXlsRows,
    baseName: group.row?.name ?? UNGROUPED,
  });
}
