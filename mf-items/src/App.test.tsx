import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Store } from '@portal/api';
import { fakeServer, type FakeReply, type SeenRequest } from '@portal/api/src/testing';
import { registerTranslations, setLanguage } from '@portal/i18n';
import { createPortalStore, fetchStoresSuccess, selectChangeLibraryOpen, settingsSaved } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import { App } from './App';
import { resources } from './locales';
import { manifest } from './manifest';

jest.setTimeout(30_000);
registerTranslations(manifest.namespace, resources);

function library(tid: number, name: string, expirationDate = '2099-12-31'): Store {
  return {
    tid,
    code: `B${tid}`,
    country: 'ES',
    area: 'Norte',
    province: 'P',
    city: 'C',
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
    fieldCode: 'Barcode',
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
const VALID = library(3, 'Central');
const EXPIRED = library(4, 'Antigua', '2000-01-01');

/** The pages' first calls answered empty (a list page and its count); anything else 404. */
function answer(req: SeenRequest): FakeReply {
  const path = req.url.split('?')[0];
  if (path === '/api/itemEvents' || path === '/api/stores/3/searchLists') return { status: 200, data: { items: [], total: 0 } };
  if (path === '/api/itemEvents/numItemEvents') return { status: 200, data: { numItemEvents: 0 } };
  if (path === '/api/stores/3/searchLists/numSearchListItems') return { status: 200, data: { numItems: 0, numItemsDistinct: 0 } };
  return { status: 404, data: { code: 'NOT_FOUND' } };
}

/** The remote's routes at `path`, with the given library selected; every request is recorded. */
async function renderItems(path: string, selectedStoreId: number | null) {
  const requests = fakeServer(answer);
  const { store } = createPortalStore();
  store.dispatch(fetchStoresSuccess({ stores: [VALID, EXPIRED], regions: [] }));
  store.dispatch(settingsSaved({ selectedStoreId, dashboardItems: {}, visibleColumns: {} }));
  await act(async () => {
    render(
      <PortalProviders store={store}>
        <MemoryRouter initialEntries={[path]}>
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

describe('the Items routes require a usable library', () => {
  it("show 'No Library Selected' and make no call when the selected library is not among the stores", async () => {
    const { store, requests } = await renderItems('/catalogues', 99);
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(screen.queryByText('Catalogues')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it("show 'Library Expired' and make no call when the selected library has expired", async () => {
    const { store, requests } = await renderItems('/catalogues', 4);
    expect(await screen.findByText('Library Expired')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Another Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it('guards the sub-routes too', async () => {
    await renderItems('/inventories/12/sections', 4);
    expect(await screen.findByText('Library Expired')).toBeInTheDocument();
    expect(screen.queryByText('Inventory sections')).not.toBeInTheDocument();
  });

  it('show the page when a valid library is selected', async () => {
    await renderItems('/searchLists', 3);
    expect(screen.getByText('Search Lists')).toBeInTheDocument();
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
  });

  it('leave Search (/itemEvents, in the Home group) unguarded', async () => {
    await renderItems('/itemEvents', null);
    expect(screen.getByText('Search')).toBeInTheDocument();
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
  });
});
