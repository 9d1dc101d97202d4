// Inventories (data-areas §2): groups, sections and scanned items, built on @portal/lists.
import './i18n';

export { GroupsPage } from './GroupsPage';
export { SectionsPage } from './SectionsPage';
export { AllItemsPage, GroupItemsPage, SectionItemsPage } from './ItemsPages';
