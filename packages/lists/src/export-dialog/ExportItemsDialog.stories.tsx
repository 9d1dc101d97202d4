import type { Meta, StoryObj } from '@storybook/react';
import { fn } from '@storybook/test';
import { ExportItemsDialog } from './ExportItemsDialog';

const URL = '/api/stores/1/catalogues/7/export';
const format = (fileType: string, separator = 'comma') => ({
  fileType,
  firstRowHeader: true,
  dateFormat: 'YYYY-MM-DD',
  codePrefix: '',
  codeSuffix: '',
  separator,
  otherSeparator: ';;',
});
const api = (fileType: string, separator?: string, exportReply: unknown = { data: new Blob(['code\nB1\n'], { type: 'text/csv' }) }) => ({
  'GET /api/format': { data: format(fileType, separator) },
  'PUT /api/format': (body: unknown) => ({ data: body }),
  [`POST ${URL}`]: exportReply,
});

const meta = {
  title: 'Lists/ExportItemsDialog',
  component: ExportItemsDialog,
  args: {
    open: true,
    url: URL,
    order: ['code', 'asc'],
    searchTexts: {},
    defaultFileName: 'fiction',
    onFinish: fn(),
    columns: [
      { dataIndex: 'code', title: 'Barcode' },
      { dataIndex: 'objectId', title: 'RFID' },
      { dataIndex: 'field1', title: 'Title' },
      { dataIndex: 'field2', title: 'Author' },
      { dataIndex: ['catalogue', 'name'], title: 'Catalogue' },
    ],
  },
  parameters: { api: api('csv') },
} satisfies Meta<typeof ExportItemsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** csv: separator options; every column selected (3 tags shown). */
export const Csv: Story = {};
/** The 'other' separator shows its text. */
export const OtherSeparator: Story = { parameters: { api: api('txt', 'other') } };
/** xlsx: no separator options. */
export const Excel: Story = { parameters: { api: api('xlsx') } };
/** The export takes a while: OK stays loading. */
export const Exporting: Story = { parameters: { api: api('csv', 'comma', 'pending') } };
/** Too many rows for Excel: 'The number of rows exceeds the maximum allowed for Excel exports'. */
export const TooManyRowsForExcel: Story = {
  parameters: { api: api('xlsx', 'comma', { status: 400, data: new Blob([JSON.stringify({ code: 'MAX_XLS_ROWS_EXCEEDED' })], { type: 'application/json' }) }) },
};
/** Any other failure: 'An error occurred while exporting items'. */
export const ExportFails: Story = { parameters: { api: api('csv', 'comma', { status: 500, data: new Blob(['oops']) }) } };
