import { expectCompleteTranslations } from '@portal/i18n';
import { resources } from './locales';

it('has every settings text in all nine locales', () => {
  expect(() => expectCompleteTranslations(resources)).not.toThrow();
});
