// The remote's second exposed module ('./prefetch'): small (no antd, only libraries the login page already shares),
// loaded by the shell's login page so the dashboard's data calls start from the sign-in answer.
import type { PortalStore } from '@portal/session';
import { prefetchDashboard } from './dashboard/prefetch';

/**
 * Also loads and runs the page's own code (its antd components, Highcharts and the accessibility module; a chunk of
 * its own, shared libraries from the shell) while the user types, so after Login only rendering is left
 * (without it, Highcharts was fetched, compiled and run after the sign-in). A failure here costs only that head
 * start: the shell loads the remote again when it mounts it.
 */
export function prefetch(store?: PortalStore): () => void {
  import('./App').catch(() => undefined);
  return prefetchDashboard(store);
}
