import { loadRemote } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, unregisterApplication, type AppError, type LifeCycles } from 'single-spa';
import { i18n } from '@portal/i18n';
import { applicationElement, whenContentReady } from './containers';
import { showRemoteError } from './errorView';
import { exposedId, registerFederationRemotes } from './federation';
import { matchesRoute, planKey, type ApplicationPlan } from './plan';
import { logger } from '@portal/api';

/** Props single-spa hands to a remote's lifecycles (single-spa-react reads domElementGetter). */
export type RemoteCustomProps = {
  /** The remote's element inside #portal-content. */
  domElementGetter: () => HTMLElement;
  /** Loads the remote again from scratch (used by the error view's Retry). */
  retry: () => Promise<void>;
  /** What the user calls the page being opened, for error messages. */
  label: () => string;
};

const registered = new Map<string, { plan: ApplicationPlan; key: string }>();
/** Remotes broken while mounting, with how to take their error view away. */
const broken = new Map<string, () => void>();

function currentLabel(plan: ApplicationPlan): string {
  const route = plan.remote.routes.find((candidate) => matchesRoute([candidate.path], window.location.pathname));
  return route ? i18n.t(route.titleKey) : plan.remote.name;
}

async function loadLifecycles(plan: ApplicationPlan): Promise<LifeCycles<RemoteCustomProps>> {
  // A load failure resolves to error lifecycles (federation.ts), so only a missing module lands here.
  const lifecycles = await loadRemote<LifeCycles<RemoteCustomProps>>(exposedId(plan.remote));
  if (!lifecycles) throw new Error(`${exposedId(plan.remote)} exported nothing`);
  // Remotes mount into #portal-content, which the layout renders once signed in (normally long before).
  await whenContentReady();
  return lifecycles;
}

function register(plan: ApplicationPlan): void {
  const { name } = plan.remote;
  registerApplication<RemoteCustomProps>({
    name,
    app: () => loadLifecycles(plan),
    activeWhen: (location) => matchesRoute(plan.paths, location.pathname),
    customProps: {
      domElementGetter: () => applicationElement(name),
      retry: () => retryApplication(name),
      label: () => currentLabel(plan),
    },
  });
  registered.set(name, { plan, key: planKey(plan) });
}

async function unregister(name: string): Promise<void> {
  broken.get(name)?.();
  broken.delete(name);
  registered.delete(name);
  await unregisterApplication(name);
}

/** Forgets everything loaded for the remote (Module Federation caches, single-spa status) and loads it again. */
export async function retryApplication(name: string): Promise<void> {
  const entry = registered.get(name);
  if (!entry) return;
  registerFederationRemotes([entry.plan.remote], true);
  await unregister(name);
  register(entry.plan);
}

let queue: Promise<void> = Promise.resolve();

/**
 * Makes single-spa's applications match the plan of the signed-in user: new ones registered, those no
 * longer permitted (or signed out) unmounted and unregistered. Calls are queued, never interleaved.
 */
export function syncApplications(plans: readonly ApplicationPlan[]): Promise<void> {
  queue = queue
    .then(async () => {
      const wanted = new Map(plans.map((plan) => [plan.remote.name, plan]));
      for (const [name, entry] of [...registered]) {
        const plan = wanted.get(name);
        if (!plan || planKey(plan) !== entry.key) await unregister(name);
      }
      for (const plan of plans) {
        if (!registered.has(plan.remote.name)) register(plan);
      }
    })
    .catch((error: unknown) => logger.error('remote applications could not be updated', error));
  return queue;
}

/**
 * A remote that loaded but failed to bootstrap or mount (or threw outside React) is "broken" for single-spa:
 * its error shows in the content area with Retry. Leaving its routes takes the error away and re-registers
 * it, so the next visit tries again.
 */
export function handleApplicationErrors(): void {
  addErrorHandler((error: AppError) => {
    const name = error.appOrParcelName;
    const entry = registered.get(name);
    if (!entry) return;
    logger.error(`remote ${name} failed`, error);
    broken.get(name)?.();
    broken.set(
      name,
      showRemoteError(name, currentLabel(entry.plan), () => void retryApplication(name)),
    );
  });
  window.addEventListener('single-spa:routing-event', () => {
    for (const name of [...broken.keys()]) {
      const entry = registered.get(name);
      if (entry && !matchesRoute(entry.plan.paths, window.location.pathname)) void retryApplication(name);
    }
  });
}
