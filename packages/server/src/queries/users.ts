import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
}

export function listAllUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

export async function userStoreIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_stores').select('store_id').where('user_id', '=', userId).orderBy('store_id').execute();
  return rows.map((r) => r.store_id);
}

/** user id → store ids, for every user. */
export async function allUserStoreIds(db: Db): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom('user_stores').select(['user_id', 'store_id']).orderBy('store_id').execute();
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.store_id]);
  return map;
}

export async function userNameTaken(db: Db, userName: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('user_name', '=', userName);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Db, email: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function replaceUserStores(db: Db, userId: number, storeIds: number[]): Promise<void> {
  await db.deleteFrom('user_stores').where('user_id', '=', userId).execute();
  // Chunks keep each statement far below SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < storeIds.length; i += 1000) {
    const chunk = storeIds.slice(i, i + 1000);
    await db
      .insertInto('user_stores')
      .values(chunk.map((store_id) => ({ user_id: userId, store_id })))
      .execute();
  }
}

export async function deleteUsers(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('users').where('id', 'in', ids).execute();
}

/** Revokes every access token issued to the user so far (auth/tokens.ts `ver`). */
export async function bumpTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
