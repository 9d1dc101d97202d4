import { useLocation } from 'react-router-dom';
import { useCurrentSection } from '../menu/useCurrentSection';
import { useLibraryStatus } from '../pages/guards/useLibraryStatus';

/** Paths rendered by the shell itself; remotes are never shown there. */
const SHELL_PATHS = new Set(['/about']);

/**
 * Whether the remote content area is visible. It stays in the DOM (single-spa mounts into it on routing),
 * but is hidden on shell pages, on forbidden paths and while an Items path waits for a usable library.
 */
export function useRemoteVisible(): boolean {
  const { pathname } = useLocation();
  const { isPermitted, isItems } = useCurrentSection();
  const library = useLibraryStatus();
  if (SHELL_PATHS.has(pathname) || !isPermitted) return false;
  return !isItems || library.state === 'ok';
}
