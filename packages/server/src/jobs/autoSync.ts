/**
 * Scheduled auto-sync: catalogues and search lists with autoSync on and a sync URL are synced from
 * their URL on a schedule (AUTO_SYNC_CRON, a cron pattern in the server's time zone; default nightly at 02:00;
 * "off" disables it). Each list is synced through the same service as the Sync button (SSRF-guarded fetch,
 * all or nothing, lastSync stamped in the same transaction), acting as the system on that list's library.
 * Every instance's timer fires; per list and run the instance that claims (auto-sync:<table>:<id>, slot) in
 * job_runs syncs it, so two instances never sync one list in the same run. A failure is logged and recorded
 * in job_runs.error; lastSync stays as it was.
 */
import { Cron } from 'croner';
import type { AuthUser } from '../services/context';
import { CATALOGUES, SEARCH_LISTS, syncContainer, type ContainerKind } from '../services/containers';
import type { FilesDeps } from '../services/files';
import { purgeRuns, runOnce } from './jobRuns';

export const DEFAULT_AUTO_SYNC_CRON = '0 2 * * *';

/** The acting user of a scheduled sync: the system, holding only the list's own library. */
function systemActor(storeId: number): AuthUser {
  return { id: 0, userName: 'auto-sync', fullName: 'Auto sync', role: 'admin', permissions: [], storeIds: [storeId], tokenVersion: 0 };
}

export interface AutoSyncResult {
  /** Lists this instance synced, failed, or left to another instance in this run. */
  synced: number;
  failed: number;
  skipped: number;
}

/** One run of the schedule: `slot` names the run (the same on every instance), e.g. the scheduled minute. */
export async function runAutoSync(deps: FilesDeps, slot: string, log: (message: string, e?: unknown) => void): Promise<AutoSyncResult> {
  const result: AutoSyncResult = { synced: 0, failed: 0, skipped: 0 };
  const kinds: ContainerKind[] = [CATALOGUES, SEARCH_LISTS];
  for (const k of kinds) {
    const lists = await deps.db
      .selectFrom(k.table)
      .select(['id', 'store_id'])
      .where('auto_sync', '=', 1)
      .where('sync_url', 'is not', null)
      .where('sync_url', '!=', '')
      .orderBy('id')
      .execute();
    for (const list of lists) {
      try {
        const ran = await runOnce(deps.db, `auto-sync:${k.table}:${list.id}`, slot, deps.config.now, async () => {
          await syncContainer(k, deps, systemActor(list.store_id), list.store_id, list.id);
        });
        if (ran) result.synced += 1;
        else result.skipped += 1;
      } catch (e) {
        result.failed += 1;
        log(`auto-sync of ${k.noun} ${list.id} failed`, e);
      }
    }
  }
  await purgeRuns(deps.db, deps.config.now()).catch((e: unknown) => log('purging old job runs failed', e));
  return result;
}

/** The run slot of a firing: its minute, the same on every instance whose clock is right. */
export const slotOf = (at: Date) => at.toISOString().slice(0, 16);

/** Starts the schedule; returns its stop function. null or 'off' starts nothing. */
export function startAutoSync(deps: FilesDeps, pattern: string | null, log: (message: string, e?: unknown) => void): () => void {
  if (!pattern || pattern.trim().toLowerCase() === 'off') return () => undefined;
  // protect: a run still going when the next one is due is not started twice in this process.
  const job = new Cron(pattern, { protect: true, unref: true }, async (self: Cron) => {
    const at = self.currentRun() ?? deps.config.now();
    await runAutoSync(deps, slotOf(at), log).catch((e: unknown) => log('auto-sync run failed', e));
  });
  return () => job.stop();
}

/** AUTO_SYNC_CRON: a cron pattern (checked now, so a typo stops start-up), 'off', or unset (the default). */
export function autoSyncCronFromEnv(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_AUTO_SYNC_CRON;
  if (text.toLowerCase() === 'off') return null;
  try {
    new Cron(text, { paused: true }).stop();
  } catch (e) {
    throw new Error(`AUTO_SYNC_CRON must be a cron pattern such as "${DEFAULT_AUTO_SYNC_CRON}" or "off", not "${text}": ${(e as Error).message}`, { cause: e });
  }
  return text;
}
