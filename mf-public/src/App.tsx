import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { CapacityBarsPage } from './capacities/CapacityBarsPage';
import { TrafficLightPage } from './capacities/TrafficLightPage';
import { manifest, type RoutePath } from './manifest';
import { PublicSipPage } from './sip/PublicSipPage';

/** Every page receives its route's translated title (from the manifest). */
export interface PageProps {
  title: string;
}

/** The page of each route the manifest declares: a route without a page does not compile. */
const PAGES: Record<RoutePath, ComponentType<PageProps>> = {
  '/capacities/:token': CapacityBarsPage,
  '/capacities/:token/:storeCode/:language?': TrafficLightPage,
};

/**
 * Pages only the public entry shows (the server answers public.html for them): kept out of the manifest so
 * the shell never claims `/sipOperations/…`, whose list page belongs to mf-selfcheck.
 */
const PUBLIC_ONLY_ROUTES = [{ path: '/sipOperations/:storeCode', titleKey: 'public:titles.sipOperations', Page: PublicSipPage }] as const;

export function App() {
  const { t } = useTranslation(manifest.namespace);
  return (
    <Routes>
      {manifest.routes.map(({ path, titleKey }) => {
        const Page = PAGES[path];
        return <Route key={path} path={path} element={<Page title={t(titleKey)} />} />;
      })}
      {PUBLIC_ONLY_ROUTES.map(({ path, titleKey, Page }) => (
        <Route key={path} path={path} element={<Page title={t(titleKey)} />} />
      ))}
    </Routes>
  );
}
