import type { ComponentType } from 'react';
import { ManifestRoutes, type PageProps } from '@portal/ui';
import { AlarmsPage } from './alarms/AlarmsPage';
import { CountersPage } from './counters/CountersPage';
import { manifest, type RoutePath } from './manifest';

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/counters': CountersPage,
  '/alarms': AlarmsPage,
};

export function App() {
  return <ManifestRoutes manifest={manifest} pages={PAGES} />;
}
