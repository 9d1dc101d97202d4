/** SQL of image sets and their images (tables image_sets, images). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sameName } from './names';

type Db = Kysely<Database>;
const SET_COLUMNS = ['id', 'user_id', 'name', 'description', 'created_at'] as const;

export function listSets(db: Db, userId: number) {
  return db.selectFrom('image_sets').select(SET_COLUMNS).where('user_id', '=', userId).orderBy('name').orderBy('id').execute();
}

export function findSet(db: Db, id: number) {
  return db.selectFrom('image_sets').select(SET_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The set when its owner's image-set token is `token`. */
export function findSetByToken(db: Db, token: string, id: number) {
  return db
    .selectFrom('image_sets')
    .innerJoin('users', 'users.id', 'image_sets.user_id')
    .select(['image_sets.id', 'image_sets.name', 'image_sets.description', 'image_sets.created_at'])
    .where('image_sets.id', '=', id)
    .where('users.image_set_token', '=', token)
    .executeTakeFirst();
}

/** Name taken by another of the user's image sets, whatever its case and accents. */
export async function setNameTaken(db: Db, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('image_sets')
    .select('id')
    .where('user_id', '=', userId)
    .where(sameName(db, 'name', [name]));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSet(db: Db, values: { user_id: number; name: string; description: string; created_at: string }): Promise<number> {
  return (await db.insertInto('image_sets').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSet(db: Db, id: number, changes: { name: string; description?: string }): Promise<void> {
  await db.updateTable('image_sets').set(changes).where('id', '=', id).execute();
}

export async function deleteSet(db: Db, id: number): Promise<void> {
  await db.deleteFrom('image_sets').where('id', '=', id).execute();
}

/** Newest first (data-areas §2: uploads appear first). */
export function listImages(db: Db, setId: number) {
  return db
    .selectFrom('images')
    .select(['id', 'name', 'file', 'mime', 'created_at'])
    .where('image_set_id', '=', setId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findImage(db: Db, setId: number, name: string) {
  return db
    .selectFrom('images')
    .select(['id', 'name', 'file', 'mime', 'created_at'])
    .where('image_set_id', '=', setId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function imageNames(db: Db, setId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('images').select('name').where('image_set_id', '=', setId).execute();
  return new Set(rows.map((r) => r.name));
}

export async function insertImage(
  db: Db,
  values: { image_set_id: number; name: string; file: string; mime: string; size: number; created_at: string },
): Promise<void> {
  await db.insertInto('images').values(values).execute();
}

export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}

/** Bytes of every image in the user's sets (the image-set quota counts these). */
export async function storedBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('images')
    .innerJoin('image_sets', 'image_sets.id', 'images.image_set_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('images.size'), eb.lit(0)).as('bytes'))
    .where('image_sets.user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export async function findImageId(db: Db, setId: number, name: string): Promise<number | undefined> {
  return (await db.selectFrom('images').select('id').where('image_set_id', '=', setId).where('name', '=', name).executeTakeFirst())?.id;
}
