import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { additionalOperationExists, createAdditionalOperation, updateAdditionalOperation, type AdditionalOperation } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import '../inventories/i18n';
import { OperationForm } from './OperationForm';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  additionalOperationExists: jest.fn(),
  createAdditionalOperation: jest.fn(),
  updateAdditionalOperation: jest.fn(),
}));
jest.setTimeout(60000);

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const OPERATION: AdditionalOperation = {
  tid: 7,
  name: 'Notificar',
  url: 'https://sigb.example.org/notify',
  method: 'PUT',
  attachData: true,
  params: { apiKey: 'k1' },
  groupId: 12,
};

function setup(operation: AdditionalOperation | null = null) {
  const onClose = jest.fn();
  renderWithPortal(<OperationForm open storeId={3} groupId={12} operation={operation} onClose={onClose} />);
  return onClose;
}

beforeEach(() => {
  jest.mocked(additionalOperationExists).mockResolvedValue({ exists: false });
});
afterEach(() => jest.resetAllMocks());

describe('OperationForm', () => {
  it('requires name and url, sends POST by default with the params rows, and offers JSON import and export', async () => {
    expectConsoleError('Form not saved'); // the empty form's refused submission is logged
    jest.mocked(createAdditionalOperation).mockImplementation(async (_s, _g, body) => ({ ...OPERATION, ...body, tid: 8 }) as AdditionalOperation);
    const onClose = setup();
    expect(await screen.findByRole('button', { name: /Import/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('URL is required')).toBeInTheDocument();
    expect(createAdditionalOperation).not.toHaveBeenCalled();

    await user().type(screen.getByLabelText('Name'), ' Anular reservas ');
    await user().type(screen.getByLabelText('URL'), 'https://sigb.example.org/holds');
    await user().click(screen.getByRole('button', { name: /Add row/ }));
    await user().type(screen.getByLabelText('Key of row 1'), 'formato');
    await user().type(screen.getByLabelText('Value of row 1'), 'json');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createAdditionalOperation).toHaveBeenCalledWith(3, 12, {
        name: 'Anular reservas',
        url: 'https://sigb.example.org/holds',
        method: 'POST',
        attachData: false,
        params: { formato: 'json' },
      }),
    );
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ tid: 8 }));
  });

  it('a save the server refuses keeps every value, the params rows too, and the corrected save sends them', async () => {
    // The refusal is logged by the form and by the save it failed.
    expectConsoleError('Additional operation not saved');
    expectConsoleError('Form not saved');
    jest
      .mocked(createAdditionalOperation)
      .mockRejectedValueOnce(
        Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status: 400, data: { code: 'INVALID_URL', message: 'Invalid URL' } } }),
      )
      .mockImplementation(async (_s, _g, body) => ({ ...OPERATION, ...body, tid: 8 }) as AdditionalOperation);
    const onClose = setup();
    await user().type(screen.getByLabelText('Name'), 'Avisar');
    await user().type(screen.getByLabelText('URL'), 'notaurl');
    await user().click(screen.getByRole('button', { name: /Add row/ }));
    await user().type(screen.getByLabelText('Key of row 1'), 'canal');
    await user().type(screen.getByLabelText('Value of row 1'), 'sms');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByLabelText('Key of row 1')).toHaveValue('canal');
    expect(screen.getByLabelText('Value of row 1')).toHaveValue('sms');
    await user().clear(screen.getByLabelText('URL'));
    await user().type(screen.getByLabelText('URL'), 'https://sigb.example.org/avisar');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createAdditionalOperation).toHaveBeenLastCalledWith(3, 12, {
        name: 'Avisar',
        url: 'https://sigb.example.org/avisar',
        method: 'POST',
        attachData: false,
        params: { canal: 'sms' },
      }),
    );
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ tid: 8 }));
  });

  it('checks the name 300 ms after typing and refuses one the group already has', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    jest.mocked(additionalOperationExists).mockResolvedValue({ exists: true });
    setup(OPERATION);
    await user().clear(screen.getByLabelText('Name'));
    await user().type(screen.getByLabelText('Name'), 'Marcar');
    expect(additionalOperationExists).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    expect(additionalOperationExists).toHaveBeenCalledWith(3, 12, { name: 'Marcar', groupId: 12, additionalOperationId: 7 });
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(updateAdditionalOperation).not.toHaveBeenCalled();
    jest.useRealTimers();
  });

  it('edits an operation with its values filled in and shows the server refusal', async () => {
    expectConsoleError('Additional operation not saved');
    expectConsoleError('Form not saved');
    jest.mocked(updateAdditionalOperation).mockRejectedValue({ isAxiosError: true, response: { status: 400, data: { code: 'INVALID_URL' } } });
    const onClose = setup(OPERATION);
    expect(screen.getByLabelText('Name')).toHaveValue('Notificar');
    expect(screen.getByLabelText('Key of row 1')).toHaveValue('apiKey');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateAdditionalOperation).toHaveBeenCalledWith(3, 12, 7, {
        name: 'Notificar',
        url: 'https://sigb.example.org/notify',
        method: 'PUT',
        attachData: true,
        params: { apiKey: 'k1' },
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
