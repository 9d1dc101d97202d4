import { expectCompleteTranslations } from '@portal/i18n';
import { inventoriesResources } from './i18n';

it('has every inventories, additional operations and compare text in all nine locales', () => {
  expect(() => expectCompleteTranslations(inventoriesResources)).not.toThrow();
});
