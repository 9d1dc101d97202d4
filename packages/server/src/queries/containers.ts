/**
 * Queries of the item containers (catalogues and search lists): the two parent tables have the same
 * columns, and their item tables differ only in the parent key column, so one set of queries serves both.
 * Table and column names come from a ContainerTables fixed in code, never from callers.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CataloguesTable, Database } from '../db/schema';
import type { ItemTarget } from '../lists/itemWrites';
import { itemRow, type ItemValues } from '../lists/items';
import { sameName } from './names';

type Db = Kysely<Database> | Transaction<Database>;

export interface ContainerTables {
  table: 'catalogues' | 'search_lists';
  itemsTable: ItemTarget['table'];
  parentColumn: ItemTarget['parentColumn'];
}

/** The parent row; search_lists has exactly the columns of catalogues. */
export type ContainerRow = Selectable<CataloguesTable>;
export type ContainerValues = Omit<CataloguesTable, 'id'>;
export type ContainerChanges = Partial<Omit<CataloguesTable, 'id' | 'store_id'>>;

const parent = (t: ContainerTables) => sql.ref<number>(t.parentColumn);

export function findContainer(db: Db, t: ContainerTables, storeId: number, id: number): Promise<ContainerRow | undefined> {
  return db.selectFrom(t.table).selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

/**
 * Is the name taken in the library, whatever its case and accents (the unique index of migration 0013, on
 * lower(name), also stops two writers at once for names differing in case only)?
 */
export async function containerNameTaken(db: Db, t: ContainerTables, storeId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom(t.table)
    .select('id')
    .where('store_id', '=', storeId)
    .where(sameName(db, 'name', [name]));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The library's names among `names`, compared whatever their case and accents. */
export async function takenContainerNames(db: Db, t: ContainerTables, storeId: number, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db
    .selectFrom(t.table)
    .select('name')
    .where('store_id', '=', storeId)
    .where(sameName(db, 'name', names))
    .execute();
  return rows.map((r) => r.name);
}

export async function insertContainer(db: Db, t: ContainerTables, values: ContainerValues): Promise<number> {
  const { id } = await db.insertInto(t.table).values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateContainer(db: Db, t: ContainerTables, id: number, values: ContainerChanges): Promise<void> {
  await db.updateTable(t.table).set(values).where('id', '=', id).execute();
}

/** Deletes the store's containers among ids (every one when ids is null); their items cascade. */
export async function deleteContainers(db: Db, t: ContainerTables, storeId: number, ids: number[] | null): Promise<number[]> {
  let q = db.selectFrom(t.table).select('id').where('store_id', '=', storeId);
  if (ids) q = q.where('id', 'in', ids);
  const found = (await q.execute()).map((r) => r.id);
  if (found.length) await db.deleteFrom(t.table).where('id', 'in', found).execute();
  return found;
}

export async function countStoreItems(db: Db, t: ContainerTables, storeId: number): Promise<{ numItems: number; numItemsDistinct: number }> {
  const all = await db
    .selectFrom(t.itemsTable)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select distinct code, object_id from ${sql.table(t.itemsTable)} where store_id = ${storeId}) pairs`.execute(db);
  return { numItems: Number(all.n), numItemsDistinct: Number(rows[0]?.n ?? 0) };
}

export function findItem(db: Db, t: ContainerTables, parentId: number, itemId: number) {
  return db.selectFrom(t.itemsTable).selectAll().where('id', '=', itemId).where(parent(t), '=', parentId).executeTakeFirst();
}

/** Is the code/objectId pair (null = absent) used by another item of the container? */
export async function itemPairTaken(
  db: Db,
  t: ContainerTables,
  parentId: number,
  code: string | null,
  objectId: string | null,
  exceptId: number | null,
): Promise<boolean> {
  let q = db.selectFrom(t.itemsTable).select('id').where(parent(t), '=', parentId);
  q = code === null ? q.where('code', 'is', null) : q.where('code', '=', code);
  q = objectId === null ? q.where('object_id', 'is', null) : q.where('object_id', '=', objectId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertItem(db: Db, t: ContainerTables, storeId: number, parentId: number, values: ItemValues, createdAt: string): Promise<number> {
  const r = itemRow(values);
  const { rows } = await sql<{ id: number }>`insert into ${sql.table(t.itemsTable)}
    (store_id, ${parent(t)}, code, object_id, field1, field2, field3, field4, field5, field6, search_text, created_at)
    values (${storeId}, ${parentId}, ${r.code}, ${r.object_id}, ${r.field1}, ${r.field2}, ${r.field3}, ${r.field4}, ${r.field5}, ${r.field6}, ${r.search_text}, ${createdAt})
    returning id`.execute(db);
  return Number(rows[0]!.id);
}

export async function updateItem(db: Db, t: ContainerTables, itemId: number, values: ItemValues): Promise<void> {
  await db.updateTable(t.itemsTable).set(itemRow(values)).where('id', '=', itemId).execute();
}

/** Deletes every item of the container; returns how many. */
export async function deleteAllItems(db: Db, t: ContainerTables, parentId: number): Promise<number> {
  const result = await db.deleteFrom(t.itemsTable).where(parent(t), '=', parentId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the container's items among ids; returns the ids deleted. */
export async function deleteItems(db: Db, t: ContainerTables, parentId: number, ids: number[]): Promise<number[]> {
  const found = (await db.selectFrom(t.itemsTable).select('id').where(parent(t), '=', parentId).where('id', 'in', ids).execute()).map((r) => r.id);
  if (found.length) await db.deleteFrom(t.itemsTable).where('id', 'in', found).execute();
  return found;
}
