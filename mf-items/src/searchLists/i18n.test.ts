import { expectCompleteTranslations } from '@portal/i18n';
import { searchListsResources } from './i18n';

it('has every search-list text in all nine locales', () => {
  expect(() => expectCompleteTranslations(searchListsResources)).not.toThrow();
});
