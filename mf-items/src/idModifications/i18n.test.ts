import { expectCompleteTranslations } from '@portal/i18n';
import { idModificationsResources } from './i18n';

it('has every item-event text in all nine locales', () => {
  expect(() => expectCompleteTranslations(idModificationsResources)).not.toThrow();
});
