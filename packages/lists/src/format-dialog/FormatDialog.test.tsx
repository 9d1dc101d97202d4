import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getFormat, putFormat, type ExportFormat } from '@portal/api';
import { renderWithPortal } from '../testing/render';
import { FormatButton } from './FormatButton';
import { FormatDialog } from './FormatDialog';

jest.mock('@portal/api', () => ({ ...jest.requireActual('@portal/api'), getFormat: jest.fn(), putFormat: jest.fn() }));
jest.setTimeout(60000);

const SAVED = {
  fileType: 'txt',
  firstRowHeader: false,
  dateFormat: 'DD/MM/YYYY',
  codePrefix: 'P',
  codeSuffix: '',
  separator: 'other',
} as ExportFormat;
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

beforeEach(() => {
  jest.mocked(getFormat).mockResolvedValue(SAVED);
  jest.mocked(putFormat).mockImplementation(async (f) => f as ExportFormat);
});
afterEach(() => jest.resetAllMocks());

describe('FormatDialog', () => {
  it('opens titled Format with the saved format and saves it (an absent other separator as empty text)', async () => {
    const onClose = jest.fn();
    renderWithPortal(<FormatDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Format')).toBeInTheDocument();
    expect(await within(dialog).findByRole('textbox', { name: 'Date format' })).toHaveValue('DD/MM/YYYY');
    expect(within(dialog).getByRole('textbox', { name: 'Other separator' })).toHaveValue('');
    await user().type(within(dialog).getByRole('textbox', { name: 'Other separator' }), '|');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putFormat).toHaveBeenCalledWith({ ...SAVED, otherSeparator: '|' }));
    expect(onClose).toHaveBeenCalledWith({ ...SAVED, otherSeparator: '|' });
  });

  it('requires the date format', async () => {
    expectConsoleError('Form not saved');
    renderWithPortal(<FormatDialog open onClose={jest.fn()} />);
    const input = await screen.findByRole('textbox', { name: 'Date format' });
    await user().clear(input);
    await user().type(input, '  ');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date format is required')).toBeInTheDocument();
    expect(putFormat).not.toHaveBeenCalled();
  });
});

describe('FormatButton', () => {
  it('is an orange outlined button with the IfYouDontSeeItemsMessage tooltip that opens the Format dialog', async () => {
    renderWithPortal(<FormatButton />);
    const button = screen.getByRole('button', { name: /Admin Format/ });
    expect(button).toHaveClass('ant-btn-color-orange', 'ant-btn-variant-outlined');
    await user().hover(button);
    expect(await screen.findByText("If you don't see the items as expected in the exported file, review the export format")).toBeInTheDocument();
    await user().click(button);
    expect(await screen.findByRole('textbox', { name: 'Date format' })).toBeInTheDocument();
  });
});
