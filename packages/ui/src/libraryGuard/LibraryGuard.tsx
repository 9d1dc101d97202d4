import { changeLibraryRequested } from '@portal/session';
import { useCallback, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { LibraryExpired } from './LibraryExpired';
import { NoLibrarySelected } from './NoLibrarySelected';
import { useLibraryStatus } from './useLibraryStatus';

export interface LibraryGuardProps {
  children: ReactNode;
}

/**
 * Wraps library-scoped content: 'No Library Selected' or 'Library Expired' until a usable library is selected,
 * then the children, so they never mount (nor call the server) without one. While the stores load nothing is
 * shown (the shell shows its loading overlay). The buttons ask the shell for its Change Library modal through
 * the shared store, which works from any React root (the shell's or a remote's).
 */
export function LibraryGuard({ children }: LibraryGuardProps) {
  const status = useLibraryStatus();
  const dispatch = useDispatch();
  const selectLibrary = useCallback(() => {
    dispatch(changeLibraryRequested());
  }, [dispatch]);
  if (status.state === 'loading') return null;
  if (status.state === 'none') return <NoLibrarySelected onSelectLibrary={selectLibrary} />;
  if (status.state === 'expired') return <LibraryExpired libraryName={status.name} onSelectLibrary={selectLibrary} />;
  return <>{children}</>;
}
