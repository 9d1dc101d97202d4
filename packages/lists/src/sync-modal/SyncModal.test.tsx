import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/render';
import { SyncModal } from './SyncModal';

jest.setTimeout(60000);
const URL = 'https://opac.example.org/lists/42.csv';
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
// The name carries the loading icon's label until antd's button has caught up with its loading prop.
const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name: new RegExp(`(^|loading )${name}$`) });

afterEach(() => jest.restoreAllMocks());

describe('SyncModal', () => {
  it('asks for confirmation showing the sync URL, syncs, then shows synced of total with the buttons disabled', async () => {
    let finish: (r: { numItems: number; numItemsInserted: number }) => void = () => {};
    const onSync = jest.fn(
      () =>
        new Promise<{ numItems: number; numItemsInserted: number }>((resolve) => {
          finish = resolve;
        }),
    );
    const onClose = jest.fn();
    renderWithPortal(<SyncModal open syncUrl={URL} onSync={onSync} onClose={onClose} />);
    expect(screen.getByText(URL)).toBeInTheDocument();
    await user().click(button('Sync'));
    expect(onSync).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Synchronising…')).toBeInTheDocument();
    finish({ numItems: 120, numItemsInserted: 15 });
    expect(await screen.findByText('15 of 120 items synchronised')).toBeInTheDocument();
    await waitFor(() => expect(button('Sync')).not.toHaveClass('ant-btn-loading'));
    expect(button('Sync')).toBeDisabled();
    expect(button('Cancel')).toBeDisabled();
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("shows 'Error Syncing Items' with the message, buttons disabled", async () => {
    expectConsoleError('Sync failed');
    const errors = Array.from({ length: 7 }, (_, i) => ({ row: i + 2, code: 'CODE_REQUIRED', field: 'code' }));
    const onSync = jest.fn().mockRejectedValue({ status: 502, code: 'SYNC_FAILED', details: { errors } });
    const onClose = jest.fn();
    renderWithPortal(<SyncModal open syncUrl={URL} onSync={onSync} onClose={onClose} />);
    await user().click(button('Sync'));
    expect(await screen.findByText('Error Syncing Items')).toBeInTheDocument();
    expect(screen.getByText('Items refused: 7. Nothing was synchronised.')).toBeInTheDocument();
    expect(screen.getByText('Row 2: code required')).toBeInTheDocument();
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
    expect(screen.queryByText('SYNC_FAILED')).not.toBeInTheDocument();
    await waitFor(() => expect(button('Sync')).toBeDisabled());
    expect(button('Cancel')).toBeDisabled();
  });

  it('cancel closes without syncing', async () => {
    const onSync = jest.fn();
    const onClose = jest.fn();
    renderWithPortal(<SyncModal open syncUrl={URL} onSync={onSync} onClose={onClose} />);
    await user().click(button('Cancel'));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(onSync).not.toHaveBeenCalled();
  });
});
