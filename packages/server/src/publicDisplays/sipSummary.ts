/**
 * The public SIP page (/sipOperations/{storeCode}): today's self-service activity of one library, counts
 * only. Anyone holding the link may read it, so no patron, item or title identifier, no message text.
 * Cached per library like the capacities, so a page left open costs one query per period.
 */
import { ERROR_CODES, SIP_SUMMARY_STATUSES, SIP_SUMMARY_TYPES, addDays, type PublicSipSummary } from '@portal/contract';
import type { Kysely } from 'kysely';
import { storeClock } from '../dashboard/clock';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { TtlCache } from './cache';
import { CAPACITY_CACHE_MS } from './capacities';
import { sipCountsByTypeStatus, storeByCode } from './queries';

export function createSipSummaryService(db: Kysely<Database>, now: () => Date) {
  const cache = new TtlCache<string, PublicSipSummary>(CAPACITY_CACHE_MS, () => now().getTime());

  async function load(storeCode: string): Promise<PublicSipSummary> {
    const store = await storeByCode(db, storeCode);
    if (!store) throw new ApiError(404, ERROR_CODES.STORE_CODE_UNKNOWN, 'Unknown library');
    const clock = storeClock(now(), store.timezone, store.reset_time);
    const rows = await sipCountsByTypeStatus(db, store.id, clock.today, addDays(clock.today, 1));
    const counted = new Map(rows.map((r) => [`${r.type}|${r.status}`, Number(r.n)]));
    const last = rows.reduce<string | null>((max, r) => (r.last !== null && (max === null || String(r.last) > max) ? String(r.last) : max), null);
    const counts = SIP_SUMMARY_TYPES.flatMap((type) => SIP_SUMMARY_STATUSES.map((status) => ({ type, status, count: counted.get(`${type}|${status}`) ?? 0 })));
    return {
      storeName: store.name,
      date: clock.today,
      updatedAt: clock.now,
      lastOperationAt: last,
      total: counts.reduce((n, c) => n + c.count, 0),
      counts,
    };
  }

  return { summary: (storeCode: string) => cache.get(storeCode, () => load(storeCode)) };
}
