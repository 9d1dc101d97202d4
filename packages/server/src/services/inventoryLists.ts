/**
 * List definitions of the inventory area for the one list engine: groups, sections ("inventories") and
 * scanned items with their date, section, group and search list. Names beside items (section location,
 * group and search list names) are added to each page by labelItems, not joined in the list query.
 */
import type { InventorySection, InventoryItem } from '@portal/contract';
import { defineList, type ListLabels, type Row } from '../lists/definition';
import { indexedSearchText, ITEM_LIST_COLUMNS, toApiItem } from '../lists/items';
import { INVENTORY_ITEMS_FTS } from '../db/migrations/0023_inventory_item_search_index';
import { optionalNumber } from '../lists/rowValues';
import { itemLabels } from '../queries/inventories';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface GroupListRow {
  tid: number;
  name: string;
  catalogueId: number | null;
  createdAt: string;
}

export const INVENTORY_GROUPS_LIST = defineList<GroupListRow>({
  table: 'inventory_groups',
  columns: {
    tid: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    catalogueId: { column: 'catalogue_id', type: 'integer' },
    createdAt: { column: 'created_at', type: 'timestamp' },
  },
  toItem: (r: Row) => ({ tid: Number(r.id), name: String(r.name), catalogueId: optionalNumber(r.catalogue_id), createdAt: String(r.created_at) }),
  // The related catalogue by name, as the list shows it: one lookup per export batch.
  labels: {
    columns: { catalogueName: { column: 'catalogue_name', type: 'text' } },
    async fill(db, rows) {
      const ids = [...new Set(rows.map((r) => optionalNumber(r.catalogue_id)).filter((v): v is number => v !== null))];
      const names = ids.length
        ? new Map((await db.selectFrom('catalogues').select(['id', 'name']).where('id', 'in', ids).execute()).map((c) => [c.id, c.name]))
        : new Map<number, string>();
      for (const r of rows) r.catalogue_name = r.catalogue_id === null || r.catalogue_id === undefined ? null : (names.get(Number(r.catalogue_id)) ?? null);
    },
  },
});

export type SectionListRow = Omit<InventorySection, 'numItems'>;

export const INVENTORY_SECTIONS_LIST = defineList<SectionListRow>({
  table: 'inventories',
  columns: {
    tid: { column: 'id', type: 'integer' },
    comment: { column: 'comment', type: 'text' },
    date: { column: 'date', type: 'timestamp' },
    groupId: { column: 'group_id', type: 'integer' },
  },
  toItem: (r: Row) => ({ tid: Number(r.id), comment: String(r.comment), date: String(r.date), groupId: optionalNumber(r.group_id) }),
});

export type ScannedItem = Omit<InventoryItem, 'inventoryComment' | 'groupName' | 'searchListName'>;

export const SCANNED_ITEM_COLUMNS = {
  ...ITEM_LIST_COLUMNS,
  date: { column: 'date', type: 'timestamp' },
  searchListId: { column: 'search_list_id', type: 'integer' },
  inventoryId: { column: 'inventory_id', type: 'integer' },
  groupId: { column: 'group_id', type: 'integer' },
} as const;

export function toScannedItem(r: Row): ScannedItem {
  return {
    ...toApiItem(r),
    date: String(r.date),
    searchListId: optionalNumber(r.search_list_id),
    inventoryId: Number(r.inventory_id),
    groupId: optionalNumber(r.group_id),
  };
}

const ids = (values: Array<number | null | undefined>) => [...new Set(values.filter((v): v is number => typeof v === 'number'))];

/** The group name a scan without a group is exported with (the virtual group's tid, as its file name). */
export const UNGROUPED_LABEL = 'UNGROUPED';

/**
 * Export columns of scanned items named as the screen shows them: the section's location (inventoryComment),
 * the group's name (UNGROUPED for sections without a group) and the search list's name: one lookup per batch.
 */
export const SCANNED_ITEM_LABELS: ListLabels = {
  columns: {
    inventoryComment: { column: 'inventory_comment', type: 'text' },
    groupName: { column: 'group_name', type: 'text' },
    searchListName: { column: 'search_list_name', type: 'text' },
  },
  async fill(db, rows) {
    const labels = await itemLabels(
      db,
      ids(rows.map((r) => optionalNumber(r.inventory_id))),
      ids(rows.map((r) => optionalNumber(r.group_id))),
      ids(rows.map((r) => optionalNumber(r.search_list_id))),
    );
    for (const r of rows) {
      r.inventory_comment = r.inventory_id == null ? null : (labels.sections.get(Number(r.inventory_id)) ?? null);
      if ('group_id' in r) r.group_name = r.group_id == null ? UNGROUPED_LABEL : (labels.groups.get(Number(r.group_id)) ?? null);
      r.search_list_name = r.search_list_id == null ? null : (labels.searchLists.get(Number(r.search_list_id)) ?? null);
    }
  },
};

export const SCANNED_ITEMS_LIST = defineList<ScannedItem>({
  table: 'inventory_items',
  columns: SCANNED_ITEM_COLUMNS,
  searchText: indexedSearchText(INVENTORY_ITEMS_FTS),
  toItem: toScannedItem,
  labels: SCANNED_ITEM_LABELS,
});

/** Adds inventoryComment, groupName and searchListName to a page of scanned items. */
export async function labelItems<T extends { inventoryId?: number | null; groupId?: number | null; searchListId?: number | null }>(
  db: Kysely<Database>,
  items: T[],
): Promise<Array<T & { inventoryComment: string | null; groupName: string | null; searchListName: string | null }>> {
  const labels = await itemLabels(db, ids(items.map((i) => i.inventoryId)), ids(items.map((i) => i.groupId)), ids(items.map((i) => i.searchListId)));
  return items.map((item) => ({
    ...item,
    inventoryComment: item.inventoryId ? (labels.sections.get(item.inventoryId) ?? null) : null,
    groupName: item.groupId ? (labels.groups.get(item.groupId) ?? null) : null,
    searchListName: item.searchListId ? (labels.searchLists.get(item.searchListId) ?? null) : null,
  }));
}
