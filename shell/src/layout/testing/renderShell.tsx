// Test harness: the shell's routes on a real session store (own instance), a memory router and the
// registry fixture. Not imported by application code.
import { act, render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import type { Store } from '@portal/api';
// The api package's own test double for its HTTP layer: the real client, interceptors and sagas run on top.
import { fakeServer, type FakeReply, type SeenRequest } from '@portal/api/src/testing';
import { createPortalStore, fetchStoresSuccess, forgetDeploySettings, sessionRestored } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import '../../locales';
import { MenuEntriesProvider } from '../../menu/MenuEntriesContext';
import { DEMO_USERS, REGISTRY_MENU, REGISTRY_ROUTES } from '../../menu/registryMenu.fixture';
import type { MenuEntry, RouteEntry } from '../../menu/types';
import { ShellRoutes } from '../ShellRoutes';

export type DemoUser = keyof typeof DEMO_USERS;

export interface ShellOptions {
  path?: string;
  /** Signed in as this demo account; omitted = signed out. */
  user?: DemoUser;
  fullName?: string;
  /** The user's brand flavour (default LIBTECS). */
  flavor?: string;
  /** The session's avatar URL (default none). */
  avatarUrl?: string | null;
  stores?: Store[];
  selectedStoreId?: number | null;
  menuEntries?: MenuEntry[];
  routes?: RouteEntry[];
  ready?: boolean;
  /** Answers by "METHOD /url" (decoded); anything else answers 404. */
  server?: Record<string, (req: SeenRequest) => FakeReply>;
}

const DEFAULT_SERVER: Record<string, (req: SeenRequest) => FakeReply> = {
  'GET /api/stores?offset=0&limit=1000': () => ({ status: 200, data: { items: [], total: 0 } }),
  'GET /api/stores?mode=tree': () => ({ status: 200, data: [] }),
  'PUT /api/users/7/settings': (req) => ({ status: 200, data: (req.data as { settings: unknown }).settings }),
  // The server's answer with no PORTAL_* setting deployed.
  'GET /portal-config.json': () => ({ status: 200, data: { productName: 'Library Portal', supportEmail: '', newsUrl: '' } }),
};

export function library(tid: number, name: string, expirationDate = '2099-12-31', area = 'Norte'): Store {
  return {
    tid,
    code: `C${tid}`,
    country: 'ES',
    area,
    province: `Provincia ${tid}`,
    city: `Ciudad ${tid}`,
    name,
    address: '',
    manager: '',
    managertel: '',
    capacity: 10,
    resetTime: '00:00',
    startTime: '08:00',
    endTime: '20:00',
    timezone: 'Europe/Madrid',
    expirationDate,
    fieldCode: '',
    fieldObjectId: '',
    field1: '',
    field2: '',
    field3: '',
    field4: '',
    field5: '',
    field6: '',
    storeIds: [tid],
  };
}

/** Shows where the router is and how it got there (PUSH or REPLACE). */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div data-testid="location" data-navigation={navigationType}>
      {location.pathname}
    </div>
  );
}

/**
 * Renders inside an async act so the updates antd schedules right after mounting (rc-menu's key records,
 * in a microtask) are applied before the test looks, instead of warning about updates outside act.
 */
export async function renderShell(options: ShellOptions = {}) {
  const routes = { ...DEFAULT_SERVER, ...options.server };
  const requests = fakeServer((req) => {
    const route = routes[`${req.method} ${decodeURIComponent(req.url)}`];
    return route ? route(req) : { status: 404, data: { code: 'NOT_FOUND' } };
  });
  forgetDeploySettings(); // each render has its own fake server
  const { store } = createPortalStore();
  if (options.user) {
    const { role, permissions } = DEMO_USERS[options.user];
    store.dispatch(
      sessionRestored({
        token: `token-${options.user}`,
        userId: 7,
        userFullName: options.fullName ?? 'Ana García',
        userFlavor: options.flavor ?? 'LIBTECS',
        userToken: 'public-7',
        role,
        permissions,
        storeIds: (options.stores ?? []).map((s) => s.tid),
        expiresAt: Date.now() + 3_600_000,
        avatarUrl: options.avatarUrl ?? null,
        settings: { selectedStoreId: options.selectedStoreId ?? null, dashboardItems: {}, visibleColumns: {} },
      }),
    );
  }
  if (options.stores) store.dispatch(fetchStoresSuccess({ stores: options.stores, regions: [] }));

  let view!: RenderResult;
  await act(async () => {
    view = render(
      <PortalProviders store={store}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>
          <MenuEntriesProvider menuEntries={options.menuEntries ?? REGISTRY_MENU} routes={options.routes ?? REGISTRY_ROUTES} ready={options.ready ?? true}>
            <ShellRoutes />
            <LocationProbe />
          </MenuEntriesProvider>
        </MemoryRouter>
      </PortalProviders>,
    );
  });
  return { ...view, store, requests };
}

/**
 * The open antd dialog with this title. Found by text: role queries with names are very slow on antd's
 * large DOM in jsdom, and antd's test-mode ids (all "test-id") make accessible names unreliable.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  // A confirm dialog carries its title twice (the modal's labelled title and the visible confirm title).
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
