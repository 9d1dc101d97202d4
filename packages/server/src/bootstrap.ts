/** First-start work on an empty database: demo data, or the initial admin account. */
import type { Kysely } from 'kysely';
import type { Argon2Params } from './auth/password';
import { hashPassword } from './auth/password';
import type { Database } from './db/schema';
import { newUserToken } from './demo/insertAccounts';
import { loadDemoGenerator } from './demo/loadGenerator';
import { seedMinimal } from './demo/seedMinimal';

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).execute()).length === 0;
}

/** Returns which seed ran. */
export async function seedDemo(db: Kysely<Database>, argon2: Argon2Params, now: Date): Promise<'generator' | 'minimal'> {
  const generate = await loadDemoGenerator();
  if (generate) {
    await generate(db, { argon2, now });
    return 'generator';
  }
  await seedMinimal(db, argon2);
  return 'minimal';
}

/** The one account of a non-demo installation: user name admin, role admin. */
export async function createInitialAdmin(db: Kysely<Database>, password: string, argon2: Argon2Params, now: Date): Promise<void> {
  const ts = now.toISOString();
  await db.insertInto('users').values({
    user_name: 'admin', full_name: 'Administrator', address: '', telephone: '', email: null,
    password_hash: await hashPassword(password, argon2), flavor: '{product}', role: 'admin', permissions: '[]',
    regions: '[]', token: newUserToken(), parent_id: null, created_at: ts, updated_at: ts,
  }).execute();
}
