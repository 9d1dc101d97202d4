import { expectCompleteTranslations } from '@portal/i18n';
import { cataloguesResources } from './i18n';

it('has every catalogues text in all nine locales', () => {
  expect(() => expectCompleteTranslations(cataloguesResources)).not.toThrow();
});
