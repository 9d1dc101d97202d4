import { parseRegistry, type RegistryRemote } from '@portal/contract';
import { LOCALES, registerTranslations } from '@portal/i18n';
import { logger } from '@portal/api';

export const REGISTRY_URL = '/registry.json';

/**
 * The deploy-time registry: fetched fresh on every start (a remote released since the last visit is
 * picked up), validated entry by entry so one broken remote never hides the others. Each remote's menu
 * labels and route titles are registered right away: the sidebar needs them before any remote loads.
 */
export async function loadRegistry(fetchImpl: typeof fetch = fetch): Promise<RegistryRemote[]> {
  const response = await fetchImpl(REGISTRY_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REGISTRY_URL} answered ${response.status}`);
  const { remotes, problems } = parseRegistry(await response.json());
  if (problems.length) logger.error(`${REGISTRY_URL}: entries left out:\n  ${problems.join('\n  ')}`);
  for (const remote of remotes) {
    // A locale the build left out falls back to Spanish instead of breaking the registration.
    registerTranslations(
      remote.namespace,
      Object.fromEntries(LOCALES.map((lng) => [lng, remote.translations[lng] ?? {}])) as Record<(typeof LOCALES)[number], object>,
    );
  }
  return remotes;
}

let shared: Promise<RegistryRemote[]> | null = null;

/**
 * The registry read once per page: the login page's landing prefetch (remotes/landing.ts) and the remotes' start
 * share one request. A failed read is asked again by the next caller (the registry error's Retry).
 */
export function sharedRegistry(fetchImpl: typeof fetch = fetch): Promise<RegistryRemote[]> {
  shared ??= loadRegistry(fetchImpl).catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

/** Forgets the registry read (tests). */
export function forgetSharedRegistry(): void {
  shared = null;
}
