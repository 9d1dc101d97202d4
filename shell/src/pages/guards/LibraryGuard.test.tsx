import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@portal/i18n';
import { findDialog, library, renderShell } from '../../layout/testing/renderShell';
import { LibraryExpired } from './LibraryExpired';
import { NoLibrarySelected } from './NoLibrarySelected';
import '../../locales';

jest.setTimeout(20_000);

beforeAll(async () => { await setLanguage('en-GB'); });
beforeEach(() => localStorage.clear());

const VALID = library(3, 'Biblioteca Tres');
const EXPIRED = library(4, 'Biblioteca Cuatro', '2000-01-01');

describe('guard screens on their own', () => {
  it("'No Library Selected' offers 'Select Library'", async () => {
    const onSelectLibrary = jest.fn();
    render(<NoLibrarySelected onSelectLibrary={onSelectLibrary} />);
    expect(screen.getByText('No Library Selected')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Library' }));
    expect(onSelectLibrary).toHaveBeenCalledTimes(1);
  });

  it("'Library Expired' offers 'Select Another Library'", async () => {
    const onSelectLibrary = jest.fn();
    render(<LibraryExpired libraryName="Biblioteca Cuatro" onSelectLibrary={onSelectLibrary} />);
    expect(screen.getByText('Library Expired')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Another Library' }));
    expect(onSelectLibrary).toHaveBeenCalledTimes(1);
  });
});

describe('the Items routes require a selected library', () => {
  it("shows 'No Library Selected' when the selected store is not among the stores, and hides the remote", async () => {
    await renderShell({ user: 'librarian', path: '/inventories', stores: [VALID], selectedStoreId: 99 });
    expect(screen.getByText('No Library Selected', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.getByTestId('portal-content')).not.toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Library' }));
    expect(await findDialog('Change Library')).toBeInTheDocument();
  });

  it("shows 'Library Expired' when the selected store's expirationDate is past", async () => {
    await renderShell({ user: 'librarian', path: '/searchLists/8', stores: [VALID, EXPIRED], selectedStoreId: 4 });
    expect(screen.getByText('Library Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Another Library' })).toBeInTheDocument();
    expect(screen.getByTestId('portal-content')).not.toBeVisible();
  });

  it('shows the remote when a valid library is selected', async () => {
    await renderShell({ user: 'librarian', path: '/catalogues', stores: [VALID, EXPIRED], selectedStoreId: 3 });
    expect(screen.queryByText('No Library Selected', { selector: '.ant-result-title' })).not.toBeInTheDocument();
    expect(screen.queryByText('Library Expired')).not.toBeInTheDocument();
    expect(screen.getByTestId('portal-content')).toBeVisible();
  });

  it('does not guard sections outside Items', async () => {
    await renderShell({ user: 'librarian', path: '/dashboard', stores: [VALID], selectedStoreId: null });
    expect(screen.queryByText('No Library Selected')).not.toBeInTheDocument();
    expect(screen.getByTestId('portal-content')).toBeVisible();
  });
});
