import { BrowserRouter } from 'react-router-dom';
import { PortalProviders } from '@portal/ui';
import './locales';
import { ShellRoutes } from './layout/ShellRoutes';
import { MenuEntriesProvider } from './menu/MenuEntriesContext';
import type { MenuEntry, RouteEntry } from './menu/types';

export interface AppProps {
  /** The registry's menu entries (all of them: the shell filters by permission). */
  menuEntries: readonly MenuEntry[];
  /** Registry routes that are not menu entries, e.g. /store. */
  routes?: readonly RouteEntry[];
  /** False while the registry loads, so deep links are not redirected before their route is known. */
  ready?: boolean;
}

/** The shell's React tree: providers, router, login or the logged-in frame. */
export function App({ menuEntries, routes = [], ready = true }: AppProps) {
  return (
    <PortalProviders>
      <BrowserRouter>
        <MenuEntriesProvider menuEntries={menuEntries} routes={routes} ready={ready}>
          <ShellRoutes />
        </MenuEntriesProvider>
      </BrowserRouter>
    </PortalProviders>
  );
}

export default App;
