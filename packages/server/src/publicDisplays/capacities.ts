/**
 * The public capacity displays (data-areas §2, §3 "Capacity record"): for the libraries of the user holding
 * a public token, each area's occupancy since its library's last reset (in the library's time zone, the
 * dashboard's clock), its capacity and whether the library is open now.
 *
 * Areas: a library is one area counted by its sensors without a capacity of their own; a sensor with its
 * own capacity (a children's room…) is an area of its own, listed after its library.
 *
 * Answers are cached for CAPACITY_CACHE_MS per library and per user, so any number of displays polling
 * the same libraries cost one round of queries per period, plus one indexed look-up of the token per call:
 * a replaced token (rotation) or a deleted user stops answering at once.
 */
import { CAPACITY_TOKEN_PATTERN, ERROR_CODES, type CapacityRecord } from '@portal/contract';
import type { Kysely } from 'kysely';
import { storeClock } from '../dashboard/clock';
import { groupByClock, type ScopedStore } from '../dashboard/scope';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { loadAuthUser } from '../services/context';
import { TtlCache } from './cache';
import { isOpenAt } from './opened';
import { capacityStores, findUserByToken, insideBySensor, sensorsOf, storeByCode, type CapacityStore } from './queries';

/** Shorter than the displays' 5 s polling, so every poll sees values at most a few seconds old. */
export const CAPACITY_CACHE_MS = 4000;

interface StoreAreas {
  store: CapacityStore;
  /** The library first, then its own-capacity sensors. */
  areas: CapacityRecord[];
}

const unknownToken = () => new ApiError(404, ERROR_CODES.CAPACITY_TOKEN_UNKNOWN, 'Unknown capacities link');
const unknownStore = () => new ApiError(404, ERROR_CODES.STORE_CODE_UNKNOWN, 'Unknown library');

function record(store: CapacityStore, name: string, opened: boolean, inside: number, max: number): CapacityRecord {
  const current = Math.max(0, Math.round(inside));
  return {
    name,
    opened,
    currentCapacity: current,
    maxCapacity: max,
    storeCode: store.code,
    percentageCapacity: max > 0 ? Math.floor((current * 100) / max) : 0,
  };
}

/** Occupancy of the given libraries: one query per distinct (last reset, now) pair, usually one. */
async function loadAreas(db: Kysely<Database>, ids: readonly number[], now: Date): Promise<Map<number, StoreAreas>> {
  const stores = await capacityStores(db, ids);
  if (stores.length === 0) return new Map();
  const scoped: (ScopedStore & { row: CapacityStore })[] = stores.map((row) => ({
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    resetTime: row.reset_time,
    row,
    clock: storeClock(now, row.timezone, row.reset_time),
  }));
  const groups = groupByClock(scoped, (c) => `${c.lastReset}|${c.now}`);
  const [sensors, ...insides] = await Promise.all([
    sensorsOf(
      db,
      stores.map((s) => s.id),
    ),
    ...groups.map((g) => insideBySensor(db, g.ids, g.clock.lastReset, g.clock.now)),
  ]);
  const inside = new Map(insides.flat().map((r) => [r.sensor_id, Number(r.inside)]));
  const sensorsByStore = new Map<number, typeof sensors>();
  for (const x of sensors) {
    const list = sensorsByStore.get(x.store_id);
    if (list) list.push(x);
    else sensorsByStore.set(x.store_id, [x]);
  }
  const result = new Map<number, StoreAreas>();
  for (const s of scoped) {
    const own = sensorsByStore.get(s.id) ?? [];
    const opened = isOpenAt(s.clock.now, s.row.start_time, s.row.end_time);
    const libraryInside = own.filter((x) => x.capacity === null).reduce((n, x) => n + (inside.get(x.id) ?? 0), 0);
    const areas = [record(s.row, s.row.name, opened, libraryInside, s.row.capacity)];
    for (const x of own) if (x.capacity !== null) areas.push(record(s.row, x.name, opened, inside.get(x.id) ?? 0, x.capacity));
    result.set(s.id, { store: s.row, areas });
  }
  return result;
}

export interface CapacityService {
  /** Every area of the token user's libraries, libraries by name. */
  capacities(token: string): Promise<CapacityRecord[]>;
  /** The library as one area (the traffic light), only when the token's user holds it. */
  storeCapacity(token: string, storeCode: string): Promise<CapacityRecord>;
}

export function createCapacityService(db: Kysely<Database>, now: () => Date): CapacityService {
  const clock = () => now().getTime();
  const usersStores = new TtlCache<number, number[]>(CAPACITY_CACHE_MS, clock);
  const byStore = new TtlCache<number, StoreAreas | null>(CAPACITY_CACHE_MS, clock);
  const codes = new TtlCache<string, number>(CAPACITY_CACHE_MS, clock);

  /** The token user's libraries; a token that cannot be one is unknown without a query. */
  async function storeIdsOf(token: string): Promise<number[]> {
    if (!CAPACITY_TOKEN_PATTERN.test(token)) throw unknownToken();
    const user = await findUserByToken(db, token);
    if (!user) throw unknownToken();
    return usersStores.get(user.id, async () => (await loadAuthUser(db, user)).storeIds);
  }

  async function areasOf(ids: readonly number[]): Promise<StoreAreas[]> {
    const misses = ids.filter((id) => !byStore.has(id));
    let batch: Promise<Map<number, StoreAreas>> | null = null;
    const load = (id: number) => (misses.includes(id) ? (batch ??= loadAreas(db, misses, now())) : loadAreas(db, [id], now()));
    const all = await Promise.all(ids.map((id) => byStore.get(id, async () => (await load(id)).get(id) ?? null)));
    return all.filter((a): a is StoreAreas => a !== null);
  }

  return {
    async capacities(token) {
      const areas = await areasOf(await storeIdsOf(token));
      return areas.sort((a, b) => a.store.name.localeCompare(b.store.name, 'es') || a.store.id - b.store.id).flatMap((a) => a.areas);
    },
    async storeCapacity(token, storeCode) {
      const ids = await storeIdsOf(token);
      const storeId = await codes.get(storeCode, async () => {
        const store = await storeByCode(db, storeCode);
        if (!store) throw unknownStore();
        return store.id;
      });
      if (!ids.includes(storeId)) throw unknownStore();
      const [areas] = await areasOf([storeId]);
      if (!areas) throw unknownStore();
      return areas.areas[0];
    },
  };
}
