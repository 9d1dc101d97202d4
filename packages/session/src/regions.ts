import type { RegionNode } from '@portal/api';

/**
 * Limits the region tree to the libraries the user holds (spec §6): only leaf regions whose first store
 * id is among the user's are kept; branches left without leaves disappear, and each branch's storeIds
 * become those of the leaves it keeps (so selecting a branch never names a foreign library).
 */
export function limitRegionsToStores(tree: readonly RegionNode[], storeIds: readonly number[]): RegionNode[] {
  const held = new Set(storeIds);
  const visit = (node: RegionNode): RegionNode | null => {
    if (!node.children || node.children.length === 0) {
      return node.storeIds.length > 0 && held.has(node.storeIds[0]) ? node : null;
    }
    const children = node.children.map(visit).filter((c): c is RegionNode => c !== null);
    if (children.length === 0) return null;
    return { ...node, children, storeIds: [...new Set(children.flatMap((c) => c.storeIds))] };
  };
  return tree.map(visit).filter((n): n is RegionNode => n !== null);
}

/** The store ids of the selected regions, concatenated into one list (duplicates removed). */
export function storeIdsOfRegions(selected: readonly Pick<RegionNode, 'storeIds'>[]): number[] {
  return [...new Set(selected.flatMap((region) => region.storeIds))];
}

/** Finds regions by value anywhere in the tree (a tree select reports the chosen values). */
export function findRegions(tree: readonly RegionNode[], values: readonly string[]): RegionNode[] {
  const wanted = new Set(values);
  const found: RegionNode[] = [];
  const walk = (nodes: readonly RegionNode[]) => {
    for (const node of nodes) {
      if (wanted.has(node.value)) found.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return found;
}
