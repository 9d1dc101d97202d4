import moment from 'moment';
// Each locale file registers itself with moment; en-US is moment's built-in default ('en').
import 'moment/locale/es';
import 'moment/locale/ca';
import 'moment/locale/fr';
import 'moment/locale/pt';
import 'moment/locale/nl';
import 'moment/locale/pl';
import 'moment/locale/ar';
import 'moment/locale/en-gb';
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

// moment's 'ar' locale writes Eastern Arabic digits, which would also leak into dates sent to the
// server (format('YYYY-MM-DD')) and break parsing of typed dates. Western digits keep data intact.
moment.updateLocale('ar', { postformat: (s: string) => s, preparse: (s: string) => s });

export function momentLocaleOf(lng: string): string {
  return MOMENT_LOCALE[toLocale(lng)];
}

/** Importing a locale file makes it moment's global locale, so the caller must set it explicitly. */
export function setMomentLocale(lng: string): void {
  moment.locale(momentLocaleOf(lng));
}

/** The locale's first weekday, 0 (Sunday) … 6 (Saturday), as the weekly dashboard calls expect. */
export function weekStartDay(lng: string): number {
  return moment.localeData(momentLocaleOf(lng)).firstDayOfWeek();
}
