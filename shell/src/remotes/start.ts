import { start } from 'single-spa';
import type { RegistryRemote } from '@portal/contract';
import { selectPermissionHolder, store as sessionStore, type PortalStore } from '@portal/session';
import { handleApplicationErrors, syncApplications } from './applications';
import { DEFAULT_SECTION } from '../menu/groups';
import { initFederation, preloadRemoteCode, registerFederationRemotes } from './federation';
import { planApplications, remoteServing } from './plan';
import { sharedRegistry } from './registry';
import { publishRegistry, publishRegistryFailure } from './state';
import { logger } from '@portal/api';

let started = false;

/**
 * Starts the remotes once, at shell start: Module Federation runtime, the registry, and one single-spa
 * application per remote the signed-in user may see, kept in step with the session (login, logout,
 * another user). Loading is never all-or-nothing: each remote loads, fails and retries on its own.
 */
export function startRemotes(store: PortalStore = sessionStore): void {
  if (started) return;
  started = true;
  initFederation();
  handleApplicationErrors();
  start({ urlRerouteOnly: true });

  let remotes: readonly RegistryRemote[] = [];
  let lastHolder: unknown;
  const sync = () => {
    const holder = selectPermissionHolder(store.getState());
    if (holder === lastHolder) return Promise.resolve();
    lastHolder = holder;
    return syncApplications(planApplications(remotes, holder));
  };

  const load = async () => {
    try {
      remotes = await sharedRegistry(); // already asked for by the login page's landing prefetch
    } catch (error) {
      logger.error('the remote registry could not be loaded', error);
      publishRegistryFailure(() => void load());
      return;
    }
    registerFederationRemotes(remotes);
    publishRegistry(remotes);
    // Signed out (the login page loaded the shell while the user typed): the page every user lands on after
    // sign-in loads its code now, so signing in waits only for its data.
    const landing = selectPermissionHolder(store.getState()) ? undefined : remoteServing(remotes, DEFAULT_SECTION);
    if (landing) preloadRemoteCode(landing);
    lastHolder = undefined;
    store.subscribe(() => void sync());
    await sync();
  };
  void load();
}
