import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  catalogueExists,
  checkSyncURL,
  createCatalogue,
  deleteCatalogues,
  deleteFile,
  getCatalogueNumItems,
  getCatalogues,
  getFormat,
  getNumCatalogueItems,
  readFile,
  uploadFile,
  type Catalogue,
} from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { CataloguesPage } from './CataloguesPage';
import { Probe, storeWithLibrary } from './testing';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getCatalogues: jest.fn(),
  getNumCatalogueItems: jest.fn(),
  getCatalogueNumItems: jest.fn(),
  catalogueExists: jest.fn(),
  checkSyncURL: jest.fn(),
  createCatalogue: jest.fn(),
  updateCatalogue: jest.fn(),
  deleteCatalogues: jest.fn(),
  uploadFile: jest.fn(),
  readFile: jest.fn(),
  deleteFile: jest.fn(),
  getFormat: jest.fn(),
}));
jest.setTimeout(60000);

const CATALOGUES: Catalogue[] = [
  { tid: 5, name: 'Fiction', syncURL: 'https://opac.example.org/fiction.csv', autoSync: true, lastSync: '2024-05-06T07:08:09Z' },
  { tid: 6, name: 'History', syncURL: null, autoSync: false, lastSync: null },
];
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function setup(store = storeWithLibrary()) {
  return renderWithPortal(
    <Routes>
      <Route path="/catalogues" element={<CataloguesPage title="Catalogues" />} />
      <Route path="/catalogues/:catalogueId" element={<Probe />} />
    </Routes>,
    { store, path: '/catalogues' },
  );
}
const row = (name: string) => screen.getByText(name).closest('.ant-table-row') as HTMLElement;

beforeEach(() => {
  jest.mocked(getCatalogues).mockResolvedValue({ items: CATALOGUES, total: 2 });
  jest.mocked(getNumCatalogueItems).mockResolvedValue({ numItems: 30, numItemsDistinct: 25 });
  jest.mocked(getCatalogueNumItems).mockResolvedValue(0);
  jest.mocked(catalogueExists).mockResolvedValue({ exists: false });
  jest.mocked(checkSyncURL).mockResolvedValue({ valid: true });
});
afterEach(() => jest.resetAllMocks());

describe('CataloguesPage', () => {
  it('lists the catalogues of the selected library with Name, Sync URL, Auto Sync, Last Sync and Num Items', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let count: (n: number) => void = () => {};
    // Fiction's count comes later; History's fails (a dash, not a spinner for ever).
    jest.mocked(getCatalogueNumItems).mockImplementation((_s, id) =>
      id === 5
        ? new Promise((resolve) => {
            count = resolve;
          })
        : Promise.reject(new Error('count failed')),
    );
    setup();
    await screen.findByText('Fiction');
    expect(getCatalogues).toHaveBeenCalledWith(3, { searchTexts: {}, order: null, offset: 0, limit: 25, count: 'skip' });
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Name', 'Sync URL', 'Auto Sync', 'Last Sync', 'Num Items']);
    expect(within(row('Fiction')).getByRole('link', { name: 'https://opac.example.org/fiction.csv' })).toBeInTheDocument();
    expect(within(row('Fiction')).getByText('Yes')).toBeInTheDocument();
    expect(within(row('History')).queryByText('No')).not.toBeInTheDocument(); // no sync URL, no Auto Sync value
    expect(within(row('Fiction')).getByText(/^2024-05-06 \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(await within(row('History')).findByText('–')).toBeInTheDocument();
    expect(within(row('Fiction')).getByRole('status', { name: 'Counting…' })).toBeInTheDocument();
    count(12);
    expect(await within(row('Fiction')).findByText('12')).toBeInTheDocument();
    expect(screen.getByText('Items: 30 · Distinct: 25')).toBeInTheDocument();
  });

  it('opens a catalogue on double click', async () => {
    setup();
    fireEvent.doubleClick(await screen.findByText('History'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/catalogues/6');
  });

  it("says 'No Library Selected' without a selected library", async () => {
    setup(storeWithLibrary(null));
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    expect(getCatalogues).not.toHaveBeenCalled();
  });

  it('checks the name 300 ms after typing and refuses a taken one', async () => {
    jest.mocked(catalogueExists).mockImplementation(async (_storeId, { name }) => ({ exists: name === 'Fiction' }));
    setup();
    await screen.findByText('Fiction');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(await within(dialog).findByRole('textbox', { name: 'Name' }), 'Fiction');
    expect(await within(dialog).findByText('Name already exists')).toBeInTheDocument();
    // Typing seven letters asked the server once, about the whole name.
    expect(catalogueExists).toHaveBeenCalledTimes(1);
    expect(catalogueExists).toHaveBeenCalledWith(3, { catalogueId: null, name: 'Fiction' });
  });

  it("refuses a sync URL the server finds invalid with 'Invalid URL'", async () => {
    jest.mocked(checkSyncURL).mockResolvedValue({ valid: false });
    setup();
    await screen.findByText('Fiction');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(await within(dialog).findByRole('textbox', { name: 'Sync URL' }), 'ftp://x');
    expect(await within(dialog).findByText('Invalid URL')).toBeInTheDocument();
    expect(checkSyncURL).toHaveBeenCalledWith('ftp://x');
  });

  it('adds a catalogue and reloads the list', async () => {
    jest.mocked(createCatalogue).mockResolvedValue({ tid: 9, name: 'Poetry', syncURL: null, autoSync: false, lastSync: null });
    setup();
    await screen.findByText('Fiction');
    await user().click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await user().type(await within(dialog).findByRole('textbox', { name: 'Name' }), ' Poetry ');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createCatalogue).toHaveBeenCalledWith(3, { name: 'Poetry', syncURL: null, autoSync: false }));
    await waitFor(() => expect(getCatalogues).toHaveBeenCalledTimes(2));
  });

  it('deletes the selected catalogues after confirmation', async () => {
    jest.mocked(deleteCatalogues).mockResolvedValue({ ids: [5] });
    setup();
    await screen.findByText('Fiction');
    await user().click(within(row('Fiction')).getByRole('checkbox'));
    await user().click(screen.getByRole('button', { name: /Delete selected/ }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteCatalogues).toHaveBeenCalledWith(3, [5]));
  });

  it("Import into new catalogues offers and maps the library's own field names", async () => {
    jest.mocked(getFormat).mockResolvedValue({
      fileType: 'csv',
      firstRowHeader: true,
      dateFormat: 'YYYY-MM-DD',
      codePrefix: '',
      codeSuffix: '',
      separator: 'comma',
      otherSeparator: '',
    });
    jest.mocked(uploadFile).mockResolvedValue({ file: '0123456789abcdef0123456789abcdef.csv', name: 'export.csv', size: 10, format: 'csv' });
    // A file exported from the portal: its headers are the library's names (library(): Barcode, Title, Author).
    jest.mocked(readFile).mockResolvedValue([
      {
        name: 'Fondo',
        data: [
          ['Barcode', 'Title', 'Author'],
          ['B1', 'Rayuela', 'Cortázar'],
        ],
        totalItems: 1,
        hasHeader: true,
        encoding: 'utf-8',
        separator: 'comma',
      },
    ]);
    jest.mocked(deleteFile).mockResolvedValue(undefined);
    setup();
    await user().click(await screen.findByRole('button', { name: /Import/ }));
    fireEvent.change((await screen.findByText(/Click or drag a file/)).closest('.ant-modal')!.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'export.csv')] },
    });
    const column = async (n: number) =>
      within(await screen.findByRole('combobox', { name: `Field of column ${n}` }).then((c) => c.closest('.ant-select') as HTMLElement));
    expect((await column(1)).getByTitle('Barcode')).toBeInTheDocument();
    expect((await column(2)).getByTitle('Title')).toBeInTheDocument();
    expect((await column(3)).getByTitle('Author')).toBeInTheDocument();
  });
});
