import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { LISTS_NS, listsResources } from './i18n';

describe('lists translations', () => {
  it('has every key in all nine locales with the same placeholders', () => {
    expect(() => expectCompleteTranslations(listsResources)).not.toThrow();
  });

  it('says that deleting cannot be undone in the words of the spec (Spanish)', () => {
    expect(i18n.getFixedT('es', LISTS_NS)('cannotBeUndone')).toBe('Esta operación no se puede deshacer');
  });

  it('counts items in Arabic with the plural form of their number', () => {
    const ar = i18n.getFixedT('ar', LISTS_NS);
    const result = (t: typeof ar, total: number) => t('importModal.result', { imported: 1, total, count: total });
    expect([2, 5, 20, 100].map((n) => result(ar, n))).toEqual([
      'تم استيراد 1 من 2 عنصرين',
      'تم استيراد 1 من 5 عناصر',
      'تم استيراد 1 من 20 عنصرًا',
      'تم استيراد 1 من 100 عنصر',
    ]);
    expect(ar('sync.result', { synced: 3, total: 7, count: 7 })).toBe('تمت مزامنة 3 من 7 عناصر');
    expect(ar('addTo.success', { inserted: 3, total: 12, count: 12 })).toBe('تمت إضافة 3 من 12 عنصرًا');
    expect(result(i18n.getFixedT('en-GB', LISTS_NS), 5)).toBe('1 of 5 items imported');
  });

  it('says one item in the singular where the language does', () => {
    const one = (lng: string) => i18n.getFixedT(lng, LISTS_NS)('importModal.result', { imported: 1, total: 1, count: 1 });
    expect(['en-GB', 'es', 'fr', 'pl', 'ar'].map(one)).toEqual([
      '1 of 1 item imported',
      '1 de 1 elemento importado',
      '1 sur 1 élément importé',
      'Zaimportowano 1 z 1 elementu',
      'تم استيراد 1 من 1 عنصر',
    ]);
    expect(i18n.getFixedT('pl', LISTS_NS)('importModal.result', { imported: 2, total: 5, count: 5 })).toBe('Zaimportowano 2 z 5 elementów');
  });

  it('translates rather than copies English', () => {
    const english = listsResources['en-GB'].menu.exportItems;
    for (const lng of ['es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const) expect(listsResources[lng].menu.exportItems).not.toBe(english);
  });
});
