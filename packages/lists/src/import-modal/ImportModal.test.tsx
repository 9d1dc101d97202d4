import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteFile, getFormat, readFile, uploadFile, type ImportSheet, type UploadedFile } from '@portal/api';
import { renderWithPortal } from '../testing/render';
import { ImportModal, type ImportModalProps } from './ImportModal';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  uploadFile: jest.fn(),
  readFile: jest.fn(),
  deleteFile: jest.fn(),
  getFormat: jest.fn(),
}));
jest.setTimeout(60000);

const TEMP = '0123456789abcdef0123456789abcdef.csv';
const uploaded = (file: string): UploadedFile => ({ file, name: 'books.csv', size: 10, format: file.endsWith('.xlsx') ? 'xlsx' : 'csv' });
const SHEETS: ImportSheet[] = [
  {
    name: 'Sheet1',
    data: [
      ['B001', 'Title A'],
      ['B002', 'Title B'],
    ],
    totalItems: 2,
    hasHeader: false,
    encoding: 'windows-1252',
    separator: 'comma',
  },
];
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function setup(props: Partial<ImportModalProps> = {}) {
  const onImport = jest.fn().mockResolvedValue({ numItems: 9, numItemsInserted: 7 });
  const onClose = jest.fn();
  renderWithPortal(<ImportModal open onImport={onImport} onClose={onClose} {...props} />);
  return { onImport, onClose };
}
const drop = (name = 'books.csv') =>
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File(['x'], name)] } });
const importButton = () => screen.getByRole('button', { name: /^Import$/ });
async function mapFirstColumnTo(field: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Field of column 1' }));
  fireEvent.click(await screen.findByTitle(field));
}

beforeEach(() => {
  jest.mocked(getFormat).mockResolvedValue({
    fileType: 'csv',
    firstRowHeader: false,
    dateFormat: 'YYYY-MM-DD',
    codePrefix: '',
    codeSuffix: '',
    separator: 'comma',
    otherSeparator: '',
  });
  jest.mocked(readFile).mockResolvedValue(SHEETS);
  jest.mocked(deleteFile).mockResolvedValue(undefined);
});
afterEach(() => jest.resetAllMocks());

describe('ImportModal', () => {
  it('is 640 wide, shows upload progress, then previews the file; Import waits for a code or objectId column', async () => {
    let finish: (f: UploadedFile) => void = () => {};
    jest.mocked(uploadFile).mockImplementation((_file, _name, onProgress) => {
      onProgress?.(40);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { onImport } = setup();
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '640px' });
    expect(importButton()).toBeDisabled();
    drop();
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(importButton()).toBeDisabled();
    finish(uploaded(TEMP));
    expect(await screen.findByText('Title A')).toBeInTheDocument();
    // The first read leaves separator and encoding to the server's detection, which the preview shows.
    expect(readFile).toHaveBeenCalledWith(TEMP, { firstRowHeader: false, dateFormat: 'YYYY-MM-DD' });
    expect(screen.getByRole('combobox', { name: 'Encoding' }).closest('.ant-select')).toHaveTextContent('Windows-1252 (Latin-1)');
    // Choosing another separator reads the file again with it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Separator' }));
    fireEvent.click(await screen.findByTitle('Semicolon'));
    await waitFor(() =>
      expect(readFile).toHaveBeenLastCalledWith(TEMP, { firstRowHeader: false, dateFormat: 'YYYY-MM-DD', encoding: 'windows-1252', separator: 'semicolon' }),
    );
    expect(await screen.findByText('Title A')).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
    await mapFirstColumnTo('Field 1');
    expect(importButton()).toBeDisabled();
    await mapFirstColumnTo('Code');
    await waitFor(() => expect(importButton()).toBeEnabled());
    let done: (r: { numItems: number; numItemsInserted: number }) => void = () => {};
    onImport.mockReturnValue(
      new Promise((resolve) => {
        done = resolve;
      }),
    );
    await user().click(importButton());
    expect(onImport).toHaveBeenCalledWith({ fileName: TEMP, fields: [{ code: 0 }], sheetIndex: null });
    // While the server reads the file, Cancel waits (the file is not deleted under it).
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    done({ numItems: 9, numItemsInserted: 7 });
    expect(await screen.findByText('7 of 9 items imported')).toBeInTheDocument();
  });

  it('names the file whose upload failed, and Try Again clears it', async () => {
    expectConsoleError('Upload failed');
    jest.mocked(uploadFile).mockRejectedValue(new Error('Network Error'));
    setup();
    drop('books.csv');
    expect(await screen.findByText('Error uploading the file books.csv')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByText(/Error uploading/)).not.toBeInTheDocument();
    expect(screen.getByText('Click or drag a file to this area to upload it')).toBeInTheDocument();
  });

  it('says why the server refused a file for its limits (zip bomb, row cap)', async () => {
    expectConsoleError('Upload failed');
    expectConsoleError('File could not be read');
    jest.mocked(uploadFile).mockRejectedValue({ status: 413, code: 'ARCHIVE_TOO_LARGE', details: { entry: 'xl/sharedStrings.xml' } });
    setup();
    drop('bomb.xlsx');
    expect(await screen.findByText(/possibly a zip bomb/)).toBeInTheDocument();
    jest.mocked(uploadFile).mockResolvedValue(uploaded(TEMP));
    jest.mocked(readFile).mockRejectedValue({ status: 413, code: 'TOO_MANY_ROWS', details: { limit: 2000000 } });
    await user().click(screen.getByRole('button', { name: 'Try Again' }));
    drop();
    expect(await screen.findByText('The file has more rows than can be imported at once (2000000)')).toBeInTheDocument();
  });

  it('shows an import error with its first refused rows and Try Again; closing after it reloads the list', async () => {
    expectConsoleError('Import failed');
    jest.mocked(uploadFile).mockResolvedValue(uploaded(TEMP));
    const { onImport, onClose } = setup();
    const errors = Array.from({ length: 8 }, (_, i) => ({ sheet: 'Sheet1', row: i + 1, code: 'AtLeastOneCodeMessage' }));
    onImport.mockRejectedValue({ status: 400, code: 'IMPORT_FAILED', details: { errors, errorCount: 8 } });
    drop();
    await screen.findByText('Title A');
    await mapFirstColumnTo('Object ID');
    await user().click(importButton());
    expect(await screen.findByText('Rows refused: 8. Nothing was imported.')).toBeInTheDocument();
    expect(screen.getByText('Sheet1, row 1: code or object ID required')).toBeInTheDocument();
    expect(screen.getByText('and 3 more')).toBeInTheDocument();
    expect(screen.queryByText('IMPORT_FAILED')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Title A')).toBeInTheDocument();
    expect(importButton()).toBeEnabled();
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('Cancel deletes the temporary file', async () => {
    jest.mocked(uploadFile).mockResolvedValue(uploaded(TEMP));
    const { onClose } = setup();
    drop();
    await screen.findByText('Title A');
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleteFile).toHaveBeenCalledWith(TEMP);
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('offers All Sheets or Current Sheet for Excel files, and imports the current sheet by its index', async () => {
    jest.mocked(uploadFile).mockResolvedValue(uploaded('0123456789abcdef0123456789abcdef.xlsx'));
    jest.mocked(readFile).mockResolvedValue([
      { name: 'Fiction', data: [['code'], ['F1']], totalItems: 1, hasHeader: true },
      { name: 'History', data: [['code'], ['H1']], totalItems: 1, hasHeader: true },
    ]);
    const { onImport } = setup();
    drop('lists.xlsx');
    expect(await screen.findByRole('radio', { name: 'All Sheets' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Current Sheet' })).toBeChecked();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sheet' }));
    fireEvent.click(await screen.findByTitle('History'));
    expect(await screen.findByText('H1')).toBeInTheDocument();
    await user().click(importButton());
    expect(onImport).toHaveBeenCalledWith({
      fileName: '0123456789abcdef0123456789abcdef.xlsx',
      fields: [{ code: 0 }, { code: 0 }],
      sheetIndex: 1,
    });
  });

  it('does not offer the sheet choice in multiple mode', async () => {
    jest.mocked(uploadFile).mockResolvedValue(uploaded('0123456789abcdef0123456789abcdef.xlsx'));
    setup({ multiple: true });
    drop('lists.xlsx');
    await screen.findByText('Title A');
    expect(within(screen.getByRole('dialog')).queryByRole('radio', { name: 'All Sheets' })).not.toBeInTheDocument();
  });
});
