/** Search list calls under /api/stores/{storeId}/searchLists (data-areas §7): the container calls of catalogues. */
import type { SearchList, SearchListExistsBody, SearchListInput, SearchListItem, SearchListItemExistsBody } from '@portal/contract';
import { containerCalls } from './containers';

export type { SearchList, SearchListInput, SearchListItem };

const calls = containerCalls<SearchListExistsBody, SearchListItemExistsBody>('searchLists');

/** Every search-list call as one object (the Items screens take a container's calls). */
export const searchListCalls = calls;

export const searchListsUrl = calls.listUrl;
export const searchListExportUrl = calls.exportUrl;
export const getSearchLists = calls.list;
export const getSearchList = calls.get;
export const createSearchList = calls.create;
export const updateSearchList = calls.update;
export const deleteSearchLists = calls.remove;
export const deleteAllSearchLists = calls.removeAll;
export const searchListExists = calls.exists;
export const getNumSearchListItems = calls.numAllItems;
export const importSearchLists = calls.importMany;
export const getSearchListItems = calls.items;
export const getSearchListNumItems = calls.numItems;
export const deleteSearchListItems = calls.removeItems;
export const deleteAllSearchListItems = calls.removeAllItems;
export const importSearchListItems = calls.importItems;
export const syncSearchList = calls.sync;
export const addItemsToSearchList = calls.addItemsTo;
export const createSearchListItem = calls.createItem;
export const updateSearchListItem = calls.updateItem;
export const searchListItemExists = calls.itemExists;
