/**
 * The pg pool behind a PostgreSQL Kysely instance, for work Kysely has no call for: COPY … TO STDOUT streams
 * (lists/export/postgresCopy.ts). Registered by createDb; null for SQLite.
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function rememberPostgresPool(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

export function postgresPool(db: Kysely<Database>): pg.Pool | null {
  return pools.get(db) ?? null;
}
