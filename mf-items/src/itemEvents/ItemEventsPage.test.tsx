/** The Item events screen over the real @portal/api calls answered by a fake HTTP layer. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import type { ItemEvent } from '@portal/api';
import { fetchStoresSuccess, selectSelectedStoreId, sessionRestored } from '@portal/session';
import { library, Probe, storeWithLibrary } from '../catalogues/testing';
import { ItemEventsPage } from '.';

jest.setTimeout(60000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const EVENTS: ItemEvent[] = [
  {
    tid: 1,
    storeId: 3,
    storeName: 'Central',
    code: 'BC001',
    objectId: null,
    date: '2026-11-05 10:00:00',
    type: 'SIP_OPERATION',
    inventoryId: null,
    inventoryGroupId: null,
    details: { title: 'Dune' },
  },
  {
    tid: 2,
    storeId: 4,
    storeName: 'Norte',
    code: 'BC001',
    objectId: null,
    date: '2026-11-04 10:00:00',
    type: 'ALARM',
    inventoryId: null,
    inventoryGroupId: null,
    details: { alarmId: 7 },
  },
];

/** A librarian: Search and the items, no alarms or SIP operations. */
const LIBRARIAN = { role: 'user', permissions: ['manager', 'inventories'] };

function setup({ events = EVENTS, role = 'admin', permissions = [] as string[], norteExpires = '2099-12-31' } = {}) {
  const requests = fakeServer((req: SeenRequest) => {
    const path = req.url.split('?')[0];
    if (path === '/api/itemEvents') return { status: 200, data: { items: events, total: events.length } };
    if (path === '/api/itemEvents/numItemEvents') return { status: 200, data: { numItemEvents: events.length } };
    // Switching the library saves the user's settings.
    if (req.method === 'PUT' && path === '/api/users/1/settings') {
      return { status: 200, data: { dashboardItems: {}, visibleColumns: {}, ...(req.data as { settings: object }).settings } };
    }
    return { status: 404, data: { code: 'NOT_FOUND' } };
  });
  const store = storeWithLibrary();
  store.dispatch(
    sessionRestored({
      token: 't',
      userId: 1,
      userFullName: 'Ana',
      userFlavor: 'LIBTECS',
      userToken: 'p',
      role,
      permissions,
      storeIds: [3, 4],
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId: 3, dashboardItems: {}, visibleColumns: {} },
    }),
  );
  store.dispatch(
    fetchStoresSuccess({ stores: [library(), library({ tid: 4, code: 'B4', name: 'Norte', storeIds: [4], expirationDate: norteExpires })], regions: [] }),
  );
  renderWithPortal(
    <Routes>
      <Route path="/itemEvents" element={<ItemEventsPage title="Search" />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { store, path: '/itemEvents' },
  );
  return { requests, store };
}
const row = (text: string) => screen.getByText(text).closest('.ant-table-row') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe('ItemEventsPage', () => {
  it('lists the events with their count and opens one of the selected library directly', async () => {
    setup();
    await screen.findByText('Central');
    expect(await screen.findByText('Events: 2')).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Date', 'Library', 'Type', 'Code', 'Object ID', 'Title', 'Open']);
    expect(within(row('Central')).getByText('SIP operation')).toBeInTheDocument();
    await user().click(within(row('Central')).getByRole('button', { name: 'SIP operations' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sipOperations');
  });

  it("asks 'Document belongs to a different store' for another library's event; Yes switches the library and navigates", async () => {
    const { store } = setup();
    await screen.findByText('Norte');
    await user().click(within(row('Norte')).getByRole('button', { name: 'Alarms' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Document belongs to a different store').length).toBeGreaterThan(0);
    expect(selectSelectedStoreId(store.getState())).toBe(3);
    await user().click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(selectSelectedStoreId(store.getState())).toBe(4));
    expect(await screen.findByTestId('location')).toHaveTextContent('/alarms');
  });

  it('offers no jump to a screen the user may not open; an event of a section with no group opens it under UNGROUPED', async () => {
    const ungrouped: ItemEvent = {
      ...EVENTS[0]!,
      tid: 3,
      storeName: 'Central',
      code: 'BC009',
      type: 'INVENTORY',
      inventoryId: 12,
      inventoryGroupId: null,
      details: { title: 'Ulises' },
    };
    const { store } = setup({ events: [...EVENTS, ungrouped], ...LIBRARIAN });
    await screen.findByText('Ulises');
    expect(within(row('Norte')).queryByRole('button')).toBeNull();
    expect(within(row('Dune')).queryByRole('button')).toBeNull();
    // A double-click on an alarm goes nowhere and asks nothing.
    await user().dblClick(row('Norte'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectSelectedStoreId(store.getState())).toBe(3);
    await user().click(within(row('Ulises')).getByRole('button', { name: 'Inventory' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/inventories/UNGROUPED/sections/12');
  });

  it('an event of an expired library explains that the library cannot be selected, and changes nothing', async () => {
    const { store } = setup({ norteExpires: '2020-01-31' });
    await screen.findByText('Norte');
    await user().click(within(row('Norte')).getByRole('button', { name: 'Alarms' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Library Expired').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Norte expired on 2020-01-31 and cannot be selected, so this event cannot be opened.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    await user().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(selectSelectedStoreId(store.getState())).toBe(3);
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
