import { matchPath } from 'react-router';
import type { RegistryRemote } from '@portal/contract';
import { hasPermission, type PermissionHolder } from '@portal/session';

/** One single-spa application: a remote and the routes of it this user may open. */
export interface ApplicationPlan {
  remote: RegistryRemote;
  paths: string[];
}

/**
 * The applications to register for a signed-in user (spec §2: routes are registered only when the user
 * may see them). Public routes (no permission) belong to the public entry and are never mounted by the
 * shell; a remote with no permitted route is not registered at all.
 */
export function planApplications(remotes: readonly RegistryRemote[], holder: PermissionHolder | null): ApplicationPlan[] {
  if (!holder) return [];
  return remotes
    .map((remote) => ({
      remote,
      paths: remote.routes.filter((route) => route.permission !== undefined && hasPermission(holder, route.permission)).map((route) => route.path),
    }))
    .filter((plan) => plan.paths.length > 0);
}

/** Same application, same routes: nothing to re-register. */
export const planKey = (plan: ApplicationPlan) => `${plan.remote.name}@${plan.remote.manifestUrl}:${plan.paths.join(',')}`;

/** Whether a pathname is one of the routes (react-router syntax: `:param`, optional `:param?`). */
export function matchesRoute(paths: readonly string[], pathname: string): boolean {
  return paths.some((path) => matchPath({ path, end: true }, pathname) !== null);
}

/** The remote serving a signed-in route (e.g. the dashboard every user lands on after sign-in), if any. */
export function remoteServing(remotes: readonly RegistryRemote[], pathname: string): RegistryRemote | undefined {
  return remotes.find((remote) =>
    matchesRoute(
      remote.routes.filter((route) => route.permission !== undefined).map((route) => route.path),
      pathname,
    ),
  );
}
