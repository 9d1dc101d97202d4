// Additional operations of an inventory group (data-areas §2 Additional operations page).
import '../inventories/i18n';

export { AdditionalOperationsPage } from './AdditionalOperationsPage';
