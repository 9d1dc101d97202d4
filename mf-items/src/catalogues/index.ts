// Catalogues (data-areas §2): the list and a catalogue's items, built on @portal/lists.
import './i18n';

export { CataloguesPage } from './CataloguesPage';
export { CatalogueItemsPage } from './CatalogueItemsPage';
