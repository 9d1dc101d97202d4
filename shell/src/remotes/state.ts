import { useSyncExternalStore } from 'react';
import type { RegistryMenuEntry, RegistryRemote, RegistryRoute } from '@portal/contract';

/** What the layout needs from the registry (all entries: the shell filters them by permission itself). */
export interface RemoteApps {
  menuEntries: readonly RegistryMenuEntry[];
  /** Every route a signed-in user may be given (public routes belong to the public entry, not here). */
  routes: readonly (RegistryRoute & { permission: string })[];
  /** False until the registry is loaded: deep links must not be redirected before their route is known. */
  ready: boolean;
  /** Set while the registry cannot be loaded; calling it tries again. */
  retry: (() => void) | null;
}

let state: RemoteApps = { menuEntries: [], routes: [], ready: false, retry: null };
const listeners = new Set<() => void>();

function publish(next: RemoteApps): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function publishRegistry(remotes: readonly RegistryRemote[]): void {
  publish({
    menuEntries: remotes.flatMap((remote) => remote.menu),
    routes: remotes.flatMap((remote) => remote.routes.filter((route): route is RegistryRoute & { permission: string } => route.permission !== undefined)),
    ready: true,
    retry: null,
  });
}

export function publishRegistryFailure(retry: () => void): void {
  publish({ ...state, ready: false, retry });
}

export function getRemoteApps(): RemoteApps {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registry's menu entries and routes for the layout, re-rendering when the registry arrives. */
export function useRemoteApps(): RemoteApps {
  return useSyncExternalStore(subscribe, getRemoteApps);
}
