import { expectCompleteTranslations } from '@portal/i18n';
import { resources } from './locales';

it("has every text of the remote's own namespace in all nine locales", () => {
  expect(() => expectCompleteTranslations(resources)).not.toThrow();
});
