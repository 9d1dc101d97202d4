import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword, type Argon2Params } from '../auth/password';
import type { Database } from '../db/schema';
import { DEMO_ACCOUNTS, type DemoAccount } from './accounts';

/** A fresh random public token (capacities links use it). */
export function newUserToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Inserts the demo accounts (parents first) with their library rows. Libraries are matched by code
 * (see DEMO_STORE_CODES); call it after the demo libraries exist. Returns user ids by user name.
 */
export async function insertDemoAccounts(
  db: Kysely<Database>,
  argon2: Argon2Params,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
): Promise<Record<string, number>> {
  const stores = await db.selectFrom('stores').select(['id', 'code']).orderBy('id').execute();
  const idsByUser: Record<string, number> = {};
  const now = new Date().toISOString();
  for (const account of accounts) {
    const storeIds = account.storeCodes === 'all' ? stores.map((s) => s.id) : stores.filter((s) => account.storeCodes.includes(s.code)).map((s) => s.id);
    const { id } = await db
      .insertInto('users')
      .values({
        user_name: account.userName,
        full_name: account.fullName,
        address: account.address,
        telephone: account.telephone,
        email: account.email,
        password_hash: await hashPassword(account.password, argon2),
        flavor: account.flavor,
        role: account.role,
        permissions: JSON.stringify(account.permissions),
        regions: '[]',
        token: newUserToken(),
        image_set_token: newUserToken(),
        parent_id: account.parent ? (idsByUser[account.parent] ?? null) : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idsByUser[account.userName] = id;
    if (storeIds.length) {
      await db
        .insertInto('user_stores')
        .values(storeIds.map((storeId) => ({ user_id: id, store_id: storeId })))
        .execute();
    }
  }
  return idsByUser;
}
