import { forgetSharedReads, pendingSharedReads } from '@portal/api';
import { setLanguage } from '@portal/i18n';
import { createPortalStore, fetchStoresSuccess, limitRegionsToStores, loginSuccess, logout, type SessionData } from '@portal/session';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import DashboardPage from './DashboardPage';
import { today } from './hooks/useWeekPaging';
import { forgetFirstAnswers, peekFirstAnswer, summaryKey } from './model/firstAnswers';
import { prefetchDashboard } from './prefetch';
import { dashboardCalls, fakeDashboardServer, inWidget, library, TREE, USER_STORE_IDS, widget } from './testing';

jest.mock('highcharts-react-official', () => jest.requireActual('./testing.chartStub'));
jest.setTimeout(120_000);

const session = (overrides: Partial<SessionData> = {}): SessionData => ({
  token: 'tok-1',
  userId: 7,
  userFullName: 'Ana',
  userFlavor: 'LIBTECS',
  userToken: 'pub',
  role: 'user',
  permissions: ['manager'],
  storeIds: USER_STORE_IDS,
  expiresAt: Date.now() + 3_600_000,
  settings: { selectedStoreId: 1, dashboardItems: {}, visibleColumns: {} },
  ...overrides,
});
const LIBRARIES = [library(1, 'Uno'), library(2, 'Dos'), library(3, 'Tres'), library(4, 'Cuatro', '2000-01-01')];
/** What the session's stores saga puts after the sign-in: the libraries and the region tree limited to the user's. */
const storesArrive = () => fetchStoresSuccess({ stores: LIBRARIES, regions: limitRegionsToStores(TREE, USER_STORE_IDS) });
const urls = (seen: Parameters<typeof dashboardCalls>[0]) =>
  dashboardCalls(seen)
    .map((call) => `${call.name}?${call.params.toString()}`)
    .sort();

beforeAll(async () => {
  await act(() => setLanguage('en-GB'));
});
beforeEach(() => {
  forgetSharedReads();
  forgetFirstAnswers();
});

/** Every spinner the page puts in the document, even one replaced before anyone looks. */
function watchSpinners(): { seen: () => number; stop: () => void } {
  let spinners = 0;
  const has = (node: Node) => node instanceof Element && (node.matches('.ant-spin') || !!node.querySelector('.ant-spin'));
  const observer = new MutationObserver((records) => {
    records.forEach((record) => {
      spinners += [...record.addedNodes, ...record.removedNodes].filter(has).length;
    });
  });
  observer.observe(document.body, { subtree: true, childList: true });
  return {
    seen: () => {
      observer.takeRecords().forEach((record) => {
        spinners += [...record.addedNodes, ...record.removedNodes].filter(has).length;
      });
      return spinners;
    },
    stop: () => observer.disconnect(),
  };
}

describe('the dashboard prefetch (its calls start from the sign-in answer)', () => {
  it('starts the first calls once the sign-in and the libraries are in the session; the page then asks nothing twice', async () => {
    const seen = fakeDashboardServer();
    const { store } = createPortalStore();
    const stop = prefetchDashboard(store);
    store.dispatch(loginSuccess(session()));
    await act(async () => undefined);
    expect(dashboardCalls(seen)).toEqual([]); // the store ids come from the region tree: not known yet
    store.dispatch(storesArrive());
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(14));
    const day = today();
    // The page's order of the libraries (by name in the Libraries tree: Dos, Uno, Tres), so the page's reads match.
    expect(urls(seen)).toEqual([
      `alarmsWeekData?selectedStoreIds=2%2C1%2C3&weekStartDay=1&date=${day}`,
      `currentWeekData?selectedStoreIds=2%2C1%2C3&weekStartDay=1&date=${day}`,
      `selfcheckDistribution?selectedStoreIds=2%2C1%2C3&type=CHECKIN&weekStartDay=1&date=${day}`,
      `selfcheckDistribution?selectedStoreIds=2%2C1%2C3&type=CHECKOUT&weekStartDay=1&date=${day}`,
      `selfcheckDistribution?selectedStoreIds=2%2C1%2C3&type=RENEW&weekStartDay=1&date=${day}`,
      'selfcheckToday?selectedStoreIds=2%2C1%2C3&type=CHECKIN',
      'selfcheckToday?selectedStoreIds=2%2C1%2C3&type=CHECKOUT',
      'selfcheckToday?selectedStoreIds=2%2C1%2C3&type=RENEW',
      'totalAlarmsToday?selectedStoreIds=2%2C1%2C3',
      'totalInMonth?selectedStoreIds=2%2C1%2C3',
      'totalInYear?selectedStoreIds=2%2C1%2C3',
      'totalSelfcheckOperations?selectedStoreIds=2%2C1%2C3',
      'totalToday?selectedStoreIds=2%2C1%2C3',
      'totalTodayData?selectedStoreIds=2%2C1%2C3',
    ]);

    await act(async () => {
      render(
        <Provider store={store}>
          <DashboardPage title="Dashboard" />
        </Provider>,
      );
    });
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    await waitFor(() => expect(inWidget('Total In Year').getByText('999')).toBeInTheDocument());
    expect(dashboardCalls(seen)).toHaveLength(14); // every widget took its prefetched answer
    expect(pendingSharedReads()).toEqual([]);
    stop();
  });

  it('the page’s first render shows the prefetched answers (no spinner, no second round); Refresh and a later visit ask again', async () => {
    const seen = fakeDashboardServer();
    const { store } = createPortalStore();
    const stop = prefetchDashboard(store);
    store.dispatch(loginSuccess(session()));
    store.dispatch(storesArrive());
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(14));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }); // the answers arrive
    const spinners = watchSpinners();
    const page = render(
      <Provider store={store}>
        <DashboardPage title="Dashboard" />
      </Provider>,
    );
    // At once, without waiting: the main section's figures in the first render, the sections under it with theirs a
    // frame later (DashboardPage mounts them after its first frame), never a spinner.
    expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(inWidget('Total In Year').getByText('999')).toBeInTheDocument();
    expect(screen.getAllByTestId('chart').length).toBeGreaterThanOrEqual(9);
    expect(screen.getAllByRole('group').filter((card) => card.getAttribute('aria-busy') === 'true')).toEqual([]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(spinners.seen()).toBe(0);
    expect(dashboardCalls(seen)).toHaveLength(14);
    expect(pendingSharedReads()).toEqual([]); // the page took the reads: Refresh asks the server
    spinners.stop();

    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(28));
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    page.unmount();
    // Each answer is shown once: the page shown again asks for its data.
    render(
      <Provider store={store}>
        <DashboardPage title="Dashboard" />
      </Provider>,
    );
    expect(widget('Total In Today')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(42));
    await waitFor(() => expect(inWidget('Total In Today').getByText('1.2K')).toBeInTheDocument());
    stop();
  });

  it('prefetches only the chosen widgets’ calls, at once when the session is already complete', async () => {
    const seen = fakeDashboardServer();
    const { store } = createPortalStore();
    store.dispatch(
      loginSuccess(
        session({
          settings: {
            selectedStoreId: 1,
            dashboardItems: { main: ['totalIn'], counters: [], alarms: [], selfcheck: ['checkinsDistribution'] },
            visibleColumns: {},
          },
        }),
      ),
    );
    store.dispatch(storesArrive());
    const stop = prefetchDashboard(store);
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(2));
    expect(urls(seen)).toEqual([
      `selfcheckDistribution?selectedStoreIds=2%2C1%2C3&type=CHECKIN&weekStartDay=1&date=${today()}`,
      'totalToday?selectedStoreIds=2%2C1%2C3',
    ]);
    stop();
  });

  it('asks nothing when the library guard would not show the page (no selected library, an expired one)', async () => {
    for (const selectedStoreId of [99, 4, null]) {
      const seen = fakeDashboardServer();
      const { store } = createPortalStore();
      const stop = prefetchDashboard(store);
      store.dispatch(loginSuccess(session({ settings: { selectedStoreId, dashboardItems: {}, visibleColumns: {} } })));
      store.dispatch(storesArrive());
      await act(async () => undefined);
      expect(dashboardCalls(seen)).toEqual([]);
      expect(pendingSharedReads()).toEqual([]);
      stop();
    }
  });

  it('once per sign-in: later session changes ask nothing; signing out and in again prefetches for the new session', async () => {
    const seen = fakeDashboardServer();
    const { store } = createPortalStore();
    const stop = prefetchDashboard(store);
    store.dispatch(loginSuccess(session()));
    store.dispatch(storesArrive());
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(14));
    store.dispatch(storesArrive()); // e.g. the libraries read again
    await act(async () => undefined);
    expect(dashboardCalls(seen)).toHaveLength(14);
    await waitFor(() => expect(peekFirstAnswer(summaryKey('totalToday', [2, 1, 3]))).toBeDefined());
    store.dispatch(logout());
    expect(peekFirstAnswer(summaryKey('totalToday', [2, 1, 3]))).toBeUndefined(); // nothing of it shown to the next session
    store.dispatch(loginSuccess(session({ token: 'tok-2' })));
    store.dispatch(storesArrive());
    await waitFor(() => expect(dashboardCalls(seen)).toHaveLength(28));
    expect(seen.slice(-1)[0].headers.get('x-access-token')).toBe('tok-2');
    stop();
  });
});
