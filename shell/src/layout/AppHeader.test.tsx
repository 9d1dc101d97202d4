import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { avatarChanged } from '@portal/session';
import { LANGUAGE_STORAGE_KEY, setLanguage } from '@portal/i18n';
import { getBrand, initials } from '@portal/ui';
import { findDialog, renderShell } from './testing/renderShell';

jest.setTimeout(30_000);

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en-GB');
});

const header = () => within(document.querySelector('.ant-layout-header') as HTMLElement);

describe('avatar', () => {
  it('shows the full name and at most two initials, asking for no image, when the user has no avatar', async () => {
    const { requests } = await renderShell({ user: 'admin', path: '/dashboard', fullName: 'María José Pérez Gil' });
    // The header's effects ask their reads in one commit: the avatar would be asked beside the deployed settings.
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/portal-config.json'));
    expect(requests.filter((r) => r.url.includes('avatar'))).toEqual([]);
    expect(header().getByText('María José Pérez Gil')).toBeInTheDocument();
    expect(header().getByText('MJ')).toBeInTheDocument();
    expect(initials('María José Pérez Gil')).toBe('MJ');
    expect(document.querySelector('.ant-layout-header .portal-avatar img')).toBeNull();
  });

  it('shows the avatar image fetched with the session token', async () => {
    const createObjectURL = jest.fn(() => 'blob:avatar-7');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const { requests } = await renderShell({
      user: 'admin',
      path: '/dashboard',
      avatarUrl: '/api/users/7/avatar?v=5',
      server: { 'GET /api/users/7/avatar?v=5': () => ({ status: 200, data: new Blob(['png'], { type: 'image/png' }) }) },
    });
    await waitFor(() => expect(document.querySelector('.ant-layout-header .portal-avatar img')).toHaveAttribute('src', 'blob:avatar-7'));
    expect(requests.find((r) => r.url === '/api/users/7/avatar?v=5')?.headers.get('x-access-token')).toBe('token-admin');
  });

  it('fetches the avatar at once when the profile reports a change (upload, then removal)', async () => {
    let n = 0;
    Object.assign(URL, { createObjectURL: jest.fn(() => `blob:avatar-${++n}`), revokeObjectURL: jest.fn() });
    const png = () => ({ status: 200, data: new Blob(['png'], { type: 'image/png' }) });
    const { store, requests } = await renderShell({
      user: 'admin',
      path: '/dashboard',
      fullName: 'María José Pérez Gil',
      server: { 'GET /api/users/7/avatar?v=1': png, 'GET /api/users/7/avatar?v=2': png },
    });
    await waitFor(() => expect(header().getByText('MJ')).toBeInTheDocument());
    act(() => {
      store.dispatch(avatarChanged('/api/users/7/avatar?v=1'));
    });
    await waitFor(() => expect(document.querySelector('.ant-layout-header .portal-avatar img')).toHaveAttribute('src', 'blob:avatar-1'));
    act(() => {
      store.dispatch(avatarChanged('/api/users/7/avatar?v=2'));
    });
    await waitFor(() => expect(document.querySelector('.ant-layout-header .portal-avatar img')).toHaveAttribute('src', 'blob:avatar-2'));
    act(() => {
      store.dispatch(avatarChanged(null));
    });
    await waitFor(() => expect(document.querySelector('.ant-layout-header .portal-avatar img')).toBeNull());
    expect(header().getByText('MJ')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('avatar')).map((r) => r.url)).toEqual(['/api/users/7/avatar?v=1', '/api/users/7/avatar?v=2']);
  });
});

describe('header', () => {
  it('shows the logo and News link of the user flavour', async () => {
    await renderShell({ user: 'admin', path: '/dashboard' });
    const brand = getBrand('LIBTECS');
    expect(header().getByAltText(brand.name)).toHaveAttribute('src', brand.logo);
    expect(header().getByText('News').closest('a')).toHaveAttribute('href', brand.newsUrl);
  });

  it('gives the {product} flavour the deployed product name and News link (none when not deployed)', async () => {
    const deployed = {
      'GET /portal-config.json': () => ({ status: 200, data: { productName: 'Biblio Red', supportEmail: '', newsUrl: 'https://biblio.es/noticias' } }),
    };
    const first = await renderShell({ user: 'admin', path: '/dashboard', flavor: '{product}', server: deployed });
    expect(await header().findByAltText('Biblio Red')).toBeInTheDocument();
    expect(header().getByText('News').closest('a')).toHaveAttribute('href', 'https://biblio.es/noticias');
    expect(document.title).toBe('Biblio Red');
    first.unmount();
    await renderShell({ user: 'admin', path: '/dashboard', flavor: '{product}' });
    expect(header().getByAltText('Library Portal')).toBeInTheDocument();
    expect(header().queryByText('News')).not.toBeInTheDocument();
  });

  it('switches the language, persists the choice, and turns Arabic right-to-left', async () => {
    await renderShell({ user: 'admin', path: '/dashboard' });
    fireEvent.mouseDown(header().getByRole('combobox', { hidden: true }));
    fireEvent.click(await screen.findByText('Français'));
    await waitFor(() => expect(header().getByText('Actualités')).toBeInTheDocument());
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');

    fireEvent.mouseDown(header().getByRole('combobox', { hidden: true }));
    fireEvent.click(await screen.findByText('العربية'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(header().getByText('الأخبار')).toBeInTheDocument();
    expect(document.querySelector('.ant-layout-sider')?.closest('.ant-layout')).toHaveClass('ant-layout-rtl');
  });
});

describe('header on a phone-wide screen', () => {
  const wide = window.matchMedia;
  // antd's breakpoints: below sm (576 px) only the xs query matches.
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 575.98px') });
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  it("shows the logo's mark and the avatar, the name left to screen readers", async () => {
    await renderShell({ user: 'admin', path: '/dashboard', fullName: 'María José Pérez Gil' });
    const name = await header().findByText('María José Pérez Gil');
    expect(name).toHaveStyle({ position: 'absolute', width: '1px' });
    expect(header().getByRole('button', { name: /María José Pérez Gil/ })).toBeInTheDocument();
    expect(header().getByText('MJ')).toBeInTheDocument();
    expect(header().getByAltText(getBrand('LIBTECS').name)).toHaveStyle({ width: '28px', objectFit: 'cover' });
  });
});

describe('avatar menu', () => {
  async function openAvatarMenu() {
    fireEvent.click(header().getByText('Ana García').closest('button') as HTMLElement);
    await screen.findByText('Logout');
  }

  it('opens Profile and About', async () => {
    await renderShell({ user: 'manager', path: '/dashboard' });
    await openAvatarMenu();
    fireEvent.click(screen.getByText('About'));
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
    await openAvatarMenu();
    fireEvent.click(screen.getByText('Profile'));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('asks before logging out; Cancel keeps the session', async () => {
    const { store } = await renderShell({ user: 'manager', path: '/dashboard' });
    await openAvatarMenu();
    fireEvent.click(screen.getByText('Logout'));
    const dialog = await findDialog('Are you sure you want to logout?');
    expect(dialog).toHaveTextContent('You will be redirected to the login page');
    fireEvent.click(within(dialog).getByText('Cancel').closest('button') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Are you sure you want to logout?')).not.toBeInTheDocument());
    expect(store.getState().auth.token).toBe('token-manager');
  });

  it('logs out on confirmation, tells the server with the session token, and goes to the login page', async () => {
    const { store, requests } = await renderShell({ user: 'manager', path: '/dashboard' });
    await openAvatarMenu();
    fireEvent.click(screen.getByText('Logout'));
    const dialog = await findDialog('Are you sure you want to logout?');
    fireEvent.click(within(dialog).getByText('OK').closest('button') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    const signOut = requests.filter((r) => r.method === 'POST' && r.url === '/api/auth/logout');
    expect(signOut.map((r) => r.headers.get('x-access-token'))).toEqual(['token-manager']);
  });
});
