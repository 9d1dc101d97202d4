import { registerTranslations, type Locale } from '@portal/i18n';
import ar from './ar.json';
import ca from './ca.json';
import enGB from './en-GB.json';
import enUS from './en-US.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';
import pl from './pl.json';
import pt from './pt.json';

export const SHELL_NS = 'shell';

export const shellResources: Record<Locale, typeof es> = {
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

registerTranslations(SHELL_NS, shellResources);
