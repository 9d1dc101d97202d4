// Catalogues (data-areas §2): the list and a catalogue's items, built on @portal/lists; search lists reuse them.
import './i18n';

export { CataloguesPage, ContainersPage } from './CataloguesPage';
export { CatalogueItemsPage, ContainerItemsPage } from './CatalogueItemsPage';
export { CATALOGUES, type ContainerKind, type ContainerCallsOf } from './containerKind';
