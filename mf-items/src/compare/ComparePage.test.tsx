import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getAllInventorySections, getCatalogue, getCompare, getCompareCount, getInventoryGroups, type CompareItem } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { library, Probe, storeWithLibrary } from '../catalogues/testing';
import { ComparePage } from './ComparePage';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getCatalogue: jest.fn(),
  getCompare: jest.fn(),
  getCompareCount: jest.fn(),
  getInventoryGroups: jest.fn(),
  getAllInventorySections: jest.fn(),
}));
jest.setTimeout(60000);

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const item = (over: Partial<CompareItem>): CompareItem => ({
  tid: 1,
  code: null,
  objectId: null,
  field1: null,
  field2: null,
  field3: null,
  field4: null,
  field5: null,
  field6: null,
  ...over,
});
const MISSING = [item({ tid: 1, code: 'A5', field1: 'Dune' })];
const EXCEEDED = [
  item({ tid: 9, code: 'K1', date: '2026-11-20 10:00:05', inventoryId: 40, inventoryComment: 'Planta 0', catalogueId: 8, catalogueName: 'Infantil' }),
  item({ tid: 10, code: 'Z9', date: '2026-11-20 10:01:00', inventoryId: 40, inventoryComment: 'Planta 0', catalogueId: null, catalogueName: null }),
];

function setup() {
  return renderWithPortal(
    <Routes>
      <Route path="/catalogues/:catalogueId/compare" element={<ComparePage title="Compare" />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { store: storeWithLibrary(library({ fieldObjectId: 'RFID' })), path: '/catalogues/5/compare' },
  );
}

beforeEach(() => {
  jest.mocked(getCatalogue).mockResolvedValue({ tid: 5, name: 'Fondo', syncURL: null, autoSync: false, lastSync: null });
  jest.mocked(getInventoryGroups).mockResolvedValue({
    items: [
      {
        tid: 'UNGROUPED',
        name: 'UNGROUPED',
        catalogueId: null,
        catalogue: null,
        catalogueName: null,
        numInventories: 0,
        numItems: 0,
        numItemsDistinct: 0,
        createdAt: null,
      },
      {
        tid: 12,
        name: 'Inventario 2026',
        catalogueId: 5,
        catalogue: { tid: 5, name: 'Fondo' },
        catalogueName: 'Fondo',
        numInventories: 1,
        numItems: 3,
        numItemsDistinct: 3,
        createdAt: '2026-11-01T08:00:00Z',
      },
    ],
    total: 2,
  });
  jest.mocked(getAllInventorySections).mockResolvedValue({ items: [{ tid: 40, comment: 'Planta 0', date: '2026-11-20 10:00:00', groupId: 12 }], total: 1 });
  jest.mocked(getCompareCount).mockImplementation(async (_s, _c, mode) => (mode === 'MISSING' ? 1 : 2));
  jest.mocked(getCompare).mockImplementation(async (_s, _c, mode) => (mode === 'MISSING' ? { items: MISSING, total: 1 } : { items: EXCEEDED, total: 2 }));
});
afterEach(() => jest.resetAllMocks());

describe('ComparePage', () => {
  it('starts on Missing against every inventory, with both counts, and no row actions', async () => {
    setup();
    expect(await screen.findByText('Dune')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Compare Fondo' })).toBeInTheDocument();
    expect(getCompare).toHaveBeenCalledWith(3, 5, 'MISSING', { kind: 'ALL_GROUPS' }, expect.objectContaining({ offset: 0, limit: 25 }));
    await waitFor(() => expect(screen.getByTestId('compare-missing')).toHaveTextContent('Missing (1)'));
    expect(screen.getByTestId('compare-exceeded')).toHaveTextContent('Exceeded (2)');
    // Asked once each, with the list's first page.
    expect(getCompareCount).toHaveBeenCalledTimes(2);
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Barcode', 'RFID', 'Title', 'Author']);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('switches to Exceeded: date, section and a link to the catalogue where the item was found', async () => {
    setup();
    await screen.findByText('Dune');
    await user().click(screen.getByTestId('compare-exceeded'));
    expect(await screen.findByText('K1')).toBeInTheDocument();
    expect(getCompare).toHaveBeenLastCalledWith(3, 5, 'EXCEEDED', { kind: 'ALL_GROUPS' }, expect.objectContaining({ offset: 0 }));
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Barcode', 'RFID', 'Title', 'Author', 'Date', 'Section', 'Found in']);
    expect(screen.getByText('2026/11/20 10:00:05')).toBeInTheDocument();
    expect(screen.getAllByText('Planta 0')).toHaveLength(2);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    // The list's reload asked both counts once more.
    await waitFor(() => expect(screen.getByTestId('compare-exceeded')).toHaveTextContent('Exceeded (2)'));
    expect(getCompareCount).toHaveBeenCalledTimes(4);
    await user().click(screen.getByRole('link', { name: 'Infantil' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/catalogues/8');
  });

  it('shows a spinner instead of a count until it arrives, a dash when it fails, and goes back to the catalogue', async () => {
    const logged = expectConsoleError('Compare count not loaded');
    let answer: (n: number) => void = () => undefined;
    jest.mocked(getCompareCount).mockImplementation((_s, _c, mode) =>
      mode === 'MISSING'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : Promise.reject(new Error('count failed')),
    );
    setup();
    await screen.findByText('Dune');
    expect(screen.getByTestId('compare-missing').querySelector('.ant-spin')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('compare-exceeded')).toHaveTextContent('Exceeded (–)'));
    expect(screen.getByTestId('compare-exceeded').querySelector('.ant-spin')).toBeNull();
    expect(logged.calls[0][1]).toEqual(new Error('count failed'));
    answer(7);
    await waitFor(() => expect(screen.getByTestId('compare-missing')).toHaveTextContent('Missing (7)'));
    await user().click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/catalogues/5');
  });
});
