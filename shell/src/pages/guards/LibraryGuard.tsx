import type { ReactNode } from 'react';
import { LibraryExpired } from './LibraryExpired';
import { NoLibrarySelected } from './NoLibrarySelected';
import { useLibraryStatus } from './useLibraryStatus';

/**
 * Wraps library-scoped content (the Items routes): shows 'No Library Selected' or 'Library Expired' until a
 * usable library is selected. While the stores load nothing is shown (the layout shows the loading overlay).
 */
export function LibraryGuard({ children, onSelectLibrary }: { children: ReactNode; onSelectLibrary: () => void }) {
  const status = useLibraryStatus();
  if (status.state === 'loading') return null;
  if (status.state === 'none') return <NoLibrarySelected onSelectLibrary={onSelectLibrary} />;
  if (status.state === 'expired') return <LibraryExpired libraryName={status.name} onSelectLibrary={onSelectLibrary} />;
  return <>{children}</>;
}
