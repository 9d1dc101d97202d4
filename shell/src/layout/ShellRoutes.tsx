import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { selectIsLoggedIn } from '@portal/session';
import { ErrorBoundary } from '@portal/ui';
import { LoginPage } from '../pages/login/LoginPage';
import { DEFAULT_SECTION } from '../menu/groups';
import { SectionRoute } from './SectionRoute';
import { ShellLayout } from './ShellLayout';

// Loaded when opened: its Descriptions is no first view's.
const AboutPage = lazy(() => import(/* webpackChunkName: "about" */ '../pages/about/AboutPage').then((module) => ({ default: module.AboutPage })));

/** Logged out: only /auth/login. Logged in: the shell frame; /auth/login goes to the dashboard. */
export function ShellRoutes() {
  const isLoggedIn = useSelector(selectIsLoggedIn);
  if (!isLoggedIn) {
    return (
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/auth/login" replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path="/auth/login" element={<Navigate to={DEFAULT_SECTION} replace />} />
      <Route element={<ShellLayout />}>
        <Route
          path="/about"
          element={
            <ErrorBoundary>
              <Suspense fallback={null}>
                <AboutPage />
              </Suspense>
            </ErrorBoundary>
          }
        />
        <Route path="*" element={<SectionRoute />} />
      </Route>
    </Routes>
  );
}
