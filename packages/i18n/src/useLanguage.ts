import { useSyncExternalStore } from 'react';
import { getLanguage, i18n } from './i18n';
import type { Locale } from './locales';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The current interface language; re-renders the caller when it changes. */
export function useLanguage(): Locale {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
