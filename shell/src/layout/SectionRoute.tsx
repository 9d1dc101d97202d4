import { Navigate, useLocation } from 'react-router-dom';
import { useMenuEntries } from '../menu/MenuEntriesContext';
import { useCurrentSection } from '../menu/useCurrentSection';
import { useLastSection } from '../menu/useLastSection';
import { LibraryGuard } from '../pages/guards/LibraryGuard';
import { useOpenChangeLibrary } from './changeLibrary/ChangeLibraryContext';

/**
 * Every path that is not a shell page. A permitted path belongs to a remote, which single-spa mounts into
 * #portal-content; Items paths first need a usable library. Anything else goes to the last section.
 */
export function SectionRoute() {
  const { ready } = useMenuEntries();
  const { isPermitted, isItems } = useCurrentSection();
  const lastSection = useLastSection();
  const openChangeLibrary = useOpenChangeLibrary();
  const { pathname } = useLocation();

  if (!ready) return null;
  // Never redirect to where we are: with nothing permitted (an empty registry) that would loop forever.
  if (!isPermitted) return lastSection === pathname ? null : <Navigate to={lastSection} replace />;
  if (isItems) return <LibraryGuard onSelectLibrary={openChangeLibrary}>{null}</LibraryGuard>;
  return null;
}
