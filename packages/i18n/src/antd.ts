import type { ConfigProviderProps } from 'antd';
import { toLocale, type Locale } from './locales';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

type LocaleModule = { default: AntdLocale };

/** Each locale its own chunk: only the current language's is fetched. */
const ANTD_LOCALES: Record<Locale, () => Promise<LocaleModule>> = {
  'en-GB': () => import(/* webpackChunkName: "antd-locale-en-GB" */ 'antd/locale/en_GB'),
  'en-US': () => import(/* webpackChunkName: "antd-locale-en-US" */ 'antd/locale/en_US'),
  es: () => import(/* webpackChunkName: "antd-locale-es" */ 'antd/locale/es_ES'),
  ca: () => import(/* webpackChunkName: "antd-locale-ca" */ 'antd/locale/ca_ES'),
  fr: () => import(/* webpackChunkName: "antd-locale-fr" */ 'antd/locale/fr_FR'),
  pt: () => import(/* webpackChunkName: "antd-locale-pt" */ 'antd/locale/pt_PT'),
  nl: () => import(/* webpackChunkName: "antd-locale-nl" */ 'antd/locale/nl_NL'),
  pl: () => import(/* webpackChunkName: "antd-locale-pl" */ 'antd/locale/pl_PL'),
  ar: () => import(/* webpackChunkName: "antd-locale-ar" */ 'antd/locale/ar_EG'),
};

const loaded = new Map<Locale, AntdLocale>();
const loading = new Map<Locale, Promise<void>>();

/** Loads the language's antd locale (once). */
export function loadAntdLocale(lng: string): Promise<void> {
  const locale = toLocale(lng);
  let load = loading.get(locale);
  if (!load) {
    load = ANTD_LOCALES[locale]().then((module) => void loaded.set(locale, module.default));
    loading.set(locale, load);
  }
  return load;
}

/** The language's antd locale once loaded (see localeReady); antd's own default (en_US) until then. */
export function getAntdLocale(lng: string): AntdLocale | undefined {
  return loaded.get(toLocale(lng));
}
