/** The dialogs' failure texts, merged into the lists namespace (kept beside their code). */
import { registerTranslations, type Locale } from '@portal/i18n';
import { LISTS_NS } from '../i18n';
import ar from './locales/ar.json';
import ca from './locales/ca.json';
import enGB from './locales/en-GB.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

export const failuresResources: Record<Locale, typeof es> = { 'en-GB': enGB, 'en-US': enUS, es, ca, fr, pt, nl, pl, ar };

registerTranslations(LISTS_NS, failuresResources);
