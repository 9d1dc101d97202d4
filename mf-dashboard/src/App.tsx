import type { ComponentType } from 'react';
import { LibraryGuard, ManifestRoutes, type PageProps } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';
import DashboardPage from './dashboard/DashboardPage';

/** The dashboard's guard screens (access-shell-dashboard §2): no page, and no call, without a usable library. */
function GuardedDashboardPage(props: PageProps) {
  return (
    <LibraryGuard>
      <DashboardPage {...props} />
    </LibraryGuard>
  );
}

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/dashboard': GuardedDashboardPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
