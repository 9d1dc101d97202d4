import { registerTranslations, useTranslation, type Locale, type TextsOf } from '@portal/i18n';
import ar from './locales/ar.json';
import ca from './locales/ca.json';
import enGB from './locales/en-GB.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

/** Namespace of every text of the generic list and the shared dialogs. */
export const LISTS_NS = 'lists';

export const listsResources: Record<Locale, TextsOf<typeof es>> = {
  'en-GB': enGB,
  'en-US': enUS,
  es,
  ca,
  fr,
  pt,
  nl,
  pl,
  ar,
};

registerTranslations(LISTS_NS, listsResources);

/** t() bound to the lists namespace (common keys reachable as 'common:…'). */
export function useListsTranslation() {
  return useTranslation(LISTS_NS);
}
