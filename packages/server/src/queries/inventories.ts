/**
 * Queries of inventory groups, sections ("inventories") and their scanned items. A group id of null is the
 * virtual UNGROUPED group (sections and items whose group_id is null).
 */
import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Database, InventoriesTable, InventoryGroupsTable } from '../db/schema';
import { itemRow, type ItemValues } from '../lists/items';
import { logScan } from '../lists/inventoryEvents';
import { sameName } from './names';

type Db = Kysely<Database> | Transaction<Database>;
export type GroupRow = Selectable<InventoryGroupsTable>;
export type SectionRow = Selectable<InventoriesTable>;

/** group_id of the group, or null for UNGROUPED. */
export const inGroup = (groupId: number | null) => (groupId === null ? sql<SqlBool>`group_id is null` : sql<SqlBool>`group_id = ${groupId}`);

export function findGroup(db: Db, storeId: number, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('inventory_groups').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

/** Name taken by another group of the library, whatever its case and accents. */
export async function groupNameTaken(db: Db, storeId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('inventory_groups')
    .select('id')
    .where('store_id', '=', storeId)
    .where(sameName(db, 'name', [name]));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertGroup(db: Db, values: Omit<InventoryGroupsTable, 'id'>): Promise<number> {
  return (await db.insertInto('inventory_groups').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateGroup(db: Db, id: number, values: { name: string; catalogue_id?: number | null }): Promise<void> {
  await db.updateTable('inventory_groups').set(values).where('id', '=', id).execute();
}

/**
 * Deletes the library's groups among ids with their sections, items and operations (one transaction).
 */
export function deleteGroups(db: Kysely<Database>, storeId: number, ids: number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const found = (await trx.selectFrom('inventory_groups').select('id').where('store_id', '=', storeId).where('id', 'in', ids).execute()).map((r) => r.id);
    if (!found.length) return found;
    await trx.deleteFrom('inventory_items').where('group_id', 'in', found).execute();
    await trx.deleteFrom('inventories').where('group_id', 'in', found).execute();
    await trx.deleteFrom('additional_operations').where('group_id', 'in', found).execute();
    await trx.deleteFrom('inventory_groups').where('id', 'in', found).execute();
    return found;
  });
}

export async function catalogueOwned(db: Db, storeId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('catalogues').select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst()) !== undefined;
}

export async function catalogueNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('catalogues').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface GroupCounts {
  numInventories: number;
  numItems: number;
  numItemsDistinct: number;
}

export async function groupCounts(db: Db, storeId: number, groupId: number | null): Promise<GroupCounts> {
  const sections = await db
    .selectFrom('inventories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where(inGroup(groupId))
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('inventory_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where(inGroup(groupId))
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select distinct code, object_id from inventory_items where store_id = ${storeId} and ${inGroup(groupId)}) pairs`.execute(db);
  return { numInventories: Number(sections.n), numItems: Number(items.n), numItemsDistinct: Number(rows[0]?.n ?? 0) };
}

export async function storeItemCounts(db: Db, storeId: number): Promise<{ numItems: number; numItemsDistinct: number }> {
  const all = await db
    .selectFrom('inventory_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select distinct code, object_id from inventory_items where store_id = ${storeId}) pairs`.execute(db);
  return { numItems: Number(all.n), numItemsDistinct: Number(rows[0]?.n ?? 0) };
}

// ---- sections ----

export function findSection(db: Db, storeId: number, groupId: number | null, id: number): Promise<SectionRow | undefined> {
  return db.selectFrom('inventories').selectAll().where('id', '=', id).where('store_id', '=', storeId).where(inGroup(groupId)).executeTakeFirst();
}

/** Location (comment) taken by another section of the group, whatever its case and accents. */
export async function sectionCommentTaken(db: Db, storeId: number, groupId: number | null, comment: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('inventories')
    .select('id')
    .where('store_id', '=', storeId)
    .where(sameName(db, 'comment', [comment]))
    .where(inGroup(groupId));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertSection(db: Db, values: Omit<InventoriesTable, 'id'>): Promise<number> {
  return (await db.insertInto('inventories').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSection(db: Db, id: number, values: { comment: string; date: string }): Promise<void> {
  await db.updateTable('inventories').set(values).where('id', '=', id).execute();
}

/** Deletes the group's sections among ids with their items (one transaction). */
export function deleteSections(db: Kysely<Database>, storeId: number, groupId: number | null, ids: number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const found = (
      await trx.selectFrom('inventories').select('id').where('store_id', '=', storeId).where('id', 'in', ids).where(inGroup(groupId)).execute()
    ).map((r) => r.id);
    if (!found.length) return found;
    await trx.deleteFrom('inventory_items').where('inventory_id', 'in', found).execute();
    await trx.deleteFrom('inventories').where('id', 'in', found).execute();
    return found;
  });
}

export async function sectionItemCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('inventory_items')
    .select(['inventory_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('inventory_id', 'in', ids)
    .groupBy('inventory_id')
    .execute();
  return new Map(rows.map((r) => [r.inventory_id, Number(r.n)]));
}

/** Names shown beside scanned items: section locations, group names and search list names by id. */
export async function itemLabels(db: Db, sectionIds: number[], groupIds: number[], searchListIds: number[]) {
  const byId = async (table: 'inventories' | 'inventory_groups' | 'search_lists', column: 'comment' | 'name', ids: number[]) => {
    if (!ids.length) return new Map<number, string>();
    const rows = await sql<{
      id: number;
      label: string;
    }>`select id, ${sql.ref(column)} as label from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.id), String(r.label)]));
  };
  return {
    sections: await byId('inventories', 'comment', sectionIds),
    groups: await byId('inventory_groups', 'name', groupIds),
    searchLists: await byId('search_lists', 'name', searchListIds),
  };
}

/** One scanned item added by hand: the section's group and date. */
/** A manually added scan and its INVENTORY item event, in one transaction. */
export async function insertScannedItem(db: Kysely<Database>, section: SectionRow, values: ItemValues, createdAt: string): Promise<number> {
  const row = {
    ...itemRow(values),
    store_id: section.store_id,
    inventory_id: section.id,
    group_id: section.group_id,
    date: section.date,
    search_list_id: null,
    created_at: createdAt,
  };
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('inventory_items').values(row).returning('id').executeTakeFirstOrThrow();
    await logScan(trx, section.id, id);
    return id;
  });
}
