/**
 * One instance at a time prepares the database (migrations, then the first admin or demo data): on
 * PostgreSQL a session advisory lock held on one pooled connection while the work runs on the others, so
 * instances started together (a rolling restart, a scale-out) wait for each other instead of racing through
 * the same migrations or seeding twice. In one process (SQLite, tests) calls on one database queue up too.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { dialectOf } from './connect';

/** pg_advisory_lock key of start-up preparation (any constant; 'portal' start-up). */
export const STARTUP_LOCK_KEY = 7_201_117;

const queues = new WeakMap<object, Promise<unknown>>();

export async function withStartupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() =>
      dialectOf(db) === 'postgres'
        ? db.connection().execute(async (conn) => {
            await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
            try {
              return await work();
            } finally {
              await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
            }
          })
        : work(),
    );
  queues.set(db, run);
  return run;
}
