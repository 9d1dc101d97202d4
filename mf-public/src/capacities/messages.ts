/**
 * The traffic light's texts per display language (access-shell-dashboard §9, data-areas §2): es, eu, ca and
 * ca0 exist; any other language falls back to Spanish. These follow the `{language}` of the URL, not the
 * interface language, so each entrance shows its own.
 */
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
