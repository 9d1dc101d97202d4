import { Navigate, useLocation } from 'react-router-dom';
import { useMenuEntries } from '../menu/MenuEntriesContext';
import { useCurrentSection } from '../menu/useCurrentSection';
import { useLastSection } from '../menu/useLastSection';

/**
 * Every path that is not a shell page. A permitted path belongs to a remote, which single-spa mounts into
 * #portal-content (the Items remote guards its routes with LibraryGuard itself, so that its pages never mount
 * without a usable library); anything else goes to the last section.
 */
export function SectionRoute() {
  const { ready } = useMenuEntries();
  const { isPermitted } = useCurrentSection();
  const lastSection = useLastSection();
  const { pathname } = useLocation();

  if (!ready || isPermitted) return null;
  // Never redirect to where we are: with nothing permitted (an empty registry) that would loop forever.
  return lastSection === pathname ? null : <Navigate to={lastSection} replace />;
}
