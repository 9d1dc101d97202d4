/** The Item events screen over the real @portal/api calls answered by a fake HTTP layer. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { fetchStoresSuccess, selectSelectedStoreId } from '@portal/session';
import { library, Probe, storeWithLibrary } from '../catalogues/testing';
import { ItemEventsPage } from '.';

jest.setTimeout(60000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const EVENTS = [
  { tid: 1, storeId: 3, storeName: 'Central', code: 'BC001', objectId: null, date: '2026-11-05 10:00:00', type: 'SIP_OPERATION', inventoryId: null, inventoryGroupId: null, details: { title: 'Dune' } },
  { tid: 2, storeId: 4, storeName: 'Norte', code: 'BC001', objectId: null, date: '2026-11-04 10:00:00', type: 'ALARM', inventoryId: null, inventoryGroupId: null, details: { alarmId: 7 } },
];

function setup() {
  const requests = fakeServer((req: SeenRequest) => {
    const path = req.url.split('?')[0];
    if (path === '/api/itemEvents') return { status: 200, data: { items: EVENTS, total: 2 } };
    if (path === '/api/itemEvents/numItemEvents') return { status: 200, data: { numItemEvents: 2 } };
    return { status: 404, data: { code: 'NOT_FOUND' } };
  });
  const store = storeWithLibrary();
  store.dispatch(fetchStoresSuccess({ stores: [library(), library({ tid: 4, code: 'B4', name: 'Norte', storeIds: [4] })], regions: [] }));
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

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('ItemEventsPage', () => {
  it('lists the events with their count and opens one of the selected library directly', async () => {
    setup();
    await screen.findByText('Central');
    expect(await screen.findByText('Events: 2')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent).filter(Boolean);
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
});
