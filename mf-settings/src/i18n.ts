import { registerTranslations, useTranslation } from '@portal/i18n';
import { resources } from './locales';
import { manifest } from './manifest';

/** This remote's namespace (menu labels, titles and every page's texts). */
export const SETTINGS_NS = manifest.namespace;

registerTranslations(SETTINGS_NS, resources);

export function useSettingsTranslation() {
  return useTranslation(SETTINGS_NS);
}
