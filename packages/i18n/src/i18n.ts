import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, isLocale, isRtl, toLocale, type Locale } from './locales';
import { loadAntdLocale } from './antd';
import { setMomentLocale } from './moment';

/** Where the chosen language survives a reload (it is not part of the user's server settings). */
export const LANGUAGE_STORAGE_KEY = 'portal.language';
export const COMMON_NS = 'common';

function storedLanguage(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function applyDocumentLanguage(lng: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
}

/** The one i18next instance (shared as a Module Federation singleton, so every remote sees it). */
export const i18n: I18n = i18next;

const initialLanguage = storedLanguage();
if (!i18n.isInitialized) {
  // Resources are bundled, so init is synchronous (initAsync: false) and t() works right after import.
  void i18n.use(initReactI18next).init({
    lng: initialLanguage,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    fallbackNS: COMMON_NS,
    resources: {},
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
}
/** The language's moment and antd locales: only the current language's are fetched (each is a chunk of its own). */
const loadLocale = (lng: string) => Promise.all([setMomentLocale(lng), loadAntdLocale(lng)]).then(() => undefined);

void loadLocale(i18n.language ?? initialLanguage);
applyDocumentLanguage(toLocale(i18n.language));
// The document and the locales follow every language change, also one made on the i18next instance itself, not
// only setLanguage's (which loads the locales first).
i18n.on('languageChanged', (lng: string) => {
  applyDocumentLanguage(toLocale(lng));
  void loadLocale(lng);
});

/** Resolves once the current language's moment and antd locales are loaded: a React root renders after it. */
export function localeReady(): Promise<void> {
  return loadLocale(getLanguage());
}

/** Adds (or deep-merges) one namespace for all nine locales. */
export function registerTranslations(ns: string, resourcesByLocale: Record<Locale, object>): void {
  for (const lng of LOCALES) {
    i18n.addResourceBundle(lng, ns, resourcesByLocale[lng], true, true);
  }
}

export function getLanguage(): Locale {
  return toLocale(i18n.language);
}

/** Switches the interface language everywhere: texts, moment dates, antd, html dir/lang; remembered locally. */
export async function setLanguage(lng: string): Promise<Locale> {
  const locale = toLocale(lng);
  await loadLocale(locale);
  applyDocumentLanguage(locale);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this page.
  }
  await i18n.changeLanguage(locale);
  return locale;
}
