export {
  LOCALES,
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LANGUAGE_NAMES,
  isLocale,
  toLocale,
  isRtl,
  type Locale,
  type ResourcesByLocale,
  type TextsOf,
} from './locales';
export { i18n, COMMON_NS, LANGUAGE_STORAGE_KEY, registerTranslations, getLanguage, setLanguage, localeReady } from './i18n';
export { commonResources } from './common';
export { momentLocaleOf, weekStartDay } from './moment';
export { getAntdLocale, loadAntdLocale, type AntdLocale } from './antd';
export { useLanguage } from './useLanguage';
export { loginErrorKey, exportErrorKey } from './errorMessages';
export { expectCompleteTranslations, translationProblems } from './testing';
// Re-exported so packages that only depend on @portal/i18n get the same react-i18next singleton.
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
