/** The region tree (area > library > sensor) as interval regions; the library shown first (data-areas §4). */
import type { RegionNode } from '@portal/contract';
import type { IntervalRegion } from './intervals';

export const REGION_LEVELS = ['area', 'name', 'sensor'] as const;

export function toIntervalRegion(node: RegionNode): IntervalRegion {
  return {
    value: node.value, title: node.fullName || node.title, storeIds: node.storeIds, capacity: node.capacity,
    resetTime: node.resetTime, sensor: node.level === 'sensor',
  };
}

export function findRegion(nodes: readonly RegionNode[], value: string): RegionNode | null {
  for (const node of nodes) {
    if (node.value === value) return node;
    const child = node.children ? findRegion(node.children, value) : null;
    if (child) return child;
  }
  return null;
}

/** The selected library's node; if it is missing from the tree, the first region. */
export function initialRegion(nodes: readonly RegionNode[], selectedStoreId: number | null): IntervalRegion | null {
  const selected = selectedStoreId === null ? null : findRegion(nodes, `store:${selectedStoreId}`);
  const node = selected ?? nodes[0] ?? null;
  return node ? toIntervalRegion(node) : null;
}

/** The earliest reset time of the chosen regions (data-areas §7 resetTime); none → the server default. */
export function earliestResetTime(regions: readonly IntervalRegion[]): string | undefined {
  const times = regions.map((r) => r.resetTime).filter((t) => /^\d{2}:\d{2}$/.test(t)).sort();
  return times[0];
}
