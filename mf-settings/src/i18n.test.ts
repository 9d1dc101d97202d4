import { expectCompleteTranslations } from '@portal/i18n';
import { resources } from './locales';

it('has every settings text in all nine locales', () => {
  expect(() => expectCompleteTranslations(resources)).not.toThrow();
});

it('names the imagesets permission SelfChecks in English only, translated in every other locale', () => {
  for (const [locale, texts] of Object.entries(resources)) {
    const label = (texts as { permissions: { imagesets: string } }).permissions.imagesets;
    if (locale.startsWith('en')) expect(label).toBe('SelfChecks');
    else expect([locale, label]).not.toEqual([locale, 'SelfChecks']);
  }
});
