/** List definitions of the item containers (catalogues, search lists) and of the item tables that can feed Add Items To. */
import type { Catalogue } from '@portal/contract';
import { defineList, type Row } from './definition';
import { flag, optionalText } from './rowValues';
import { ITEM_SEARCH_INDEXES } from '../db/migrations/0004_item_search_index';
import { INVENTORY_ITEMS_FTS } from '../db/migrations/0023_inventory_item_search_index';
import { indexedSearchText, ITEM_LIST_COLUMNS, toApiItem, type ApiItem } from './items';

/** A catalogue or search list row as the API answers it (both tables have the same columns). */
export function toApiContainer(row: Row): Catalogue {
  return {
    tid: Number(row.id),
    name: String(row.name),
    syncURL: optionalText(row.sync_url),
    autoSync: flag(row.auto_sync),
    lastSync: optionalText(row.last_sync),
  };
}

const CONTAINER_COLUMNS = {
  tid: { column: 'id', type: 'integer' },
  name: { column: 'name', type: 'text' },
  syncURL: { column: 'sync_url', type: 'text' },
  autoSync: { column: 'auto_sync', type: 'boolean' },
  lastSync: { column: 'last_sync', type: 'timestamp' },
} as const;

export const CATALOGUES_LIST = defineList<Catalogue>({ table: 'catalogues', columns: CONTAINER_COLUMNS, toItem: toApiContainer });

export const SEARCH_LISTS_LIST = defineList<Catalogue>({ table: 'search_lists', columns: CONTAINER_COLUMNS, toItem: toApiContainer });

export const CATALOGUE_ITEMS_LIST = defineList<ApiItem>({
  table: 'catalogue_items',
  columns: ITEM_LIST_COLUMNS,
  searchText: indexedSearchText(ITEM_SEARCH_INDEXES.catalogue_items),
  toItem: toApiItem,
});

export const SEARCH_LIST_ITEMS_LIST = defineList<ApiItem>({
  table: 'search_list_items',
  columns: ITEM_LIST_COLUMNS,
  searchText: indexedSearchText(ITEM_SEARCH_INDEXES.search_list_items),
  toItem: toApiItem,
});

export const INVENTORY_ITEMS_LIST = defineList<ApiItem>({
  table: 'inventory_items',
  columns: ITEM_LIST_COLUMNS,
  searchText: indexedSearchText(INVENTORY_ITEMS_FTS),
  toItem: toApiItem,
});
