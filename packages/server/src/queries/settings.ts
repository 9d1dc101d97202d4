import type { Kysely, Transaction } from 'kysely';
import type { Database, ExportFormatsTable, UserSettingsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findSettings(db: Db, userId: number) {
  return db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: UserSettingsTable): Promise<void> {
  const { user_id: _key, ...changes } = row;
  await db
    .insertInto('user_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

export function findFormat(db: Db, userId: number) {
  return db.selectFrom('export_formats').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveFormat(db: Db, row: ExportFormatsTable): Promise<void> {
  const { user_id: _key, ...changes } = row;
  await db
    .insertInto('export_formats')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
