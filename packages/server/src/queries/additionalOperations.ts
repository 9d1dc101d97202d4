/** Queries of additional operations; a group id of null is UNGROUPED. */
import type { Kysely, Transaction } from 'kysely';
import type { AdditionalOperationsTable, Database } from '../db/schema';
import { inGroup } from './inventories';
import { sameName } from './names';

type Db = Kysely<Database> | Transaction<Database>;

export function findOperation(db: Db, storeId: number, groupId: number | null, id: number) {
  return db.selectFrom('additional_operations').selectAll().where('id', '=', id).where('store_id', '=', storeId).where(inGroup(groupId)).executeTakeFirst();
}

/** Name taken by another operation of the group, whatever its case and accents. */
export async function operationNameTaken(db: Db, storeId: number, groupId: number | null, name: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('additional_operations')
    .select('id')
    .where('store_id', '=', storeId)
    .where(inGroup(groupId))
    .where(sameName(db, 'name', [name]));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertOperation(db: Db, values: Omit<AdditionalOperationsTable, 'id'>): Promise<number> {
  return (await db.insertInto('additional_operations').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateOperation(
  db: Db,
  id: number,
  values: Pick<AdditionalOperationsTable, 'name' | 'url' | 'method' | 'attach_data' | 'params'>,
): Promise<void> {
  await db.updateTable('additional_operations').set(values).where('id', '=', id).execute();
}

export async function deleteOperations(db: Db, storeId: number, groupId: number | null, ids: number[]): Promise<number[]> {
  const found = (
    await db.selectFrom('additional_operations').select('id').where('store_id', '=', storeId).where(inGroup(groupId)).where('id', 'in', ids).execute()
  ).map((r) => r.id);
  if (found.length) await db.deleteFrom('additional_operations').where('id', 'in', found).execute();
  return found;
}
