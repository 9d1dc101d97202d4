/** Search lists as a container kind: the catalogue screens with the search-list calls, routes and texts. */
import { searchListCalls as c } from '@portal/api';
import type { ContainerKind } from '../catalogues';
import { SEARCH_LISTS_NS } from './i18n';

export const SEARCH_LISTS: ContainerKind = {
  path: '/searchLists',
  listName: 'searchLists',
  itemsListName: 'searchListItems',
  addFrom: 'searchList',
  texts: {
    newList: `${SEARCH_LISTS_NS}:newSearchList`,
    editList: `${SEARCH_LISTS_NS}:editSearchList`,
    saveFailed: `${SEARCH_LISTS_NS}:saveFailed`,
    importWarning: `${SEARCH_LISTS_NS}:importWarning`,
  },
  compare: false,
  calls: {
    list: c.list,
    get: c.get,
    create: c.create,
    update: c.update,
    remove: c.remove,
    removeAll: c.removeAll,
    exists: (storeId, searchListId, name) => c.exists(storeId, { searchListId, name }),
    numAllItems: c.numAllItems,
    importMany: c.importMany,
    listExportUrl: (storeId) => `${c.listUrl(storeId)}/export`,
    items: c.items,
    numItems: c.numItems,
    removeItems: c.removeItems,
    removeAllItems: c.removeAllItems,
    importItems: c.importItems,
    exportUrl: c.exportUrl,
    sync: c.sync,
    createItem: c.createItem,
    updateItem: c.updateItem,
    itemExists: (storeId, id, { itemId, code, objectId }) => c.itemExists(storeId, id, { searchListItemId: itemId, code, objectId }),
  },
};
