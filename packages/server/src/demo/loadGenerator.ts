import type { Kysely } from 'kysely';
import type { Argon2Params } from '../auth/password';
import type { Database } from '../db/schema';

/**
 * The demo data generator lives in ./generate.ts (another owner). Expected export:
 *   generateDemo(db, { argon2, now }): Promise<void>   (or the same function as the default export)
 * It must create the demo libraries (codes in DEMO_STORE_CODES) and the accounts (insertDemoAccounts).
 */
export type DemoGenerator = (db: Kysely<Database>, options: { argon2: Argon2Params; now: Date }) => Promise<unknown>;

function isModuleNotFound(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}

/** The generator, or null while ./generate.ts does not exist yet. */
export async function loadDemoGenerator(): Promise<DemoGenerator | null> {
  // A computed specifier keeps type-checking independent of whether the file exists yet.
  const specifier = './generate';
  try {
    const mod = (await import(specifier)) as { generateDemo?: DemoGenerator; default?: DemoGenerator };
    return mod.generateDemo ?? mod.default ?? null;
  } catch (e) {
    if (isModuleNotFound(e)) return null;
    throw e;
  }
}
