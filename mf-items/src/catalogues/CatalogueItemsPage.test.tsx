import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  addItemsTo,
  catalogueItemExists,
  createCatalogueItem,
  getCatalogue,
  getCatalogueItems,
  getListPage,
  listEntryExists,
  syncCatalogue,
  type CatalogueItem,
} from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { CatalogueItemsPage } from './CatalogueItemsPage';
import { library, Probe, storeWithLibrary } from './testing';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getCatalogue: jest.fn(),
  getCatalogueItems: jest.fn(),
  syncCatalogue: jest.fn(),
  catalogueItemExists: jest.fn(),
  createCatalogueItem: jest.fn(),
  getListPage: jest.fn(),
  listEntryExists: jest.fn(),
  addItemsTo: jest.fn(),
  createListEntry: jest.fn(),
}));
jest.setTimeout(60000);

const ITEM: CatalogueItem = {
  tid: 1,
  code: 'B001',
  objectId: 'OBJ1',
  field1: 'Dune',
  field2: 'x',
  field3: 'Herbert',
  field4: null,
  field5: null,
  field6: null,
};
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function setup(store = storeWithLibrary()) {
  return renderWithPortal(
    <Routes>
      <Route path="/catalogues/:catalogueId" element={<CatalogueItemsPage title="Catalogue items" />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { store, path: '/catalogues/5' },
  );
}
const openMenu = async () => user().click(screen.getByRole('button', { name: 'More actions' }));

beforeEach(() => {
  jest.mocked(getCatalogue).mockResolvedValue({ tid: 5, name: 'Fiction', syncURL: 'https://opac.example.org/f.csv', autoSync: false, lastSync: null });
  jest.mocked(getCatalogueItems).mockResolvedValue({ items: [ITEM], total: 1 });
});
afterEach(() => jest.resetAllMocks());

describe('CatalogueItemsPage', () => {
  it("shows the catalogue's items under the library's labels, only the non-empty ones", async () => {
    setup();
    expect(await screen.findByText('Dune')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fiction' })).toBeInTheDocument();
    expect(getCatalogueItems).toHaveBeenCalledWith(3, 5, expect.objectContaining({ offset: 0, limit: 25 }));
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Barcode', 'Title', 'Author']);
  });

  it('adds the object-id column when the library labels it', async () => {
    setup(storeWithLibrary(library({ fieldObjectId: 'RFID', field1: '', field3: '' })));
    await screen.findByText('B001');
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Barcode', 'RFID']);
  });

  it('goes back to /catalogues', async () => {
    setup();
    await screen.findByText('Dune');
    await user().click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/catalogues$/);
  });

  it('has a Compare menu entry to /catalogues/{catalogueId}/compare', async () => {
    setup();
    await screen.findByText('Dune');
    await openMenu();
    const entries = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(entries).toEqual([
      'Compare',
      'Add All Items To',
      'Add Selected Items To',
      'Sync Items',
      'Export Items',
      'Select Fields',
      'Delete All',
      'Refresh',
      'Reset All Filters',
    ]);
    await user().click(screen.getByRole('menuitem', { name: /Compare/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/catalogues/5/compare');
  });

  it('syncs with the sync URL of the catalogue', async () => {
    jest.mocked(syncCatalogue).mockResolvedValue({ numItems: 10, numItemsInserted: 3 });
    setup();
    await screen.findByText('Dune');
    await openMenu();
    await user().click(await screen.findByRole('menuitem', { name: 'Sync Items' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('https://opac.example.org/f.csv')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await within(dialog).findByText('3 of 10 items synchronised')).toBeInTheDocument();
    expect(syncCatalogue).toHaveBeenCalledWith(3, 5);
  });

  it('adds the selected items to another catalogue from this one', async () => {
    jest.mocked(getListPage).mockResolvedValue({ items: [{ tid: 8, name: 'Summer' }], total: 1 });
    jest.mocked(listEntryExists).mockResolvedValue({ exists: false });
    jest.mocked(addItemsTo).mockResolvedValue({ numItems: 1, numItemsInserted: 1 });
    setup();
    await screen.findByText('Dune');
    await user().click(within(screen.getByText('Dune').closest('.ant-table-row') as HTMLElement).getByRole('checkbox'));
    await openMenu();
    await user().click(await screen.findByRole('menuitem', { name: 'Add Selected Items To' }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('radio', { name: 'Existing' }));
    await user().click(within(dialog).getByRole('combobox', { name: 'Catalogue' }));
    await user().click(await screen.findByTitle('Summer'));
    await user().click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(addItemsTo).toHaveBeenCalledWith('/api/stores/3/catalogues/8', 'catalogue', {
        parentId: 5,
        compareId: undefined,
        itemIds: [1],
        searchTexts: {},
      }),
    );
  });

  it('needs a code or an object id when the library has an object-id column, and checks the pair', async () => {
    expectConsoleError('Form not saved');
    jest.mocked(catalogueItemExists).mockResolvedValue({ exists: true });
    setup(storeWithLibrary(library({ fieldObjectId: 'RFID' })));
    await screen.findByText('Dune');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('Enter a code or an object ID')).length).toBeGreaterThan(0);
    await user().type(await within(dialog).findByRole('textbox', { name: 'RFID' }), 'OBJ1');
    expect(await within(dialog).findByText('An item with this code and object ID already exists')).toBeInTheDocument();
    expect(catalogueItemExists).toHaveBeenLastCalledWith(3, 5, { catalogueItemId: null, code: null, objectId: 'OBJ1' });
    expect(createCatalogueItem).not.toHaveBeenCalled();
  });

  it('names the code the ID modification script stores when that one is taken', async () => {
    jest
      .mocked(catalogueItemExists)
      .mockImplementation(async (_s, _c, body) => ({ exists: body.code === 'LIB-H1-0001', code: body.code?.replace(/^LIB-/, '') ?? null }));
    setup();
    await screen.findByText('Dune');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(within(dialog).getByRole('textbox', { name: 'Barcode' }), 'LIB-H1-0001');
    expect(await within(dialog).findByText('An item with this code and object ID already exists: the code is stored as H1-0001')).toBeInTheDocument();
    expect(catalogueItemExists).toHaveBeenLastCalledWith(3, 5, { catalogueItemId: null, code: 'LIB-H1-0001', objectId: null });
  });

  it('a save that conflicts says which stored code is taken instead of failing bare', async () => {
    expectConsoleError('Item not saved');
    jest.mocked(catalogueItemExists).mockResolvedValue({ exists: false, code: 'H1-0001' });
    jest.mocked(createCatalogueItem).mockRejectedValue({
      response: { status: 409, data: { code: 'AlreadyExists', message: 'AlreadyExists', details: { code: 'H1-0001', objectId: null } } },
    });
    setup();
    await screen.findByText('Dune');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(within(dialog).getByRole('textbox', { name: 'Barcode' }), 'LIB-H1-0001');
    await waitFor(() => expect(catalogueItemExists).toHaveBeenCalled());
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An item with this code and object ID already exists: the code is stored as H1-0001')).toBeInTheDocument();
    expect(createCatalogueItem).toHaveBeenCalledWith(3, 5, { code: 'LIB-H1-0001', field1: null, field3: null });
  });
});
