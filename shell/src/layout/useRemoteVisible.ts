import { useLocation } from 'react-router-dom';
import { useCurrentSection } from '../menu/useCurrentSection';

/** Paths rendered by the shell itself; remotes are never shown there. */
const SHELL_PATHS = new Set(['/about']);

/**
 * Whether the remote content area is visible. It stays in the DOM (single-spa mounts into it on routing),
 * but is hidden on shell pages and on forbidden paths. A library-scoped remote shows its own guard screens
 * (LibraryGuard of @portal/ui), so the area stays visible on the Items paths whatever library is selected.
 */
export function useRemoteVisible(): boolean {
  const { pathname } = useLocation();
  const { isPermitted } = useCurrentSection();
  return !SHELL_PATHS.has(pathname) && isPermitted;
}
