import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { LibraryGuard } from '@portal/ui';
import { manifest, type RoutePath } from './manifest';
import DashboardPage from './dashboard/DashboardPage';

/** Every page receives its route's translated title (from the manifest) for its PageFrame. */
export interface PageProps {
  title: string;
}

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/dashboard': DashboardPage,
};

export function App() {
  const { t } = useTranslation(manifest.namespace);
  return (
    <Routes>
      {manifest.routes.map(({ path, titleKey }) => {
        const Page = PAGES[path];
        // The dashboard's guard screens (access-shell-dashboard §2): no page, and no call, without a usable library.
        return <Route key={path} path={path} element={<LibraryGuard><Page title={t(titleKey)} /></LibraryGuard>} />;
      })}
    </Routes>
  );
}
