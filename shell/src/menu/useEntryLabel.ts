import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from './types';

/**
 * Label of a registry entry. The registry's labelKey wins when its namespace is loaded; a remote's namespace
 * is only registered once the remote runs, so until then the shell's own `menu.<key>` text is used.
 */
export function useEntryLabel(): (entry: Pick<MenuEntry, 'key' | 'labelKey'>) => string {
  const { t, i18n } = useTranslation('shell');
  return useCallback((entry) => (i18n.exists(entry.labelKey) ? t(entry.labelKey) : t(`menu.${entry.key}`, { defaultValue: entry.key })), [t, i18n]);
}
