/** Search list calls under /api/stores/{storeId}/searchLists (data-areas §7): the shared container routes. */
import { SearchListExistsBody, SearchListItemExistsBody } from '@portal/contract';
import type { App } from '../app';
import { SEARCH_LISTS } from '../services/containers';
import type { FilesDeps } from '../services/files';
import { containerRoutes } from './containers';

export function searchListsRoutes(app: App, deps: FilesDeps): void {
  containerRoutes(app, deps, {
    path: 'searchLists',
    kind: SEARCH_LISTS,
    numItemsPath: 'numSearchListItems',
    existsBody: SearchListExistsBody,
    existsExceptId: (body) => body.searchListId,
    itemExistsBody: SearchListItemExistsBody,
    itemExistsExceptId: (body) => body.searchListItemId,
  });
}
