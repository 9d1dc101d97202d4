/**
 * A fresh, migrated database per test file: a temp SQLite file by default, or — when TEST_DATABASE_URL is
 * set (see scripts/pg-cluster.sh) — a uniquely named PostgreSQL database created on that server and
 * dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDb, migrateToLatest, type DbConfig } from '../db/connect';
import type { Database } from '../db/schema';
import { checkpointsSettled } from '../lists/importCheckpoint';

export interface TestDb {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** How to reach this database from another connection or process. */
  dbConfig: DbConfig;
  /** A temp directory for files of this test database. */
  dir: string;
  destroy(): Promise<void>;
}

/**
 * A database write's outcome as text: 'stored', or the driver's error ("SqliteError: UNIQUE constraint failed…").
 * Not `.rejects.toThrow()`: better-sqlite3's SqliteError has as prototype the Error of the test file that loaded the
 * addon first, so in a later file of the same jest worker it is no `instanceof Error` and jest reports "did not
 * throw" (seen in fresh-clone runs, never in a file run alone).
 */
export const writeOutcome = (write: { execute(): Promise<unknown> } | Promise<unknown>): Promise<string> =>
  ('execute' in write ? write.execute() : write).then(
    () => 'stored',
    (e: unknown) => String(e),
  );

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const dbConfig = { databaseUrl: target.toString() };
    const db = createDb(dbConfig);
    await migrateToLatest(db);
    return {
      db,
      dialect: 'postgres',
      dbConfig,
      dir,
      async destroy() {
        await db.destroy();
        await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dbConfig = { sqliteFile: path.join(dir, 'test.sqlite') };
  const db = createDb(dbConfig);
  await migrateToLatest(db);
  return {
    db,
    dialect: 'sqlite',
    dbConfig,
    dir,
    async destroy() {
      // A move's WAL checkpoint on a worker would recreate the -wal and -shm files while the folder goes.
      await checkpointsSettled(db);
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
