/**
 * Which libraries a dashboard call counts: the requested ids the user holds (foreign or unknown ids are
 * simply not counted), each with its own clock. Libraries sharing a clock value are grouped so one
 * query serves them all (usually every library shares one timezone).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from '../services/context';
import { storeClock, type StoreClock } from './clock';
import { dashboardStores, type DashboardStore } from './queries';

export interface ScopedStore extends DashboardStore {
  clock: StoreClock;
}

export interface DashboardScope {
  db: Kysely<Database>;
  stores: ScopedStore[];
}

export function parseStoreIds(selectedStoreIds: string): number[] {
  return selectedStoreIds === '' ? [] : [...new Set(selectedStoreIds.split(',').map(Number))];
}

export async function dashboardScope(db: Kysely<Database>, user: AuthUser, selectedStoreIds: string, now: Date): Promise<DashboardScope> {
  const held = new Set(user.storeIds);
  const ids = parseStoreIds(selectedStoreIds).filter((id) => held.has(id));
  const stores = await dashboardStores(db, ids);
  return { db, stores: stores.map((s) => ({ ...s, clock: storeClock(now, s.timezone, s.resetTime) })) };
}

export interface StoreGroup {
  ids: number[];
  /** The clock the group's libraries share (for the grouping key's fields). */
  clock: StoreClock;
}

/** Libraries grouped by the clock fields a query depends on. */
export function groupByClock(stores: readonly ScopedStore[], key: (clock: StoreClock) => string): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const store of stores) {
    const k = key(store.clock);
    const group = groups.get(k);
    if (group) group.ids.push(store.id);
    else groups.set(k, { ids: [store.id], clock: store.clock });
  }
  return [...groups.values()];
}
