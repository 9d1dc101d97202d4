import moment from 'moment';
import { toLocale, type Locale } from './locales';

const MOMENT_LOCALE: Record<Locale, string> = {
  'en-GB': 'en-gb',
  'en-US': 'en',
  es: 'es',
  ca: 'ca',
  fr: 'fr',
  pt: 'pt',
  nl: 'nl',
  pl: 'pl',
  ar: 'ar',
};

/** Each locale's first weekday (moment's `week.dow`), known before its locale file loads (the dashboard's first reads). */
const WEEK_START: Record<Locale, number> = { 'en-GB': 1, 'en-US': 0, es: 1, ca: 1, fr: 1, pt: 1, nl: 1, pl: 1, ar: 6 };

/**
 * Loads one locale file (its own chunk: only the current language's is fetched; en-US is moment's built-in 'en').
 * The build keeps only the nine locales in moment's locale folder (createWebpackConfig's ContextReplacementPlugin).
 */
const loaded = new Map<string, Promise<void>>([['en', Promise.resolve()]]);
function loadMomentLocale(name: string): Promise<void> {
  let loading = loaded.get(name);
  if (!loading) {
    loading = import(/* webpackChunkName: "moment-locale-[request]" */ `moment/locale/${name}`).then(() => {
      // moment's 'ar' locale writes Eastern Arabic digits, which would also leak into dates sent to the
      // server (format('YYYY-MM-DD')) and break parsing of typed dates. Western digits keep data intact.
      if (name === 'ar') moment.updateLocale('ar', { postformat: (s: string) => s, preparse: (s: string) => s });
    });
    loaded.set(name, loading);
  }
  return loading;
}

export function momentLocaleOf(lng: string): string {
  return MOMENT_LOCALE[toLocale(lng)];
}

let wanted = 'en';

/**
 * Loads the language's locale and makes it moment's global locale (loading a locale file makes that one global
 * too), unless another language was asked for meanwhile.
 */
export async function setMomentLocale(lng: string): Promise<void> {
  const name = momentLocaleOf(lng);
  wanted = name;
  await loadMomentLocale(name);
  moment.locale(wanted);
}

/** The locale's first weekday, 0 (Sunday) … 6 (Saturday), as the weekly dashboard calls expect. */
export function weekStartDay(lng: string): number {
  return WEEK_START[toLocale(lng)];
}
