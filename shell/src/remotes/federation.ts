import { init, preloadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RegistryRemote } from '@portal/contract';
import { errorLifecycles } from './errorView';
import { logger } from '@portal/api';
import { SHELL_NAME } from './landing';

export { SHELL_NAME };
export const exposedId = (remote: RegistryRemote) => `${remote.name}/${remote.expose.replace(/^\.\//, '')}`;

/**
 * A remote that cannot be loaded (manifest or remoteEntry missing, network down, bad exposed module)
 * resolves to lifecycles that show the error with Retry in the content area, so single-spa mounts the
 * error like any page and the rest of the shell keeps working.
 */
function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-error',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined; // let the failure reach loadRemote, answered below
      const name = String(id).split('/')[0];
      logger.error(`remote ${name} could not be loaded`, error);
      return errorLifecycles(name);
    },
  };
}

/** Joins the Module Federation instance the shell's build created (its shared config and loaded-first strategy). */
export function initFederation(): void {
  init({ name: SHELL_NAME, remotes: [], shareStrategy: 'loaded-first', plugins: [remoteErrorPlugin()] });
}

/** Registers (or, with force, re-registers and forgets everything cached for) the remotes' manifests. */
export function registerFederationRemotes(remotes: readonly RegistryRemote[], force = false): void {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: remote.manifestUrl })),
    { force },
  );
}

/** Fetches a remote's entry and its exposed module's scripts ahead (nothing runs until single-spa mounts it). */
export function preloadRemoteCode(remote: RegistryRemote): void {
  preloadRemote([{ nameOrAlias: remote.name, exposes: [remote.expose] }]).catch((error: unknown) => {
    logger.warn(`remote ${remote.name} could not be preloaded`, error);
  });
}
