// Search lists (data-areas §2): the catalogue screens with the search-list kind.
import './i18n';

export { SearchListsPage, SearchListItemsPage } from './SearchListsPage';
