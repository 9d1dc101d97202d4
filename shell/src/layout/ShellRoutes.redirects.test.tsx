import { screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { REGISTRY_MENU } from '../menu/registryMenu.fixture';
import { LAST_SECTION_KEY } from '../menu/useLastSection';
import { library, renderShell } from './testing/renderShell';

jest.setTimeout(20_000);

beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => localStorage.clear());

const location = () => screen.getByTestId('location');

describe('unknown paths go to the last selected menu section', () => {
  it('defaults to the dashboard', async () => {
    await renderShell({ user: 'librarian', path: '/no/such/page' });
    expect(location()).toHaveTextContent('/dashboard');
    expect(location()).toHaveAttribute('data-navigation', 'REPLACE');
  });

  it('remembers the section last opened', async () => {
    const first = await renderShell({ user: 'librarian', path: '/catalogues/3/items' });
    expect(localStorage.getItem(LAST_SECTION_KEY)).toBe('/catalogues');
    first.unmount();
    await renderShell({ user: 'librarian', path: '/no/such/page' });
    expect(location()).toHaveTextContent('/catalogues');
  });

  it('falls back to the dashboard when the remembered section is not permitted to this user', async () => {
    localStorage.setItem(LAST_SECTION_KEY, '/inventories');
    await renderShell({ user: 'manager', path: '/nothing' });
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('treats a forbidden path like an unknown one', async () => {
    localStorage.setItem(LAST_SECTION_KEY, '/stores');
    await renderShell({ user: 'librarian', path: '/users' });
    expect(location()).toHaveTextContent('/stores');
  });

  it('keeps permitted sub-routes and registry routes', async () => {
    await renderShell({ user: 'manager', path: '/store' });
    expect(location()).toHaveTextContent('/store');
  });

  it('does not redirect while the registry is still loading', async () => {
    await renderShell({ user: 'librarian', path: '/inventories/5', menuEntries: [], routes: [], ready: false });
    expect(location()).toHaveTextContent('/inventories/5');
  });

  it('goes to the first permitted section when the registry has no dashboard', async () => {
    const withoutDashboard = REGISTRY_MENU.filter((entry) => entry.key !== 'dashboard');
    await renderShell({ user: 'librarian', path: '/nothing', menuEntries: withoutDashboard, routes: [] });
    expect(location()).toHaveTextContent('/itemEvents');
  });

  it('stays put instead of looping when nothing at all is permitted', async () => {
    await renderShell({ user: 'librarian', path: '/dashboard', menuEntries: [], routes: [] });
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('sends a signed-in user from /auth/login to the dashboard', async () => {
    await renderShell({ user: 'admin', path: '/auth/login' });
    expect(location()).toHaveTextContent('/dashboard');
  });
});

describe('shell pages', () => {
  it('renders About itself and hides the remote content area there', async () => {
    await renderShell({ user: 'manager', path: '/about' });
    expect(screen.getByText('Version')).toBeInTheDocument();
    expect(screen.getByTestId('portal-content')).not.toBeVisible();
  });

  it('shows the remote content area on a permitted remote route', async () => {
    await renderShell({ user: 'manager', path: '/dashboard' });
    expect(screen.getByTestId('portal-content')).toBeVisible();
  });

  it('leaves the Items routes to the remote, which shows its own library guard', async () => {
    await renderShell({ user: 'librarian', path: '/searchLists/8', stores: [library(4, 'Biblioteca Cuatro', '2000-01-01')], selectedStoreId: 4 });
    expect(screen.getByTestId('portal-content')).toBeVisible();
    expect(screen.queryByText('Library Expired')).not.toBeInTheDocument();
  });
});
