/**
 * The traffic light's texts per display language (access-shell-dashboard §9, data-areas §2): es, eu, ca and
 * ca0 exist; any other language falls back to Spanish. These follow the `{language}` of the URL, not the
 * interface language, so each entrance shows its own: the whole page does (displayTexts).
 */
import { i18n } from '@portal/i18n';
export interface CapacityMessages {
  /** Under 100 %: 'please pass one by one'. */
  pass: string;
  /** 100 % or more: 'full capacity, please wait'. */
  wait: string;
  /** The html `lang` of the texts. */
  lang: string;
}

export const CAPACITY_MESSAGES: Readonly<Record<'es' | 'eu' | 'ca' | 'ca0', CapacityMessages>> = {
  es: { pass: 'Por favor, pasen de uno en uno', wait: 'Aforo completo, por favor esperen', lang: 'es' },
  eu: { pass: 'Mesedez, sartu banan-banan', wait: 'Edukiera beteta, itxaron mesedez', lang: 'eu' },
  ca: { pass: "Si us plau, passeu d'un en un", wait: 'Aforament complet, si us plau espereu', lang: 'ca' },
  ca0: { pass: "Si us plau, passa d'un en un", wait: 'Aforament complet, si us plau espera', lang: 'ca' },
};

export function capacityMessages(language: string | undefined): CapacityMessages {
  return language !== undefined && Object.hasOwn(CAPACITY_MESSAGES, language)
    ? CAPACITY_MESSAGES[language as keyof typeof CAPACITY_MESSAGES]
    : CAPACITY_MESSAGES.es;
}

/** The page's other texts in Basque, which is not one of the interface's locales (the keys of the `public` texts). */
const BASQUE: Readonly<Record<string, string>> = {
  'titles.trafficLight': 'Sarbide-kontrola',
  'display.stale': 'Azken eguneraketa: {{time}}',
  'display.invalidLink': 'Pantailaren esteka hau ez da baliozkoa edo baliogabetu egin da. Eskatu esteka berri bat liburutegian.',
  'display.connecting': 'Konektatzen…',
  'display.closed': 'Itxita',
  'display.occupancy': '{{current}} / {{max}} pertsona',
};

export type DisplayT = (key: string, values?: Record<string, string | number>) => string;

/** Every text of the traffic light page in its display language: Spanish and Catalan from the portal's locales. */
export function displayTexts(language: string | undefined): { lang: string; t: DisplayT } {
  const { lang } = capacityMessages(language);
  const portal = i18n.getFixedT(lang === 'eu' ? 'es' : lang, 'public') as DisplayT;
  if (lang !== 'eu') return { lang, t: portal };
  return {
    lang,
    t: (key, values = {}) => {
      const text = BASQUE[key];
      return text === undefined ? portal(key, values) : text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
    },
  };
}
