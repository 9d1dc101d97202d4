import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@portal/i18n';
import { loginFailure } from '@portal/session';
import { api } from '@portal/api';
import type { FakeReply } from '@portal/api/src/testing';
import { renderShell } from '../../layout/testing/renderShell';

const SIGN_IN = 'POST /api/auth/signin';

function signInAnswer(status: number, data?: unknown) {
  return { [SIGN_IN]: () => ({ status, data }) };
}

const signedIn = {
  token: 'tok-1',
  userId: 7,
  userFullName: 'Ana García',
  userFlavor: 'LIBTECS',
  userToken: 'pub-7',
  role: 'admin',
  permissions: [],
  settings: {},
  storeIds: [],
  expiresIn: 3600,
};

async function submit(userName = 'ana', password = 'secret') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('User name'), userName);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('Login screen', () => {
  it('disables autofill: username off, password new-password', async () => {
    await renderShell({ path: '/auth/login' });
    expect(screen.getByLabelText('User name')).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByTestId('particle-field')).toBeInTheDocument();
  });

  it('requires the user name and the password', async () => {
    const { requests } = await renderShell({ path: '/auth/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please input your user name!')).toBeInTheDocument();
    expect(screen.getByText('Please input your password!')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password', async () => {
    await renderShell({ path: '/auth/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it.each([
    ['USER_NOT_FOUND', 404, 'User not found'],
    ['INVALID_PASSWORD', 401, 'Invalid password'],
    ['USER_NO_PRIVILEGES', 403, 'You do not have privileges to access this application'],
  ])('shows the %s message in a closable alert', async (code, status, message) => {
    await renderShell({ path: '/auth/login', server: signInAnswer(status, { code }) });
    const user = await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
  });

  it('shows "An unknown error occurred" when the failure has no code', async () => {
    const { store } = await renderShell({ path: '/auth/login' });
    act(() => {
      store.dispatch(loginFailure(''));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred');
  });

  it.each<[string, FakeReply]>([
    ['the server is unreachable', { networkError: true }],
    ['the server answers 500 with a code', { status: 500, data: { code: 'INTERNAL_ERROR', message: 'Internal error' } }],
    ['a proxy answers 502 without a body', { status: 502 }],
  ])('shows "An unknown error occurred" when %s', async (_case, reply) => {
    await renderShell({ path: '/auth/login', server: { [SIGN_IN]: () => reply } });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred');
  });

  it('shows nothing for any other code', async () => {
    const { store } = await renderShell({ path: '/auth/login', server: signInAnswer(400, { code: 'VALIDATION_ERROR' }) });
    await submit();
    await waitFor(() => expect(store.getState().auth.error).toBe('VALIDATION_ERROR'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("tells a locked-out account when it may sign in again (the server's retryAfter)", async () => {
    const retryAfter = 15 * 60;
    await renderShell({ path: '/auth/login', server: signInAnswer(429, { code: 'TOO_MANY_ATTEMPTS', message: 'Too many', details: { retryAfter } }) });
    const before = Date.now();
    await submit();
    const alert = await screen.findByRole('alert');
    // The clock time of now + retryAfter, as the page formats it (the minute may turn during the test).
    const at = (ms: number) => new Date(ms + retryAfter * 1000).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect([`Too many sign-in attempts. Try again at ${at(before)}.`, `Too many sign-in attempts. Try again at ${at(Date.now())}.`]).toContain(
      alert.textContent,
    );
  });

  it('shows the Login button loading while signing in', async () => {
    await renderShell({ path: '/auth/login' });
    api.defaults.adapter = () => new Promise(() => undefined); // the server never answers
    await submit();
    expect(screen.getByRole('button', { name: /Login/ })).toHaveAttribute('aria-busy', 'true');
  });

  it('goes to /dashboard replacing the history entry after a successful login', async () => {
    await renderShell({ path: '/auth/login', server: signInAnswer(200, signedIn) });
    await submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-navigation', 'REPLACE');
  });
});

describe('when logged out', () => {
  it.each(['/dashboard', '/inventories/3', '/about', '/'])('%s redirects to /auth/login', async (path) => {
    await renderShell({ path });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
