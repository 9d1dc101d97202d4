import type { TFunction } from 'i18next';
import type { InventoryGroup, InventoryItem, InventorySection } from '@portal/api';
import type { ListColumn } from '@portal/lists';
import type { ItemFieldLabel } from '../catalogues/itemColumns';
import { formatInventoryDate, INVENTORY_DATE_FORMAT } from './dates';

const UNGROUPED = 'UNGROUPED';

/** /inventories (data-areas §2, §3): name, related catalogue, numInventories, numItems, numItemsDistinct, createdAt. */
export function groupColumns(t: TFunction): ListColumn<InventoryGroup>[] {
  return [
    { key: 'name', title: t('name'), width: 240, render: (row) => (row.tid === UNGROUPED ? t('ungrouped') : row.name) },
    { key: 'catalogueName', title: t('catalogue'), width: 200, sortable: false, searchable: false },
    { key: 'numInventories', title: t('numInventories'), width: 110, sortable: false, searchable: false, exportable: false },
    { key: 'numItems', title: t('numItems'), width: 110, sortable: false, searchable: false, exportable: false },
    { key: 'numItemsDistinct', title: t('numItemsDistinct'), width: 130, sortable: false, searchable: false, exportable: false },
    {
      key: 'createdAt',
      title: t('createdAt'),
      width: 170,
      minWidth: 170,
      searchable: false,
      render: (row) => formatInventoryDate(row.createdAt, INVENTORY_DATE_FORMAT),
    },
  ];
}

/** A group's sections: location, date (YYYY/MM/DD HH:mm), item count. */
export function sectionColumns(t: TFunction): ListColumn<InventorySection>[] {
  return [
    { key: 'comment', title: t('comment'), width: 280 },
    { key: 'date', title: t('date'), width: 170, minWidth: 170, render: (row) => formatInventoryDate(row.date, INVENTORY_DATE_FORMAT) },
    { key: 'numItems', title: t('numItems'), width: 110, sortable: false, searchable: false, exportable: false },
  ];
}

/**
 * Scanned items: the library's item fields, the scan date (YYYY/MM/DD HH:mm:ss), where it was scanned, and the
 * search list flagging it (its name shown and exported; searched by picking one of the library's `searchLists`).
 */
export function scannedItemColumns(
  fields: ItemFieldLabel[],
  t: TFunction,
  where: boolean,
  searchLists: ReadonlyArray<{ tid: number; name: string }> = [],
): ListColumn<InventoryItem>[] {
  const columns: ListColumn<InventoryItem>[] = fields.map(({ key, label }) => ({ key, title: label }));
  columns.push({ key: 'date', title: t('date'), width: 170, minWidth: 170, render: (row) => formatInventoryDate(row.date) });
  if (where) {
    columns.push({ key: 'inventoryComment', title: t('inventoryComment'), width: 200, sortable: false, searchable: false });
    columns.push({
      key: 'groupName',
      title: t('groupName'),
      width: 180,
      sortable: false,
      searchable: false,
      render: (row) => row.groupName ?? t('ungrouped'),
    });
  }
  columns.push({
    key: 'searchListId',
    dataIndex: 'searchListName',
    title: t('searchListName'),
    width: 160,
    sortable: false,
    highlight: false,
    options: searchLists.map((l) => ({ value: String(l.tid), label: l.name })),
  });
  return columns;
}
