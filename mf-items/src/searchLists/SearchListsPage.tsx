import { ContainerItemsPage, ContainersPage } from '../catalogues';
import type { PageProps } from '@portal/ui';
import { SEARCH_LISTS } from './kind';

/** /searchLists: the library's search lists (the catalogue list screen with search-list calls). */
export function SearchListsPage({ title }: PageProps) {
  return <ContainersPage title={title} kind={SEARCH_LISTS} />;
}

/** /searchLists/{searchListId}: one search list's items; Back goes to /searchLists. */
export function SearchListItemsPage({ title }: PageProps) {
  return <ContainerItemsPage title={title} kind={SEARCH_LISTS} />;
}
