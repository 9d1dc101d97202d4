import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RegistryRemote } from '@portal/contract';
import type { PortalStore } from '@portal/session';
import { logger } from '@portal/api';
import { DEFAULT_SECTION } from '../menu/groups';
import { sharedRegistry } from './registry';

/** The name of the shell's Module Federation instance. */
export const SHELL_NAME = 'shell';

/** The module a remote may expose as `./prefetch`: starts its page's data calls at the next sign-in. */
export const PREFETCH_EXPOSE = 'prefetch';
interface PrefetchModule {
  prefetch?: (store: PortalStore) => unknown;
}

/** The remote serving the page every sign-in lands on (the default section, /dashboard). */
export const landingRemote = (remotes: readonly RegistryRemote[]): RegistryRemote | undefined =>
  remotes.find((remote) => remote.routes.some((route) => route.path === DEFAULT_SECTION && route.permission !== undefined));

/**
 * Called from the login page's first chunk when the user starts typing, beside the signed-in shell's chunk (issue
 * 19): reads the registry (shared with the remotes' start) and loads the landing remote's small `./prefetch`
 * module (no antd: only shared libraries the login page already has), which then starts the dashboard's data calls
 * as soon as the sign-in answer and the libraries are in the session, while the signed-in shell is still loading
 * and rendering. Failing here costs only the head start: the page asks for its data itself.
 */
export async function prefetchLanding(store: PortalStore): Promise<void> {
  try {
    const landing = landingRemote(await sharedRegistry());
    if (!landing) return;
    // The shell's Module Federation instance (startRemotes later adds its error plugin and every other remote).
    init({ name: SHELL_NAME, remotes: [], shareStrategy: 'loaded-first' });
    registerRemotes([{ name: landing.name, entry: landing.manifestUrl }]);
    const module = await loadRemote<PrefetchModule>(`${landing.name}/${PREFETCH_EXPOSE}`);
    if (typeof module?.prefetch === 'function') module.prefetch(store);
  } catch (error) {
    logger.warn('the landing page could not prepare its data', error);
  }
}

/**
 * A restored session (a reload, a bookmark) opens a page directly: the registry is read at once, beside the
 * signed-in shell's chunk instead of after it, and on the landing page its remote loads the page's code and
 * prepares its data calls as at sign-in. A failed read is reported when the remotes start.
 */
export async function prefetchPage(store: PortalStore, pathname: string): Promise<void> {
  if (pathname === DEFAULT_SECTION) return prefetchLanding(store);
  await sharedRegistry().catch(() => undefined);
}
