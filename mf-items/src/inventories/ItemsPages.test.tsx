import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getAllInventoryItems, getSearchLists, type InventoryItem } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { library, storeWithLibrary } from '../catalogues/testing';
import { AllItemsPage } from './ItemsPages';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getAllInventoryItems: jest.fn(),
  getSearchLists: jest.fn(),
}));
jest.setTimeout(60000);

const scan = (tid: number, code: string, searchList: [number, string] | null): InventoryItem => ({
  tid,
  code,
  objectId: null,
  field1: `Title ${code}`,
  field2: null,
  field3: null,
  field4: null,
  field5: null,
  field6: null,
  date: '2026-11-20 10:30:00',
  inventoryId: 40,
  groupId: 12,
  inventoryComment: 'Planta 0',
  groupName: 'Fondo',
  searchListId: searchList?.[0] ?? null,
  searchListName: searchList?.[1] ?? null,
});
const SCANS = [scan(1, 'C1', [7, 'Wanted']), scan(2, 'C2', null), scan(3, 'C3', [8, 'Novelties'])];
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const header = (title: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.includes(title));

function setup() {
  return renderWithPortal(
    <Routes>
      <Route path="/inventories/items" element={<AllItemsPage title="Items" />} />
    </Routes>,
    { store: storeWithLibrary(library()), path: '/inventories/items' },
  );
}

beforeEach(() => {
  jest.mocked(getSearchLists).mockResolvedValue({
    items: [
      { tid: 8, name: 'Novelties', syncURL: null, autoSync: false, lastSync: null },
      { tid: 7, name: 'Wanted', syncURL: null, autoSync: false, lastSync: null },
    ],
    total: 2,
  });
  jest.mocked(getAllInventoryItems).mockImplementation(async (_storeId, params = {}) => {
    const wanted = params.searchTexts?.searchListId;
    const items = wanted ? SCANS.filter((s) => String(s.searchListId) === wanted) : SCANS;
    return { items, total: items.length };
  });
});
afterEach(() => jest.resetAllMocks());

describe('the scanned items list', () => {
  it("shows the search list flagging each scan and filters by one of the library's search lists", async () => {
    setup();
    await screen.findByText('Title C1');
    expect(header('Search list')).toBeDefined();
    expect(within(screen.getByText('Title C1').closest('.ant-table-row') as HTMLElement).getByText('Wanted')).toBeInTheDocument();
    expect(getSearchLists).toHaveBeenCalledWith(3, expect.objectContaining({ order: ['name', 'asc'] }));

    await user().click(within(header('Search list')!).getByRole('button'));
    const choices = await screen.findByRole('radiogroup', { name: 'Search Search list' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Novelties', 'Wanted']);
    await user().click(within(choices).getByRole('radio', { name: 'Wanted' }));
    await user().click(screen.getByRole('button', { name: /Search$/ }));
    await waitFor(() => expect(getAllInventoryItems).toHaveBeenLastCalledWith(3, expect.objectContaining({ searchTexts: { searchListId: '7' } })));
    await waitFor(() => expect(screen.queryByText('Title C2')).not.toBeInTheDocument());
    expect(screen.getByText('Title C1')).toBeInTheDocument();
    expect(screen.queryByText('Title C3')).not.toBeInTheDocument();
  });
});
