/** First-start work on a database: migrate, then demo data or the initial admin account when empty. */
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword, type Argon2Params } from './auth/password';
import { migrateToLatest } from './db/connect';
import { withStartupLock } from './db/startupLock';
import type { Database } from './db/schema';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { newUserToken } from './demo/insertAccounts';
import { ApiError } from './errors';
import { assertNewPasswordAllowed } from './services/passwords';
import { generateDemo } from './demo/generate';
import type { FileStorage } from './storage/files';

/** A start-up refusal with a message for the operator. */
export class StartupError extends Error {}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).execute()).length === 0;
}

/** Fills an empty database with the deterministic demo portal (pictures of image sets go to `storage`). */
export async function seedDemo(db: Kysely<Database>, argon2: Argon2Params, now: Date, storage?: FileStorage): Promise<string> {
  await generateDemo(db, { argon2, now, storage });
  return 'demo data';
}

/** The one account of a non-demo installation: user name admin, role admin. */
export async function createInitialAdmin(db: Kysely<Database>, password: string, argon2: Argon2Params, now: Date): Promise<void> {
  const ts = now.toISOString();
  await db
    .insertInto('users')
    .values({
      user_name: 'admin',
      full_name: 'Administrator',
      address: '',
      telephone: '',
      email: null,
      password_hash: await hashPassword(password, argon2),
      flavor: '{product}',
      role: 'admin',
      permissions: '[]',
      regions: '[]',
      token: newUserToken(),
      image_set_token: newUserToken(),
      parent_id: null,
      created_at: ts,
      updated_at: ts,
    })
    .execute();
}

export interface PrepareOptions {
  demo: boolean;
  adminPassword: string | undefined;
  argon2: Argon2Params;
  now: Date;
  /** Where demo pictures are written (the server's file storage). */
  storage?: FileStorage;
  /** How demo data is created; defaults to seedDemo (tests pass a smaller seed). */
  seed?: (db: Kysely<Database>, argon2: Argon2Params, now: Date) => Promise<string>;
}

/**
 * Migrates, and on an empty database creates the demo data (demo on) or the admin account from
 * ADMIN_PASSWORD (demo off; without it start-up is refused). Returns what was created, or null. One
 * instance at a time (db/startupLock.ts).
 */
export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<string | null> {
  // Instances starting together take turns: the first migrates and fills, the others find it done.
  return withStartupLock(db, () => prepareLocked(db, options));
}

async function prepareLocked(db: Kysely<Database>, options: PrepareOptions): Promise<string | null> {
  await migrateToLatest(db);
  if (!(await isEmpty(db))) return null;
  if (options.demo) return options.seed ? options.seed(db, options.argon2, options.now) : seedDemo(db, options.argon2, options.now, options.storage);
  if (!options.adminPassword) {
    throw new StartupError(
      'The database is empty and demo data is off (PORTAL_DEMO is not 1): set ADMIN_PASSWORD to create the admin ' +
        'account (user name "admin"), or PORTAL_DEMO=1 for a demo portal.',
    );
  }
  try {
    assertNewPasswordAllowed(options.adminPassword, 'admin', false);
  } catch (e) {
    if (e instanceof ApiError) throw new StartupError(`ADMIN_PASSWORD is refused: ${e.message}.`);
    throw e;
  }
  await createInitialAdmin(db, options.adminPassword, options.argon2, options.now);
  return 'admin account';
}

/**
 * Demo accounts that still sign in with their demo password (user name = password). Outside demo mode
 * those passwords are refused at sign-in; main.ts names the accounts so the operator can set new ones.
 */
export async function accountsWithDemoPasswords(db: Kysely<Database>): Promise<string[]> {
  const names = DEMO_ACCOUNTS.map((a) => a.userName);
  const rows = await db.selectFrom('users').select(['user_name', 'password_hash']).where('user_name', 'in', names).execute();
  const found: string[] = [];
  for (const row of rows) {
    const account = DEMO_ACCOUNTS.find((a) => a.userName === row.user_name)!;
    if (await verifyPassword(row.password_hash, account.password)) found.push(row.user_name);
  }
  return found.sort();
}
