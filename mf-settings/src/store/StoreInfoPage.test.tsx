import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { selectChangeLibraryOpen, settingsSaved } from '@portal/session';
import { library, person, signedIn } from '../testing';
import { StoreInfoPage } from './StoreInfoPage';

jest.setTimeout(60_000);
const MANAGER = person(3, 'manager', 'user', ['manager']);

describe('StoreInfoPage', () => {
  it("shows the selected library's information read-only, with its SIP link and an expired mark", () => {
    renderWithPortal(<StoreInfoPage title="Library information" />, {
      store: signedIn(MANAGER, [library(3, 'Central', { expirationDate: '2020-01-01', capacity: 75, managertel: '+34 933 000 101' })]),
      path: '/store',
    });
    const info = within(screen.getByTestId('store-info'));
    for (const text of ['BIB-3', 'Central', 'Europe/Madrid', '75', '08:00', '20:00', 'Barcode', 'Title', 'Expired']) {
      expect(info.getByText(text)).toBeInTheDocument();
    }
    expect(info.getByRole('link', { name: `${window.location.origin}/sipOperations/BIB-3` })).toBeInTheDocument();
    // The phone number is isolated left to right, so Arabic does not reorder its groups.
    expect(info.getByText('+34 933 000 101')).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("without a selected library says 'No Library Selected' and asks the shell for Change Library", async () => {
    const portal = signedIn(MANAGER, [library(5, 'Cinco')]);
    portal.dispatch(settingsSaved({ selectedStoreId: null, dashboardItems: {}, visibleColumns: {} }));
    const { store } = renderWithPortal(<StoreInfoPage title="Library information" />, { store: portal, path: '/store' });
    expect(await screen.findByText('No Library Selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select Library' }));
    expect(selectChangeLibraryOpen(store.getState())).toBe(true);
  });

  it('with no library at all there is nothing to select: a manager is told to ask an administrator', () => {
    renderWithPortal(<StoreInfoPage title="Library information" />, { store: signedIn(MANAGER, []), path: '/store' });
    expect(screen.getByText(/Ask an administrator to add one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Library' })).not.toBeInTheDocument();
  });
});
