/**
 * The Compare page's choices (data-areas §2 Compare page, §4 compare view): the cascader's options — 'All
 * Inventories' on top, then each group with 'All Inventories' of the group and its sections — the scope a
 * choice names, and the compareId that hands the shown list to Add Items To.
 */
import {
  getAllInventorySections,
  getInventoryGroups,
  type CompareMode,
  type CompareScope,
  type InventoryGroup,
  type InventorySectionSummary,
} from '@portal/api';

export const ALL = 'ALL';
export const COMPARE_MODES: readonly CompareMode[] = ['MISSING', 'EXCEEDED'];

export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

/** Cascader value → scope: [ALL] every inventory, [group, ALL] the group, [group, section] one section. */
export function scopeOf(value: readonly (string | number)[] | undefined): CompareScope {
  const [group, section] = (value ?? []).map(String);
  if (!group || group === ALL) return { kind: 'ALL_GROUPS' };
  if (section && section !== ALL) return { kind: 'inventory', inventoryId: Number(section) };
  return { kind: 'group', groupId: group === 'UNGROUPED' ? 'UNGROUPED' : Number(group) };
}

/**
 * The cascader's next value, or `previous` itself when it names the same choice, so the scope derived from it
 * (and every count and page asked with it) stays as it was.
 */
export function sameChoice(previous: string[], next: string[]): string[] {
  return previous.length === next.length && previous.every((v, i) => v === next[i]) ? previous : next;
}

/** The compare list as Add Items To names it: 'MISSING/ALL_GROUPS', 'EXCEEDED/group/12', 'MISSING/inventory/5'. */
export function compareIdOf(mode: CompareMode, scope: CompareScope): string {
  if (scope.kind === 'ALL_GROUPS') return `${mode}/ALL_GROUPS`;
  if (scope.kind === 'group') return `${mode}/group/${scope.groupId}`;
  return `${mode}/inventory/${scope.inventoryId}`;
}

export const scopeKey = (scope: CompareScope) => compareIdOf('MISSING', scope).slice('MISSING/'.length);

export interface CascaderTexts {
  allInventories: string;
  ungrouped: string;
  formatDate: (date: string) => string;
}

export function cascaderOptions(groups: readonly InventoryGroup[], sections: readonly InventorySectionSummary[], texts: CascaderTexts): CascaderOption[] {
  const byGroup = new Map<string, InventorySectionSummary[]>();
  for (const s of sections) {
    const key = s.groupId === null ? 'UNGROUPED' : String(s.groupId);
    byGroup.set(key, [...(byGroup.get(key) ?? []), s]);
  }
  return [
    { value: ALL, label: texts.allInventories },
    ...groups.map((g) => ({
      value: String(g.tid),
      label: g.tid === 'UNGROUPED' ? texts.ungrouped : g.name,
      children: [
        { value: ALL, label: texts.allInventories },
        ...(byGroup.get(String(g.tid)) ?? []).map((s) => ({ value: String(s.tid), label: `${s.comment} (${texts.formatDate(s.date)})` })),
      ],
    })),
  ];
}

/** Every page of a list (at most 1000 a page). */
async function allPages<T>(fetch: (offset: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (;;) {
    const page = await fetch(out.length);
    out.push(...page.items);
    if (!page.items.length || out.length >= page.total) return out;
  }
}

/** Groups (UNGROUPED first) and every section of the library. */
export async function loadCompareChoices(storeId: number) {
  const [groups, sections] = await Promise.all([
    allPages((offset) => getInventoryGroups(storeId, { offset, limit: 1000 })),
    allPages((offset) => getAllInventorySections(storeId, { offset, limit: 1000, order: ['comment', 'asc'] })),
  ]);
  return { groups, sections };
}
