/** The 'alarms' translation namespace (nine locales), registered when the alarms page loads. */
import { registerTranslations, useTranslation, type Locale } from '@portal/i18n';
import ar from './locales/ar.json';
import ca from './locales/ca.json';
import enGB from './locales/en-GB.json';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

export const ALARMS_NS = 'alarms';

export const alarmsResources: Record<Locale, typeof es> = { 'en-GB': enGB, 'en-US': enUS, es, ca, fr, pt, nl, pl, ar };

registerTranslations(ALARMS_NS, alarmsResources);

export function useAlarmsTranslation() {
  return useTranslation(ALARMS_NS);
}
