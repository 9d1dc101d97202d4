import { sql, type Kysely } from 'kysely';
import type { Database, SigninFailuresTable } from '../db/schema';

export type SigninFailure = SigninFailuresTable;

export function findFailures(db: Kysely<Database>, keys: string[]): Promise<SigninFailure[]> {
  return db.selectFrom('signin_failures').selectAll().where('key', 'in', keys).execute();
}

export interface CountAttempt {
  key: string;
  /** Attempts allowed within the window; the next one locks the key. */
  limit: number;
  now: string;
  /** Counters started before this (and not locked) start again at 1. */
  windowStart: string;
  /** locked_until set when the count passes the limit. */
  lockUntil: string;
}

/**
 * Counts one attempt on a key in ONE statement (an upsert returning the new count), so parallel attempts
 * each see their own count: no read-then-write race. An expired window or lock starts again at 1; passing
 * the limit sets locked_until (an existing lock is kept, not extended).
 */
export async function countAttempt(db: Kysely<Database>, a: CountAttempt): Promise<{ failures: number; locked_until: string | null }> {
  const expired = sql<boolean>`((signin_failures.locked_until is not null and signin_failures.locked_until <= ${a.now})
    or (signin_failures.locked_until is null and signin_failures.first_failure_at < ${a.windowStart}))`;
  return db
    .insertInto('signin_failures')
    .values({ key: a.key, failures: 1, first_failure_at: a.now, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else signin_failures.failures + 1 end`,
        first_failure_at: sql<string>`case when ${expired} then ${a.now} else signin_failures.first_failure_at end`,
        locked_until: sql<string | null>`case when ${expired} then null
        when signin_failures.failures + 1 > ${a.limit} then coalesce(signin_failures.locked_until, ${a.lockUntil})
        else signin_failures.locked_until end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/** Takes back one counted attempt (a successful sign-in does not count against its address). */
export async function uncountAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('signin_failures')
    .set({ failures: sql<number>`failures - 1` })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .where('locked_until', 'is', null)
    .execute();
}

export async function deleteFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('signin_failures').where('key', '=', key).execute();
}

/** Deletes counters whose window and lock have passed; returns how many. */
export async function purgeFailures(db: Kysely<Database>, now: string, windowStart: string): Promise<number> {
  const result = await db
    .deleteFrom('signin_failures')
    .where((eb) => eb.or([eb.and([eb('locked_until', 'is', null), eb('first_failure_at', '<', windowStart)]), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
