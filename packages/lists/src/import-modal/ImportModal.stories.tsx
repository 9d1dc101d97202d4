import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { ImportModal } from './ImportModal';

const TEMP = '0123456789abcdef0123456789abcdef.xlsx';
const SHEETS = [
  {
    name: 'Fiction',
    data: [
      ['code', 'title', 'author'],
      ['B001', 'Don Quijote', 'Cervantes'],
      ['B002', 'La plaça del Diamant', 'Rodoreda'],
    ],
    totalItems: 2,
    hasHeader: true,
  },
  {
    name: 'Poetry',
    data: [
      ['Barcode', 'Title'],
      ['P001', 'Wiersze'],
      ['P002', 'Odes'],
    ],
    totalItems: 2,
    hasHeader: true,
  },
];
const FORMAT = { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' };
const api = (upload: unknown = { data: { file: TEMP, name: 'books.xlsx', size: 2048, format: 'xlsx' } }, read: unknown = { data: SHEETS }) => ({
  'POST /api/misc/upload': upload,
  'POST /api/misc/readFile': read,
  'POST /api/misc/deleteFile': { data: {} },
  'GET /api/format': { data: FORMAT },
});

/** Drops a file on the drop area, as a user would. */
const dropFile = async (name = 'books.xlsx') => {
  const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, new File(['data'], name));
};

const meta = {
  title: 'Lists/ImportModal',
  component: ImportModal,
  args: { open: true, onImport: fn(async () => ({ numItems: 2, numItemsInserted: 2 })), onClose: fn() },
  parameters: { api: api() },
} satisfies Meta<typeof ImportModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No file yet: the drop area; Import is disabled. */
export const NoFile: Story = {};

/** Uploading: the progress bar. */
export const Uploading: Story = { parameters: { api: api('pending') }, play: () => dropFile() };

/** The upload failed: 'ErrorUploadingFileMessage' with the file name and Try Again. */
export const UploadFailed: Story = { parameters: { api: api({ status: 500, data: { code: 'UPLOAD_FAILED' } }) }, play: () => dropFile() };

/** Read: sheet selector, All Sheets / Current Sheet (Excel), column mapping (code detected from the header). */
export const FileRead: Story = { play: () => dropFile() };

/** Multiple mode (one new list per sheet): no sheet choice. */
export const MultipleMode: Story = { args: { multiple: true }, play: () => dropFile() };

/** The file could not be read: the message in the drop area with Try Again. */
export const ReadFailed: Story = { parameters: { api: api(undefined, { status: 400, data: { code: 'UNREADABLE_FILE' } }) }, play: () => dropFile() };

/** Imported: 'imported of total'. */
export const Result: Story = {
  play: async () => {
    await dropFile();
    const importButton = within(document.body).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(importButton).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(importButton);
  },
};

/** The import failed: the message with Try Again. */
export const ImportFailed: Story = {
  args: {
    onImport: fn(async () => {
      throw { status: 400, code: 'IMPORT_FAILED' };
    }),
  },
  play: Result.play,
};
