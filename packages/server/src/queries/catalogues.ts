import { sql, type Kysely, type Transaction } from 'kysely';
import type { CataloguesTable, Database } from '../db/schema';
import { itemRow, type ItemValues } from '../lists/items';

type Db = Kysely<Database> | Transaction<Database>;

export function findCatalogue(db: Db, storeId: number, id: number) {
  return db.selectFrom('catalogues').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

export async function catalogueNameTaken(db: Db, storeId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('catalogues').select('id').where('store_id', '=', storeId).where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function takenCatalogueNames(db: Db, storeId: number, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db.selectFrom('catalogues').select('name').where('store_id', '=', storeId).where('name', 'in', names).execute();
  return rows.map((r) => r.name);
}

export async function insertCatalogue(db: Db, values: Omit<CataloguesTable, 'id'>): Promise<number> {
  const { id } = await db.insertInto('catalogues').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCatalogue(db: Db, id: number, values: Partial<Omit<CataloguesTable, 'id' | 'store_id'>>): Promise<void> {
  await db.updateTable('catalogues').set(values).where('id', '=', id).execute();
}

/** Deletes the store's catalogues among ids (every one when ids is null); their items cascade. */
export async function deleteCatalogues(db: Db, storeId: number, ids: number[] | null): Promise<number[]> {
  let q = db.selectFrom('catalogues').select('id').where('store_id', '=', storeId);
  if (ids) q = q.where('id', 'in', ids);
  const found = (await q.execute()).map((r) => r.id);
  if (found.length) await db.deleteFrom('catalogues').where('id', 'in', found).execute();
  return found;
}

export async function countStoreCatalogueItems(db: Db, storeId: number): Promise<{ numItems: number; numItemsDistinct: number }> {
  const all = await db.selectFrom('catalogue_items').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select distinct code, object_id from catalogue_items where store_id = ${storeId}) pairs`.execute(db);
  return { numItems: Number(all.n), numItemsDistinct: Number(rows[0]?.n ?? 0) };
}

export function findCatalogueItem(db: Db, catalogueId: number, itemId: number) {
  return db.selectFrom('catalogue_items').selectAll().where('id', '=', itemId).where('catalogue_id', '=', catalogueId).executeTakeFirst();
}

/** Is the code/objectId pair (null = absent) used by another item of the catalogue? */
export async function itemPairTaken(db: Db, catalogueId: number, code: string | null, objectId: string | null, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('catalogue_items').select('id').where('catalogue_id', '=', catalogueId);
  q = code === null ? q.where('code', 'is', null) : q.where('code', '=', code);
  q = objectId === null ? q.where('object_id', 'is', null) : q.where('object_id', '=', objectId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertCatalogueItem(db: Db, storeId: number, catalogueId: number, values: ItemValues, createdAt: string): Promise<number> {
  const { id } = await db.insertInto('catalogue_items')
    .values({ store_id: storeId, catalogue_id: catalogueId, ...itemRow(values), created_at: createdAt })
    .returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCatalogueItem(db: Db, itemId: number, values: ItemValues): Promise<void> {
  await db.updateTable('catalogue_items').set(itemRow(values)).where('id', '=', itemId).execute();
}

/** Deletes every item of the catalogue; returns how many. */
export async function deleteAllCatalogueItems(db: Db, catalogueId: number): Promise<number> {
  const result = await db.deleteFrom('catalogue_items').where('catalogue_id', '=', catalogueId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the catalogue's items among ids; returns the ids deleted. */
export async function deleteCatalogueItems(db: Db, catalogueId: number, ids: number[]): Promise<number[]> {
  const found = (await db.selectFrom('catalogue_items').select('id').where('catalogue_id', '=', catalogueId).where('id', 'in', ids).execute()).map((r) => r.id);
  if (found.length) await db.deleteFrom('catalogue_items').where('id', 'in', found).execute();
  return found;
}
