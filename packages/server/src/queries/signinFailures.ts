import type { Kysely } from 'kysely';
import type { Database, SigninFailuresTable } from '../db/schema';

export type SigninFailure = SigninFailuresTable;

export function findFailures(db: Kysely<Database>, keys: string[]): Promise<SigninFailure[]> {
  return db.selectFrom('signin_failures').selectAll().where('key', 'in', keys).execute();
}

export async function saveFailure(db: Kysely<Database>, row: SigninFailure): Promise<void> {
  await db
    .insertInto('signin_failures')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ failures: row.failures, first_failure_at: row.first_failure_at, locked_until: row.locked_until }),
    )
    .execute();
}

export async function deleteFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('signin_failures').where('key', '=', key).execute();
}
