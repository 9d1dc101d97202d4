/** The region tree (area > library > sensor) as interval regions; the library shown first (data-areas §4). */
import type { RegionNode } from '@portal/contract';
import type { IntervalRegion } from './intervals';

export const REGION_LEVELS = ['area', 'name', 'sensor'] as const;

/** A region node with the name the page shows for it once chosen (`label`). */
export type LabelledRegion = RegionNode & { label: string; children?: LabelledRegion[] };

/** Between a library's name and its sensor's: "Biblioteca Carles Rahola · Entrada principal". */
export const SENSOR_SEPARATOR = ' · ';

/**
 * The tree with each node's shown name: a sensor's names its library too, since libraries often name their
 * sensors alike ("Entrada principal") and intervals of several libraries sit side by side.
 */
export function labelTree(nodes: readonly RegionNode[], parent: RegionNode | null = null): LabelledRegion[] {
  return nodes.map((node) => ({
    ...node,
    label: node.level === 'sensor' && parent ? `${parent.title}${SENSOR_SEPARATOR}${node.title}` : node.title,
    children: node.children ? labelTree(node.children, node) : undefined,
  }));
}

export function toIntervalRegion(node: LabelledRegion): IntervalRegion {
  return {
    value: node.value,
    title: node.fullName || node.title,
    label: node.label,
    storeIds: node.storeIds,
    capacity: node.capacity,
    resetTime: node.resetTime,
    sensor: node.level === 'sensor',
  };
}

export function findRegion<T extends RegionNode>(nodes: readonly T[], value: string): T | null {
  for (const node of nodes) {
    if (node.value === value) return node;
    const child = node.children ? findRegion(node.children as T[], value) : null;
    if (child) return child;
  }
  return null;
}

/** The selected library's node; if it is missing from the tree, the first region. */
export function initialRegion(nodes: readonly LabelledRegion[], selectedStoreId: number | null): IntervalRegion | null {
  const selected = selectedStoreId === null ? null : findRegion(nodes, `store:${selectedStoreId}`);
  const node = selected ?? nodes[0] ?? null;
  return node ? toIntervalRegion(node) : null;
}

/** The earliest reset time of the chosen regions (data-areas §7 resetTime); none → the server default. */
export function earliestResetTime(regions: readonly IntervalRegion[]): string | undefined {
  const times = regions
    .map((r) => r.resetTime)
    .filter((t) => /^\d{2}:\d{2}$/.test(t))
    .sort();
  return times[0];
}
