import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { LISTS_NS, listsResources } from './i18n';

describe('lists translations', () => {
  it('has every key in all nine locales with the same placeholders', () => {
    expect(() => expectCompleteTranslations(listsResources)).not.toThrow();
  });

  it('says that deleting cannot be undone in the words of the spec (Spanish)', () => {
    expect(i18n.getFixedT('es', LISTS_NS)('cannotBeUndone')).toBe('Esta operación no se puede deshacer');
  });

  it('translates rather than copies English', () => {
    const english = listsResources['en-GB'].menu.exportItems;
    for (const lng of ['es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const) expect(listsResources[lng].menu.exportItems).not.toBe(english);
  });
});
