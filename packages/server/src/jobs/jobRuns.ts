/**
 * Scheduled jobs across instances: every instance keeps its own timer, and at each run slot (a time the
 * schedule names, or an interval number) the instances race to insert (job, slot) into job_runs. The one
 * whose insert lands runs the job; the others skip that slot. The row records the end and the error of a
 * failed run. Old rows are purged by the runs themselves.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** This process, as job_runs.instance names it. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Rows older than this are purged. */
const KEEP_RUNS_MS = 30 * 24 * 60 * 60 * 1000;

/** Claims (job, slot) for this instance; false when another instance (or an earlier call) has it. */
export async function claimRun(db: Kysely<Database>, job: string, slot: string, now: Date, instance = INSTANCE_ID): Promise<boolean> {
  const result = await db
    .insertInto('job_runs')
    .values({ job, slot, instance, started_at: now.toISOString(), finished_at: null, error: null })
    .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function finishRun(db: Kysely<Database>, job: string, slot: string, now: Date, error: string | null): Promise<void> {
  await db.updateTable('job_runs').set({ finished_at: now.toISOString(), error }).where('job', '=', job).where('slot', '=', slot).execute();
}

/**
 * Runs `work` when this instance claims (job, slot); records its end and error (the error is rethrown to be
 * logged). Returns whether this instance ran it.
 */
export async function runOnce(
  db: Kysely<Database>,
  job: string,
  slot: string,
  now: () => Date,
  work: () => Promise<void>,
  instance = INSTANCE_ID,
): Promise<boolean> {
  if (!(await claimRun(db, job, slot, now(), instance))) return false;
  try {
    await work();
  } catch (e) {
    await finishRun(db, job, slot, now(), e instanceof Error ? e.message.slice(0, 1000) : String(e).slice(0, 1000));
    throw e;
  }
  await finishRun(db, job, slot, now(), null);
  return true;
}

export async function purgeRuns(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('job_runs')
    .where('started_at', '<', new Date(now.getTime() - KEEP_RUNS_MS).toISOString())
    .execute();
}
