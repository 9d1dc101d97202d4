import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { changeLibraryRequested, selectChangeLibraryOpen } from '@portal/session';
import { findDialog, library, renderShell } from '../testing/renderShell';

jest.setTimeout(30_000);

beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => localStorage.clear());

const STORES = [
  library(3, 'Biblioteca Tres', '2099-12-31', 'Norte'),
  library(4, 'Biblioteca Cuatro', '2000-01-01', 'Sur'),
  library(5, 'Biblioteca Cinco', '2099-12-31', 'Este'),
];

const rowOf = (dialog: HTMLElement, name: string) => within(dialog).getByText(name, { exact: false }).closest('tr') as HTMLElement;
const radioOf = (row: HTMLElement) => row.querySelector('input[type="radio"]') as HTMLInputElement;

async function openChangeLibrary(): Promise<HTMLElement> {
  fireEvent.click(screen.getByText('Biblioteca Tres').closest('button') as HTMLElement);
  fireEvent.click(await screen.findByText('Change Library'));
  return findDialog('Change Library');
}

describe('Change Library', () => {
  it('shows the library dropdown only in the items sections', async () => {
    const { unmount } = await renderShell({ user: 'librarian', path: '/dashboard', stores: STORES, selectedStoreId: 3 });
    expect(screen.queryByText('Biblioteca Tres')).not.toBeInTheDocument();
    unmount();
    await renderShell({ user: 'librarian', path: '/catalogues', stores: STORES, selectedStoreId: 3 });
    expect(screen.getByText('Biblioteca Tres')).toBeInTheDocument();
  });

  it('opens when any React root dispatches changeLibraryRequested (the guard screens of the remotes do)', async () => {
    const { store } = await renderShell({ user: 'librarian', path: '/dashboard', stores: STORES, selectedStoreId: 4 });
    expect(screen.queryByText('Change Library', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
    act(() => {
      store.dispatch(changeLibraryRequested());
    });
    const dialog = await findDialog('Change Library');
    expect(within(dialog).getByText('Biblioteca Cinco')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByText('Cancel').closest('button') as HTMLElement);
    expect(selectChangeLibraryOpen(store.getState())).toBe(false);
    await waitFor(() => expect(screen.queryByText('Biblioteca Cinco')).not.toBeInTheDocument());
  });

  it('lists Area, Province, City and Name; expired libraries are styled and cannot be selected', async () => {
    await renderShell({ user: 'librarian', path: '/inventories', stores: STORES, selectedStoreId: 3 });
    const dialog = await openChangeLibrary();
    const headers = within(dialog)
      .getAllByRole('columnheader', { hidden: true })
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Area', 'Province', 'City', 'Name']));

    const expired = rowOf(dialog, 'Biblioteca Cuatro');
    expect(expired).toHaveClass('portal-library-expired');
    expect(radioOf(expired)).toBeDisabled();
    fireEvent.click(expired);
    expect(radioOf(expired)).not.toBeChecked();
    expect(radioOf(rowOf(dialog, 'Biblioteca Tres'))).toBeChecked(); // the library in use stays chosen
    expect(rowOf(dialog, 'Biblioteca Cinco')).not.toHaveClass('portal-library-expired');
  });

  it('OK saves selectedStoreId in the user settings and goes to the section root', async () => {
    const { store, requests } = await renderShell({ user: 'librarian', path: '/inventories/12/sections', stores: STORES, selectedStoreId: 3 });
    const dialog = await openChangeLibrary();
    fireEvent.click(radioOf(rowOf(dialog, 'Biblioteca Cinco')));
    fireEvent.click(within(dialog).getByText('OK').closest('button') as HTMLElement);

    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/users/7/settings');
    expect(put?.data).toMatchObject({ settings: { selectedStoreId: 5 } });
    expect(store.getState().auth.settings.selectedStoreId).toBe(5);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/inventories$/);
  });
});
