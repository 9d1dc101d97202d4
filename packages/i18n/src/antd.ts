import type { ConfigProviderProps } from 'antd';
import arEG from 'antd/locale/ar_EG';
import caES from 'antd/locale/ca_ES';
import enGB from 'antd/locale/en_GB';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import nlNL from 'antd/locale/nl_NL';
import plPL from 'antd/locale/pl_PL';
import ptPT from 'antd/locale/pt_PT';
import { toLocale, type Locale } from './locales';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  'en-GB': enGB,
  'en-US': enUS,
  es: esES,
  ca: caES,
  fr: frFR,
  pt: ptPT,
  nl: nlNL,
  pl: plPL,
  ar: arEG,
};

export function getAntdLocale(lng: string): AntdLocale {
  return ANTD_LOCALES[toLocale(lng)];
}
