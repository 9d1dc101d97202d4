/** data-areas §4 Add Items To: INIT, ADDING, then SUCCESS or FAILED. */
export type AddItemsToStatus = 'INIT' | 'ADDING' | 'SUCCESS' | 'FAILED';
/** The two kinds of target, also the path segment of their calls. */
export type AddTargetKind = 'catalogues' | 'searchLists';
export type AddTargetMode = 'new' | 'existing';

export const targetsUrl = (storeId: number, kind: AddTargetKind): string => `/api/stores/${storeId}/${kind}`;

/** Translation keys of the §5 messages, per kind. */
export const NAME_MESSAGES: Record<AddTargetKind, { empty: string; exists: string; checkFailed: string; choose: string }> = {
  catalogues: {
    empty: 'addTo.catalogueNameEmpty',
    exists: 'addTo.catalogueNameExists',
    checkFailed: 'addTo.catalogueNameCheckError',
    choose: 'addTo.chooseCatalogue',
  },
  searchLists: {
    empty: 'addTo.searchListNameEmpty',
    exists: 'addTo.searchListNameExists',
    checkFailed: 'addTo.searchListNameCheckError',
    choose: 'addTo.chooseSearchList',
  },
};
