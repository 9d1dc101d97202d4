import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { prepareSqliteForLists, rememberSqliteHandle } from '../lists/sqlite';
import { rememberPostgresPool } from './postgresPool';

export type { Dialect } from './dialect';

/** Either a PostgreSQL URL (postgres://… or postgresql://…) or an SQLite file path. */
export type DbConfig = { databaseUrl: string } | { sqliteFile: string };

export const SQLITE_FILE_NAME = 'portal.sqlite';

/** DATABASE_URL selects PostgreSQL; otherwise the embedded SQLite file under the data directory. */
export function dbConfigFromEnv(env: { DATABASE_URL?: string }, dataDir: string): DbConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { databaseUrl: url };
  return { sqliteFile: path.join(dataDir, SQLITE_FILE_NAME) };
}

// bigint (count(*), sum) and numeric come back as strings from pg; parse them so query results are
// numbers on both databases (our values stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function createDb(config: DbConfig): Kysely<Database> {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client whose connection drops (database restart, failover) emits 'error' on the pool; without a
    // listener that would end the process. The pool discards the client and the next query reconnects.
    pool.on('error', (e) => console.error(`PostgreSQL idle connection lost: ${e.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    rememberPostgresPool(db, pool);
    return db;
  }
  if (config.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // List searches: portal_fold() and a safe REGEXP; export readers open extra connections on the same file.
  prepareSqliteForLists(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  rememberSqliteHandle(db, sqlite);
  return db;
}

export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Applies every pending migration; throws with the failing migration's error. Migration numbers are handed
 * out per piece of work, so a lower number may land after a higher one: unordered migrations are allowed.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet['results']> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialectOf(db)), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if (results?.length && dialectOf(db) === 'sqlite') await analyzeNewIndexes(db);
  return results;
}

/**
 * SQLite plans with ANALYZE's statistics once a database has them (sqlite_stat1, e.g. the large profile), and
 * takes an index without statistics for a very selective one: after a migration adds an index, a list in id
 * order was read through the new index and sorted whole (seconds instead of a millisecond on a million rows). Tables with
 * an index without statistics are analysed again (one read of each of their indexes) where others have some.
 */
async function analyzeNewIndexes(db: Kysely<Database>): Promise<void> {
  const { rows: stat } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (!Number(stat[0]?.n)) return;
  // Whole tables: statistics of one index taken later than its neighbours' (other row counts) tipped the
  // planner to a sort index and a full sort of a million-row group; one pass per table keeps them consistent.
  const { rows } = await sql<{ tbl_name: string }>`select distinct tbl_name from sqlite_master m where type = 'index' and name not like 'sqlite_autoindex_%'
    and not exists (select 1 from sqlite_stat1 s where s.idx = m.name)`.execute(db);
  for (const { tbl_name: table } of rows) await sql`analyze ${sql.ref(table)}`.execute(db);
}
