import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { RegionNode } from '@portal/api';
import { registerTranslations, setLanguage } from '@portal/i18n';
import { createPortalStore, fetchStoresSuccess, selectChangeLibraryOpen, sessionRestored } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import { App } from './App';
import { fakeDashboardServer, library } from './dashboard/testing';
import { resources } from './locales';
import { manifest } from './manifest';

jest.mock('highcharts-react-official', () => jest.requireActual('./dashboard/testing.chartStub'));
jest.setTimeout(60_000);
registerTranslations(manifest.namespace, resources);

const VALID = library(1, 'Uno');
const EXPIRED = library(2, 'Dos', '2000-01-01');
const TREE: RegionNode[] = [
  {
    title: 'Uno',
    fullName: 'Uno',
    key: 'store:1',
    value: 'store:1',
    level: 'name',
    storeIds: [1],
    capacity: 10,
    resetTime: '00:00',
    startTime: '08:00',
    endTime: '20:00',
  },
];

/** /dashboard through the remote's routes with this library selected; every request is recorded. */
async function renderDashboardRoute(selectedStoreId: number | null, { role = 'user', stores = [VALID, EXPIRED] } = {}) {
  // The Libraries tree and every dashboard call answer (the dashboard's own fake server).
  const requests = fakeDashboardServer({}, TREE);
  const { store } = createPortalStore();
  store.dispatch(
    sessionRestored({
      token: 'tok',
      userId: 7,
      userFullName: 'Ana',
      userFlavor: 'LIBTECS',
      userToken: 'pub',
      role,
      permissions: ['manager'],
      storeIds: stores.map((s) => s.tid),
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId, dashboardItems: {}, visibleColumns: {} },
    }),
  );
  store.dispatch(fetchStoresSuccess({ stores, regions: [] }));
  await act(async () => {
    render(
      <PortalProviders store={store}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <App />
        </MemoryRouter>
      </PortalProviders>,
    );
  });
  return { store, requests };
}

beforeAll(async () => {
  await act(() => setLanguage('en-GB'));
});
afterEach(() => jest.restoreAllMocks());

describe('dashboard guard screens', () => {
  it("'No Library Selected' when the selected store is not among the stores; 'Select Library' asks for Change Library", async () => {
    const { store, requests } = await renderDashboardRoute(99);
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(screen.queryByText('Refresh')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it('an empty install (no library to select): an admin gets the first steps, each a link, and no call is made', async () => {
    const { requests } = await renderDashboardRoute(null, { role: 'admin', stores: [] });
    expect(screen.getByText('Welcome: start by adding a library')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Library' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a library' })).toHaveAttribute('href', '/stores');
    expect(screen.getByRole('link', { name: 'Add its sensors and a device key' })).toHaveAttribute('href', '/devices');
    expect(screen.getByRole('link', { name: 'Import a catalogue' })).toHaveAttribute('href', '/catalogues');
    expect(requests).toEqual([]);
  });

  it('an empty install: a user who cannot add libraries is told to ask an administrator', async () => {
    await renderDashboardRoute(null, { role: 'user', stores: [] });
    expect(await screen.findByText('No library yet')).toBeInTheDocument();
    expect(screen.getByText(/Ask an administrator to add one and give you access to it/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("'Library Expired' when the selected store's expirationDate is past; 'Select Another Library' asks for Change Library", async () => {
    const { store, requests } = await renderDashboardRoute(2);
    expect(await screen.findByText('Library Expired')).toBeInTheDocument();
    expect(screen.queryByText('Refresh')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Another Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it('the dashboard itself when a valid library is selected', async () => {
    const { requests } = await renderDashboardRoute(1);
    expect(await screen.findByText('Refresh')).toBeInTheDocument();
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
    expect(screen.queryByText('Library Expired')).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((req) => req.url.startsWith('/api/dashboard/'))).toBe(true));
  });
});
