import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportItems, getFormat, putFormat, type ExportFormat } from '@portal/api';
import { renderWithPortal } from '../testing/render';
import { ExportItemsDialog, type ExportItemsDialogProps } from './ExportItemsDialog';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  getFormat: jest.fn(),
  putFormat: jest.fn(),
  exportItems: jest.fn(),
}));
jest.setTimeout(60000);

const SAVED: ExportFormat = {
  fileType: 'csv',
  firstRowHeader: true,
  dateFormat: 'YYYY-MM-DD',
  codePrefix: '',
  codeSuffix: '',
  separator: 'comma',
  otherSeparator: '',
};
const COLUMNS = [
  { dataIndex: 'code', title: 'Code' },
  { dataIndex: 'objectId', title: 'Object ID' },
  { dataIndex: ['catalogue', 'name'], title: 'Catalogue' },
  { dataIndex: 'field1', title: 'Title' },
];

function setup(props: Partial<ExportItemsDialogProps> = {}) {
  const onFinish = jest.fn();
  renderWithPortal(
    <ExportItemsDialog
      open
      url="/api/stores/1/catalogues/2/export"
      columns={COLUMNS}
      order={['code', 'desc']}
      searchTexts={{ code: 'B' }}
      onFinish={onFinish}
      {...props}
    />,
  );
  return { onFinish };
}
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = () => screen.getByRole('dialog');
/** Export, once the saved format is read (the select shows CSV, the default, before it: Export is disabled then). */
async function enabledExport(): Promise<HTMLElement> {
  const button = within(dialog()).getByRole('button', { name: 'Export' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
async function choose(label: string, option: string) {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

beforeEach(() => {
  jest.mocked(getFormat).mockResolvedValue(SAVED);
  jest.mocked(putFormat).mockImplementation(async (f) => ({ ...SAVED, ...f }));
});
afterEach(() => jest.resetAllMocks());

describe('ExportItemsDialog', () => {
  it('is 620 px wide, reads the saved format, selects every column (3 tags shown) and reads Export', async () => {
    setup();
    expect(dialog()).toHaveStyle({ width: '620px' });
    expect(await within(dialog()).findByTitle('CSV (.csv)')).toBeInTheDocument();
    expect(getFormat).toHaveBeenCalled();
    expect(within(dialog()).getAllByText(/^(Code|Object ID|Catalogue)$/, { selector: '.ant-select-selection-item-content' })).toHaveLength(3);
    expect(within(dialog()).getByText('+ 1 ...')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /Admin Format/ })).toBeInTheDocument();
  });

  it('keeps Export disabled until the saved format is read (else it would export the defaults)', async () => {
    let answer: (f: ExportFormat) => void = () => undefined;
    jest.mocked(getFormat).mockReturnValue(
      new Promise<ExportFormat>((resolve) => {
        answer = resolve;
      }),
    );
    setup();
    expect(within(dialog()).getByRole('button', { name: 'Export' })).toBeDisabled();
    answer({ ...SAVED, fileType: 'xlsx' });
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Export' })).toBeEnabled());
    expect(within(dialog()).getByTitle('Excel (.xlsx)')).toBeInTheDocument();
  });

  it('shows separators only for csv and txt, and the other text only for the other separator', async () => {
    setup();
    await within(dialog()).findByTitle('CSV (.csv)');
    expect(within(dialog()).getByRole('combobox', { name: 'Separator' })).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox', { name: 'Other separator' })).not.toBeInTheDocument();
    await choose('Separator', 'Other');
    expect(await within(dialog()).findByRole('textbox', { name: 'Other separator' })).toBeInTheDocument();
    await choose('File type', 'Excel (.xlsx)');
    await waitFor(() => expect(within(dialog()).queryByRole('combobox', { name: 'Separator' })).not.toBeInTheDocument());
    expect(within(dialog()).queryByRole('textbox', { name: 'Other separator' })).not.toBeInTheDocument();
    await choose('File type', 'Text (.txt)');
    expect(await within(dialog()).findByRole('combobox', { name: 'Separator' })).toBeInTheDocument();
  });

  it('saves the format as soon as the file type changes', async () => {
    setup();
    await within(dialog()).findByTitle('CSV (.csv)');
    await choose('File type', 'Excel (.xlsx)');
    expect(putFormat).toHaveBeenCalledWith({ ...SAVED, fileType: 'xlsx' });
  });

  it('exports with the format, the chosen columns, the order and the searches, loading meanwhile, then finishes', async () => {
    let done: () => void = () => {};
    jest.mocked(exportItems).mockReturnValue(
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    const { onFinish } = setup();
    await within(dialog()).findByTitle('CSV (.csv)');
    await user().type(within(dialog()).getByRole('textbox', { name: 'File name' }), 'books');
    await choose('Separator', 'Semicolon');
    await user().click(await enabledExport());
    expect(exportItems).toHaveBeenCalledWith({
      url: '/api/stores/1/catalogues/2/export',
      fileName: 'books',
      format: { ...SAVED, separator: 'semicolon' },
      columns: [
        { id: 'code', title: 'Code' },
        { id: 'objectId', title: 'Object ID' },
        { id: 'catalogue.name', title: 'Catalogue' },
        { id: 'field1', title: 'Title' },
      ],
      order: ['code', 'desc'],
      searchTexts: { code: 'B' },
    });
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: /Export/ })).toHaveClass('ant-btn-loading'));
    expect(onFinish).not.toHaveBeenCalled();
    done();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith('success'));
  });

  it.each([
    ['MAX_XLS_ROWS_EXCEEDED', 'The number of rows exceeds the maximum allowed for Excel exports'],
    ['INTERNAL_SERVER_ERROR', 'An error occurred while exporting items'],
  ])('on %s says "%s" and finishes', async (code, text) => {
    expectConsoleError('Export failed');
    jest.mocked(exportItems).mockRejectedValue({ status: 400, code });
    const { onFinish } = setup();
    await user().click(await enabledExport());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(onFinish).toHaveBeenCalledWith('failure');
  });

  it('finishes on cancel without exporting', async () => {
    const { onFinish } = setup();
    await user().click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onFinish).toHaveBeenCalledWith('cancel');
    expect(exportItems).not.toHaveBeenCalled();
  });

  it('finishes on Escape, although the closed Format dialog inside it is mounted after it', async () => {
    const onFinish = jest.fn();
    const props = { url: '/api/x', columns: COLUMNS, order: null, searchTexts: {}, onFinish };
    const { rerender } = renderWithPortal(<ExportItemsDialog open={false} {...props} />);
    rerender(<ExportItemsDialog open {...props} />);
    await screen.findByRole('textbox', { name: 'File name' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'File name' }), { key: 'Escape' });
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith('cancel'));
  });

  it('an Escape while the Format dialog is open over it closes only Format, even with the focus left on its button', async () => {
    const { onFinish } = setup();
    const formatButton = within(dialog()).getByRole('button', { name: /Admin Format/ });
    await user().click(formatButton);
    await screen.findByRole('textbox', { name: 'Date format' });
    const format = () => screen.queryAllByRole('dialog').find((d) => within(d).queryByText('Format', { selector: '.ant-modal-title' }));
    fireEvent.keyDown(formatButton, { key: 'Escape' });
    await waitFor(() => expect(format()).toBeUndefined());
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.keyDown(formatButton, { key: 'Escape' });
    expect(onFinish).toHaveBeenCalledWith('cancel');
  });
});
