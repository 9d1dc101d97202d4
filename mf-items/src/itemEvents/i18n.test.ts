import { expectCompleteTranslations } from '@portal/i18n';
import { itemEventsResources } from './i18n';

it('has every item-event text in all nine locales', () => {
  expect(() => expectCompleteTranslations(itemEventsResources)).not.toThrow();
});
