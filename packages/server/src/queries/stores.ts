import type { Kysely, Transaction } from 'kysely';
import type { Database, NewStore, StoreRow, StoreUpdate } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Libraries with the given ids (undefined = every library). */
export function listStores(db: Db, ids?: number[]): Promise<StoreRow[]> {
  let q = db.selectFrom('stores').selectAll().orderBy('id');
  if (ids) {
    if (!ids.length) return Promise.resolve([]);
    q = q.where('id', 'in', ids);
  }
  return q.execute();
}

export async function allStoreIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('stores').select('id').orderBy('id').execute()).map((r) => r.id);
}

export async function existingStoreIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('stores').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export function findStore(db: Db, id: number): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function storeCodeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('stores').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertStore(db: Db, store: NewStore): Promise<number> {
  const { id } = await db.insertInto('stores').values(store).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateStore(db: Db, id: number, changes: StoreUpdate): Promise<void> {
  await db.updateTable('stores').set(changes).where('id', '=', id).execute();
}

/** Deletes libraries (their data cascades) and clears settings that selected them. */
export async function deleteStores(db: Db, ids: number[]): Promise<void> {
  await db.updateTable('user_settings').set({ selected_store_id: null }).where('selected_store_id', 'in', ids).execute();
  await db.deleteFrom('stores').where('id', 'in', ids).execute();
}

/** Sensors of the given libraries (undefined = every library). */
export function listSensors(db: Db, storeIds?: number[]) {
  let q = db.selectFrom('sensors').select(['id', 'store_id', 'name', 'capacity']).orderBy('id');
  if (storeIds) {
    if (!storeIds.length) return Promise.resolve([]);
    q = q.where('store_id', 'in', storeIds);
  }
  return q.execute();
}
