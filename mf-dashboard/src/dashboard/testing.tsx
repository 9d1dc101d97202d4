/** Test helpers: the dashboard page on a real session store, against a fake HTTP layer (tests only). */
import '@testing-library/jest-dom'; // matcher types for the tests using this harness
import type { RegionNode, UserSettings } from '@portal/api';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { setLanguage } from '@portal/i18n';
import { createPortalStore, sessionRestored } from '@portal/session';
import { act, configure, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import DashboardPage from './DashboardPage';

// The shared machine can be slow: give asynchronous assertions room before they fail.
configure({ asyncUtilTimeout: 45_000 });

const times = { capacity: 100, resetTime: '00:00', startTime: '08:00', endTime: '20:00' };
const leaf = (tid: number, title: string): RegionNode => ({
  title,
  fullName: title,
  key: `store:${tid}`,
  value: `store:${tid}`,
  level: 'name',
  storeIds: [tid],
  ...times,
});
const area = (title: string, children: RegionNode[]): RegionNode => ({
  title,
  fullName: title,
  key: `area:${title}`,
  value: `area:${title}`,
  level: 'area',
  storeIds: children.flatMap((c) => c.storeIds),
  children,
  ...times,
});

/** A library (store) as GET /api/stores lists it. */
export { store as library } from '@portal/session/src/testUtils';

/** The user holds libraries 1, 2 and 3; library 9 (area Lejos) belongs to someone else. */
export const USER_STORE_IDS = [1, 2, 3];
export const TREE: RegionNode[] = [area('Norte', [leaf(1, 'Uno'), leaf(2, 'Dos')]), area('Sur', [leaf(3, 'Tres')]), area('Lejos', [leaf(9, 'Nueve')])];

/** Answers per dashboard call name; a function may return a promise to hold the answer back. */
export type Answer = (params: URLSearchParams) => unknown;
export const DEFAULT_ANSWERS: Record<string, Answer> = {
  totalToday: () => ({ totalIn: 1234, totalInside: 56 }),
  totalTodayData: () => [
    { label: 'Uno', value: 1000 },
    { label: 'Dos', value: 234 },
  ],
  totalInMonth: () => ({ value: 2_500_000 }),
  totalInYear: () => ({ value: 999 }),
  totalAlarmsToday: () => ({ value: 3 }),
  totalSelfcheckOperations: () => ({ totalCheckoutsToday: 12, totalCheckinsToday: 1500, totalRenewalsToday: 0 }),
  selfcheckToday: (p) => [{ label: `${p.get('type')} ok`, value: 4 }],
  currentWeekData: (p) => [{ day: p.get('date'), value: 10, storeName: 'Uno' }],
  alarmsWeekData: (p) => [{ day: p.get('date'), value: 2, storeName: 'Uno' }],
  selfcheckDistribution: (p) => [{ day: p.get('date'), value: 5, origin: 'Kiosk' }],
};

export interface DashboardCall {
  name: string;
  params: URLSearchParams;
}

export function dashboardCalls(seen: SeenRequest[], name?: string): DashboardCall[] {
  return seen
    .map((req) => new URL(req.url, 'http://portal.test'))
    .filter((url) => url.pathname.startsWith('/api/dashboard/'))
    .map((url) => ({ name: url.pathname.slice('/api/dashboard/'.length), params: url.searchParams }))
    .filter((call) => name === undefined || call.name === name);
}

export interface RenderOptions {
  settings?: Partial<UserSettings>;
  answers?: Record<string, Answer>;
  language?: string;
  /** The Libraries tree the server answers (default TREE). */
  tree?: RegionNode[];
}

/** A fake server answering the Libraries tree, settings saves and every dashboard call (DEFAULT_ANSWERS, overridable). */
export function fakeDashboardServer(answers: Record<string, Answer> = {}, tree: RegionNode[] = TREE): SeenRequest[] {
  const all = { ...DEFAULT_ANSWERS, ...answers };
  return fakeServer((req) => {
    const url = new URL(req.url, 'http://portal.test');
    if (url.pathname === '/api/stores' && url.searchParams.get('levels') === 'area,name') return { status: 200, data: tree };
    if (url.pathname === '/api/stores') return { status: 200, data: url.searchParams.get('mode') ? [] : { items: [], total: 0 } };
    if (req.method === 'PUT' && url.pathname === '/api/users/7/settings') {
      return { status: 200, data: { selectedStoreId: null, dashboardItems: {}, visibleColumns: {}, ...(req.data as { settings: object }).settings } };
    }
    const answer = all[url.pathname.slice('/api/dashboard/'.length)];
    if (!answer) return { status: 404, data: { code: 'NOT_FOUND' } };
    const data = answer(url.searchParams);
    if (data instanceof Error) return { status: 500, data: { code: 'INTERNAL_SERVER_ERROR' } };
    return { status: 200, data };
  });
}

export async function renderDashboard({ settings = {}, answers = {}, language = 'en-GB', tree = TREE }: RenderOptions = {}) {
  await act(() => setLanguage(language));
  const seen = fakeDashboardServer(answers, tree);
  const { store } = createPortalStore();
  store.dispatch(
    sessionRestored({
      token: 'tok',
      userId: 7,
      userFullName: 'Ana',
      userFlavor: 'LIBTECS',
      userToken: 'pub',
      role: 'user',
      permissions: ['manager'],
      storeIds: USER_STORE_IDS,
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId: null, dashboardItems: {}, visibleColumns: {}, ...settings },
    }),
  );
  // Inside act: the first calls and their answers settle before the test goes on.
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <Provider store={store}>
        <DashboardPage title="Dashboard" />
      </Provider>,
    );
  });
  return { store, seen, view: view! };
}

/** A widget card by its title. */
export const widget = (title: string) => screen.getByRole('group', { name: title });
export const inWidget = (title: string) => within(widget(title));
/** A section by its title. */
export const section = (title: string) => screen.getByRole('region', { name: new RegExp(title) });
