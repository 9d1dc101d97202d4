import moment from 'moment';
import {
  LOCALES,
  commonResources,
  expectCompleteTranslations,
  getAntdLocale,
  getLanguage,
  i18n,
  isRtl,
  LANGUAGE_STORAGE_KEY,
  loadAntdLocale,
  localeReady,
  registerTranslations,
  setLanguage,
  weekStartDay,
} from './index';

afterEach(async () => {
  await setLanguage('es');
});

describe('defaults', () => {
  it('starts in Spanish with the nine locales', () => {
    expect(getLanguage()).toBe('es');
    expect(LOCALES).toEqual(['en-GB', 'en-US', 'es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar']);
    expect(i18n.t('common:noLibrarySelected')).toBe('Ninguna biblioteca seleccionada');
  });

  it('falls back to Spanish for an unknown language and for a key missing in a locale', async () => {
    expect(await setLanguage('de')).toBe('es');
    registerTranslations('fallbackProbe', {
      'en-GB': {},
      'en-US': {},
      es: { only: 'solo en español' },
      ca: {},
      fr: {},
      pt: {},
      nl: {},
      pl: {},
      ar: {},
    });
    await setLanguage('fr');
    expect(i18n.t('fallbackProbe:only')).toBe('solo en español');
  });
});

describe('common namespace', () => {
  it('is complete in all nine locales', () => {
    expect(() => expectCompleteTranslations(commonResources)).not.toThrow();
  });

  it('holds the error texts of the login and export messages', async () => {
    await setLanguage('en-GB');
    expect(i18n.t('common:errors.login.USER_NO_PRIVILEGES')).toBe('You do not have privileges to access this application');
    expect(i18n.t('common:errors.export.MAX_XLS_ROWS_EXCEEDED')).toBe('The number of rows exceeds the maximum allowed for Excel exports');
    expect(i18n.t('common:FieldRequiredMessage', { field: 'Name' })).toBe('Name is required');
  });
});

describe('expectCompleteTranslations', () => {
  const full = Object.fromEntries(LOCALES.map((l) => [l, { a: { b: `x ${l}` } }]));

  it('passes when every locale has every key', () => {
    expect(() => expectCompleteTranslations(full)).not.toThrow();
  });

  it('fails naming the locale and key that is missing', () => {
    expect(() => expectCompleteTranslations({ ...full, pl: { a: {} } })).toThrow('pl: missing "a.b"');
    expect(() => expectCompleteTranslations({ ...full, ar: { a: { b: '' } } })).toThrow('ar: missing "a.b"');
    const { nl: _nl, ...withoutNl } = full;
    expect(() => expectCompleteTranslations(withoutNl)).toThrow('nl: locale missing');
  });

  it("takes a locale's own plural forms, with the key's placeholders", () => {
    const withCount = Object.fromEntries(LOCALES.map((lng) => [lng, { n: '{{count}} x' }]));
    const arabic = { n: '{{count}} x', n_few: '{{count}} أ', n_many: '{{count}} ب' };
    expect(() => expectCompleteTranslations({ ...withCount, ar: arabic })).not.toThrow();
    expect(() => expectCompleteTranslations({ ...withCount, 'en-GB': { n: '{{count}} x', n_few: '{{count}} y' } })).toThrow(
      'en-GB: "n_few" is not a plural form of en-GB',
    );
    expect(() => expectCompleteTranslations({ ...withCount, ar: { ...arabic, n_many: 'ب' } })).toThrow('ar: placeholders differ in "n_many"');
  });

  it('fails when a translation drops a placeholder', () => {
    const withField = Object.fromEntries(LOCALES.map((l) => [l, { m: '{{field}} !' }]));
    expect(() => expectCompleteTranslations({ ...withField, ca: { m: 'camp obligatori' } })).toThrow('ca: placeholders differ in "m"');
  });
});

describe('setLanguage', () => {
  it('switches texts, moment, html dir and lang, and remembers the choice', async () => {
    await setLanguage('ar');
    expect(i18n.t('common:ok')).toBe('موافق');
    expect(isRtl('ar')).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(moment.locale()).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');

    await setLanguage('en-GB');
    expect(document.documentElement.dir).toBe('ltr');
    expect(moment.locale()).toBe('en-gb');
    await setLanguage('en-US');
    expect(moment.locale()).toBe('en');
  });

  it("sets the document's lang and dir on any language change, not only setLanguage's", async () => {
    await i18n.changeLanguage('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    await i18n.changeLanguage('ca');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ca', 'ltr']);
    await setLanguage('en-GB');
  });

  it('keeps Western digits in Arabic so dates sent to the server stay parseable', async () => {
    await setLanguage('ar');
    expect(moment('2024-03-05').format('YYYY-MM-DD')).toBe('2024-03-05');
  });
});

describe('locale data', () => {
  it("gives each locale its first weekday, as moment's locale says once loaded", async () => {
    expect(weekStartDay('en-US')).toBe(0);
    expect(weekStartDay('en-GB')).toBe(1);
    expect(weekStartDay('es')).toBe(1);
    expect(weekStartDay('ar')).toBe(6);
    for (const lng of LOCALES) {
      await setLanguage(lng);
      expect([lng, moment.localeData().firstDayOfWeek()]).toEqual([lng, weekStartDay(lng)]);
    }
  });

  it('sets moment to the language asked for last, whichever locale file arrives first', async () => {
    await Promise.all([setLanguage('fr'), setLanguage('pl')]);
    expect(moment.locale()).toBe('pl');
    await localeReady();
    expect(moment.locale()).toBe('pl');
  });

  it('maps each locale to its antd locale, loaded on demand', async () => {
    for (const lng of ['es', 'fr', 'ar', 'en-US', 'en-GB', 'nl', 'xx']) await loadAntdLocale(lng);
    expect(getAntdLocale('es')?.locale).toBe('es');
    expect(getAntdLocale('fr')?.locale).toBe('fr');
    expect(getAntdLocale('ar')?.locale).toBe('ar');
    expect(getAntdLocale('en-US')?.locale).toBe('en');
    expect(getAntdLocale('en-GB')?.locale).toBe('en-gb');
    expect(getAntdLocale('nl')?.locale).toBe('nl');
    expect(getAntdLocale('xx')?.locale).toBe('es');
    expect(isRtl('es')).toBe(false);
  });
});
