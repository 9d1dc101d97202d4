/** Compare modes, scopes and paths, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const COMPARE_MODES = ['MISSING', 'EXCEEDED'] as const;

export type CompareMode = (typeof COMPARE_MODES)[number];

export const ALL_GROUPS = 'ALL_GROUPS';

/** What a compare compares against: every inventory, one group (or UNGROUPED), one section. */
export type CompareScope = { kind: 'ALL_GROUPS' } | { kind: 'group'; groupId: number | 'UNGROUPED' } | { kind: 'inventory'; inventoryId: number };

/** The path of a compare list under /api/stores/{storeId}/compare. */
export function comparePath(catalogueId: number, mode: CompareMode, scope: CompareScope): string {
  const base = `${catalogueId}/${mode}`;
  if (scope.kind === 'ALL_GROUPS') return `${base}/${ALL_GROUPS}`;
  if (scope.kind === 'group') return `${base}/group/${scope.groupId}`;
  return `${base}/inventory/${scope.inventoryId}`;
}
