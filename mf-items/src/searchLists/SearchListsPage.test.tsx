/** The search-list screens over the real @portal/api calls, answered by a fake HTTP layer (URLs and bodies checked). */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeServer, type FakeReply, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { Probe, storeWithLibrary } from '../catalogues/testing';
import { SearchListItemsPage, SearchListsPage } from '.';

jest.setTimeout(60000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const LISTS = [
  { tid: 7, name: 'Missing books', syncURL: 'https://opac.example.org/missing.csv', autoSync: true, lastSync: '2024-05-06T07:08:09Z' },
  { tid: 8, name: 'Stolen', syncURL: null, autoSync: false, lastSync: null },
];
const ITEM = { tid: 1, code: 'B001', objectId: null, field1: 'Dune', field2: null, field3: 'Herbert', field4: null, field5: null, field6: null };

function answer(req: SeenRequest): FakeReply {
  const path = req.url.split('?')[0];
  if (req.method === 'GET' && path === '/api/stores/3/searchLists') return { status: 200, data: { items: LISTS, total: 2 } };
  if (path === '/api/stores/3/searchLists/numSearchListItems') return { status: 200, data: { numItems: 40, numItemsDistinct: 33 } };
  if (path === '/api/stores/3/searchLists/7/items') return { status: 200, data: { items: [ITEM], total: 12 } };
  if (path === '/api/stores/3/searchLists/8/items') return { status: 200, data: { items: [], total: 0 } };
  if (path === '/api/stores/3/searchLists/7') return { status: 200, data: LISTS[0] };
  if (path === '/api/stores/3/searchLists/8') return { status: 200, data: LISTS[1] };
  if (path === '/api/stores/3/searchLists/exists') return { status: 200, data: { exists: (req.data as { name: string }).name === 'Stolen' } };
  if (req.method === 'POST' && path === '/api/stores/3/searchLists')
    return { status: 200, data: { tid: 9, name: 'New', syncURL: null, autoSync: false, lastSync: null } };
  return { status: 404, data: { code: 'NOT_FOUND' } };
}

function setup(path: string, store = storeWithLibrary()) {
  const requests = fakeServer(answer);
  renderWithPortal(
    <Routes>
      <Route path="/searchLists" element={<SearchListsPage title="Search lists" />} />
      <Route
        path="/searchLists/:searchListId"
        element={
          <>
            <SearchListItemsPage title="Search list items" />
            <Probe />
          </>
        }
      />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { store, path },
  );
  return requests;
}
const row = (name: string) => screen.getByText(name).closest('.ant-table-row') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe('SearchListsPage', () => {
  it('lists the search lists with their columns, per-row counts, the totals and the import warning; double click opens one', async () => {
    const requests = setup('/searchLists');
    await screen.findByText('Missing books');
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Name', 'Sync URL', 'Auto Sync', 'Last Sync', 'Num Items']);
    expect(within(row('Missing books')).getByRole('link', { name: 'https://opac.example.org/missing.csv' })).toBeInTheDocument();
    expect(within(row('Missing books')).getByText('Yes')).toBeInTheDocument();
    expect(within(row('Stolen')).queryByText('No')).not.toBeInTheDocument();
    expect(within(row('Missing books')).getByText(/^2024-05-06 \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(await within(row('Missing books')).findByText('12')).toBeInTheDocument();
    expect(await screen.findByText('Items: 40 · Distinct: 33')).toBeInTheDocument();
    expect(screen.getByText(/one new search list per sheet/)).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/api/stores/3/searchLists/7/items'))).toBe(true);
    fireEvent.doubleClick(screen.getByText('Stolen'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/searchLists/8');
  });

  it("says 'No Library Selected' and calls nothing without a library", async () => {
    const requests = setup('/searchLists', storeWithLibrary(null));
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('refuses a name another search list has, asking the search-list exists call', async () => {
    const requests = setup('/searchLists');
    await screen.findByText('Missing books');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New search list')).toBeInTheDocument();
    await user().type(await within(dialog).findByRole('textbox', { name: 'Name' }), 'Stolen');
    expect(await within(dialog).findByText('Name already exists')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/stores/3/searchLists/exists')?.data).toEqual({ searchListId: null, name: 'Stolen' });
  });
});

describe('SearchListItemsPage', () => {
  it("shows the list's items under the library's labels and goes back to /searchLists", async () => {
    setup('/searchLists/7');
    expect(await screen.findByText('Dune')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Missing books' })).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Barcode', 'Title', 'Author']);
    await user().click(screen.getByRole('button', { name: 'More actions' }));
    const entries = (await screen.findAllByRole('menuitem')).map((e) => e.textContent);
    expect(entries).toEqual([
      'Add All Items To',
      'Add Selected Items To',
      'Sync Items',
      'Export Items',
      'Select Fields',
      'Delete All',
      'Refresh',
      'Reset All Filters',
    ]);
    await user().keyboard('{Escape}');
    await user().click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Search lists' })).toBeInTheDocument();
  });
});
