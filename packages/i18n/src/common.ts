import ar from './locales/ar.json';
import ca from './locales/ca.json';
import enGB from './locales/en-GB.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import { COMMON_NS, registerTranslations } from './i18n';
import type { Locale } from './locales';

/** Shared words (OK, Cancel, guard screens, error texts of §8) in the `common` namespace. */
export const commonResources: Record<Locale, typeof es> = {
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

registerTranslations(COMMON_NS, commonResources);
