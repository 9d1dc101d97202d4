import { useTranslation } from '@portal/i18n';
import { manifest } from './manifest';

/** Texts of this remote (its namespace, registered by lifecycles.tsx). */
export function useSelfcheckTranslation() {
  return useTranslation(manifest.namespace);
}
