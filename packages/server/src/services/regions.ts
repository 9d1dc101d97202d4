/** The region tree (area > province > city > library name > sensor) and region → storeIds expansion. */
import { ERROR_CODES, isLibraryExpired, libraryToday, regionValues, type RegionLevel, type RegionNode } from '@portal/contract';
import type { StoreRow } from '../db/schema';
import { badRequest } from '../errors';

export interface SensorRow {
  id: number;
  store_id: number;
  name: string;
  capacity: number | null;
}

/** Today's date (YYYY-MM-DD) at the library (the contract's one rule); an unknown timezone falls back to UTC. */
export const todayAt = (timezone: string, now: Date): string => libraryToday(timezone, now);

/** The contract's one expiry rule (isLibraryExpired), on a database row. */
export function isExpired(store: Pick<StoreRow, 'expiration_date' | 'timezone'>, now: Date): boolean {
  return isLibraryExpired({ expirationDate: store.expiration_date, timezone: store.timezone }, now);
}

interface Step {
  key: string;
  title: string;
  capacity: number;
  resetTime: string;
  startTime: string;
  endTime: string;
}

function steps(level: RegionLevel, store: StoreRow): Step[] {
  const values = regionValues({ tid: store.id, area: store.area, province: store.province, city: store.city });
  const times = { resetTime: store.reset_time, startTime: store.start_time, endTime: store.end_time, capacity: store.capacity };
  switch (level) {
    case 'area':
      return [{ key: values[0], title: store.area, ...times }];
    case 'province':
      return [{ key: values[1], title: store.province, ...times }];
    case 'city':
      return [{ key: values[2], title: store.city, ...times }];
    case 'name':
      return [{ key: values[3], title: store.name, ...times }];
    case 'sensor':
      return [];
  }
}

const byTitle = (a: RegionNode, b: RegionNode) => a.title.localeCompare(b.title, 'es', { sensitivity: 'base', numeric: true });

/**
 * Builds the tree for the given levels (in REGION_LEVELS order). Region nodes add up their libraries'
 * capacity and take the earliest reset/start and the latest end time; leaves at library or sensor level
 * carry `disabled` when the library has expired.
 */
export function buildRegionTree(stores: StoreRow[], sensors: SensorRow[], levels: readonly RegionLevel[], now: Date): RegionNode[] {
  const roots: RegionNode[] = [];
  const index = new Map<string, RegionNode>();
  const sensorsByStore = new Map<number, SensorRow[]>();
  for (const s of sensors) sensorsByStore.set(s.store_id, [...(sensorsByStore.get(s.store_id) ?? []), s]);
  const lastLevel = levels[levels.length - 1];

  const expired = new Set(stores.filter((s) => isExpired(s, now)).map((s) => s.id));
  for (const store of stores) {
    let siblings = roots;
    let parent: RegionNode | null = null;
    for (const level of levels) {
      const levelSteps: Step[] =
        level === 'sensor'
          ? (sensorsByStore.get(store.id) ?? []).map((s) => ({
              key: `sensor:${s.id}`,
              title: s.name,
              capacity: s.capacity ?? store.capacity,
              resetTime: store.reset_time,
              startTime: store.start_time,
              endTime: store.end_time,
            }))
          : steps(level, store);
      if (level === 'sensor') {
        // Sensors are leaves: one child per sensor under the current parent.
        for (const step of levelSteps) {
          const node: RegionNode = {
            title: step.title,
            fullName: parent ? `${parent.fullName} / ${step.title}` : step.title,
            key: step.key,
            value: step.key,
            level,
            storeIds: [store.id],
            capacity: step.capacity,
            resetTime: step.resetTime,
            startTime: step.startTime,
            endTime: step.endTime,
          };
          siblings.push(node);
        }
        break;
      }
      const step = levelSteps[0];
      let node = index.get(step.key);
      if (!node) {
        node = {
          title: step.title,
          fullName: parent ? `${parent.fullName} / ${step.title}` : step.title,
          key: step.key,
          value: step.key,
          level,
          storeIds: [],
          capacity: 0,
          resetTime: step.resetTime,
          startTime: step.startTime,
          endTime: step.endTime,
        };
        index.set(step.key, node);
        siblings.push(node);
      }
      node.storeIds.push(store.id);
      node.capacity += step.capacity;
      if (step.resetTime < node.resetTime) node.resetTime = step.resetTime;
      if (step.startTime < node.startTime) node.startTime = step.startTime;
      if (step.endTime > node.endTime) node.endTime = step.endTime;
      if (level !== lastLevel) {
        node.children ??= [];
        siblings = node.children;
        parent = node;
      }
    }
  }
  // Leaves are disabled when every library under them has expired; inner nodes carry no flag.
  const finish = (nodes: RegionNode[]) => {
    nodes.sort(byTitle);
    for (const n of nodes) {
      if (n.children?.length) finish(n.children);
      else {
        delete n.children;
        n.disabled = n.storeIds.every((id) => expired.has(id));
      }
    }
  };
  finish(roots);
  return roots;
}

/** Expands region values to library ids among `stores`; an unknown value is 400 UNKNOWN_REGION. */
export function expandRegions(regions: readonly string[], stores: StoreRow[], sensors: SensorRow[]): number[] {
  const byValue = new Map<string, Set<number>>();
  const add = (value: string, id: number) => {
    const set = byValue.get(value) ?? new Set<number>();
    set.add(id);
    byValue.set(value, set);
  };
  for (const s of stores) for (const v of regionValues({ tid: s.id, area: s.area, province: s.province, city: s.city })) add(v, s.id);
  const reachable = new Set(stores.map((s) => s.id));
  for (const s of sensors) if (reachable.has(s.store_id)) add(`sensor:${s.id}`, s.store_id);
  const result = new Set<number>();
  for (const region of regions) {
    const ids = byValue.get(region);
    if (!ids) throw badRequest(ERROR_CODES.UNKNOWN_REGION, `Unknown region: ${region}`, { region });
    for (const id of ids) result.add(id);
  }
  return [...result].sort((a, b) => a - b);
}
