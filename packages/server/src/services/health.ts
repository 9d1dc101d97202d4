/**
 * GET /api/health for load balancers: the database answers and every migration this server knows has run.
 * An instance that is stopping answers 503 too (Fastify, once app.close() began), so the balancer moves on.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/connect';
import { migrationProvider } from '../db/migrations';

export interface Health {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'pending' | 'unknown';
}

/** Bound of the database check: a balancer's probe must not hang on a stuck pool. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkHealth(db: Kysely<Database>, log: (e: unknown) => void): Promise<Health> {
  try {
    await within(CHECK_TIMEOUT_MS, sql`select 1`.execute(db));
  } catch (e) {
    log(e);
    return { status: 'unavailable', database: 'unreachable', migrations: 'unknown' };
  }
  try {
    const migrations = await within(CHECK_TIMEOUT_MS, new Migrator({ db, provider: migrationProvider(dialectOf(db)) }).getMigrations());
    const current = migrations.every((m) => m.executedAt !== undefined);
    return { status: current ? 'ok' : 'unavailable', database: 'ok', migrations: current ? 'current' : 'pending' };
  } catch (e) {
    log(e);
    return { status: 'unavailable', database: 'ok', migrations: 'unknown' };
  }
}
