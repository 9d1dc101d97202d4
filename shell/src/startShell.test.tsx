import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { setLanguage } from '@portal/i18n';
import { createPortalStore, EMPTY_SETTINGS, loginSuccess, sessionRestored, type SessionData } from '@portal/session';
import { forgetDeploySettings, loadDeploySettings } from '@portal/session';
import { AUTOFILL_ANIMATION, startShell, type SignedInModule } from './startShell';

const session: SessionData = {
  token: 'tok-1',
  userId: 7,
  userFullName: 'Ana García',
  userFlavor: 'LIBTECS',
  userToken: 'pub-7',
  role: 'admin',
  permissions: [],
  storeIds: [],
  expiresAt: Date.now() + 3_600_000,
  settings: EMPTY_SETTINGS,
};

/** The signed-in chunk as a deferred promise, so each test decides when it arrives. */
function signedInChunk() {
  const startRemotes = jest.fn();
  let resolve: (module: SignedInModule) => void = () => undefined;
  const loadSignedIn = jest.fn(
    () =>
      new Promise<SignedInModule>((done) => {
        resolve = done;
      }),
  );
  const arrive = () =>
    act(async () => {
      resolve({ SignedInRoot: () => <p>signed-in shell</p>, startRemotes });
    });
  return { loadSignedIn, startRemotes, arrive };
}

let root: Root;
let seen: SeenRequest[];
beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => {
  forgetDeploySettings();
  seen = fakeServer(() => ({ status: 200, data: { productName: 'Biblio Portal', supportEmail: null, newsUrl: null } }));
  const element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('shell start (the login page loads no antd)', () => {
  it('signed out: shows the login page at /auth/login and loads the signed-in shell only when the user starts typing', async () => {
    window.history.replaceState(null, '', '/inventories/3');
    const { store } = createPortalStore();
    const chunk = signedInChunk();
    const prefetchLanding = jest.fn();
    const prefetchPage = jest.fn();
    act(() => startShell({ root, store, loadSignedIn: chunk.loadSignedIn, prefetchLanding, prefetchPage }));
    expect(window.location.pathname).toBe('/auth/login');
    expect(screen.getByLabelText('User name')).toHaveAttribute('id', 'login_userName');
    expect(chunk.loadSignedIn).not.toHaveBeenCalled();
    expect(prefetchLanding).not.toHaveBeenCalled();

    screen.getByLabelText('User name').dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
    screen.getByLabelText('User name').dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'b' }));
    expect(chunk.loadSignedIn).toHaveBeenCalledTimes(1);
    expect(prefetchLanding).toHaveBeenCalledTimes(1); // beside the signed-in shell: the landing page's data calls
    await chunk.arrive();
    expect(chunk.startRemotes).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('User name')).toBeInTheDocument(); // still signed out: the form stays, with what was typed

    const entries = window.history.length;
    act(() => {
      store.dispatch(loginSuccess(session));
    });
    // At once, replacing the login's entry: the dashboard's remote starts loading while the shell renders.
    expect(window.location.pathname).toBe('/dashboard');
    expect(window.history.length).toBe(entries);
    expect(await screen.findByText('signed-in shell')).toBeInTheDocument();
    expect(chunk.loadSignedIn).toHaveBeenCalledTimes(1);
    expect(prefetchPage).not.toHaveBeenCalled(); // signing in prefetches the landing page instead
  });

  it('a form the browser’s password manager fills (its autofill animation) loads the signed-in shell as typing would', async () => {
    window.history.replaceState(null, '', '/auth/login');
    const { store } = createPortalStore();
    const chunk = signedInChunk();
    const prefetchLanding = jest.fn();
    act(() => startShell({ root, store, loadSignedIn: chunk.loadSignedIn, prefetchLanding }));
    const animation = (name: string) => Object.assign(new Event('animationstart', { bubbles: true }), { animationName: name });
    screen.getByLabelText('Password').dispatchEvent(animation('portal-login-spin')); // any other animation: nothing
    expect(chunk.loadSignedIn).not.toHaveBeenCalled();
    screen.getByLabelText('User name').dispatchEvent(animation(AUTOFILL_ANIMATION));
    screen.getByLabelText('Password').dispatchEvent(animation(AUTOFILL_ANIMATION));
    expect(chunk.loadSignedIn).toHaveBeenCalledTimes(1);
    expect(prefetchLanding).toHaveBeenCalledTimes(1);
    await chunk.arrive();
    expect(chunk.startRemotes).toHaveBeenCalledTimes(1);
  });

  it('reads the deploy-time settings while the login page shows: the signed-in shell does not wait for them', async () => {
    window.history.replaceState(null, '', '/auth/login');
    const { store } = createPortalStore();
    act(() => startShell({ root, store, loadSignedIn: signedInChunk().loadSignedIn }));
    await waitFor(() => expect(seen.map((request) => request.url)).toEqual(['/portal-config.json']));
    await expect(loadDeploySettings()).resolves.toMatchObject({ productName: 'Biblio Portal' });
    expect(seen).toHaveLength(1); // the header's later read takes the same answer
  });

  it('signing in before the user typed loads the signed-in shell then', async () => {
    window.history.replaceState(null, '', '/auth/login');
    const { store } = createPortalStore();
    const chunk = signedInChunk();
    act(() => startShell({ root, store, loadSignedIn: chunk.loadSignedIn }));
    act(() => {
      store.dispatch(loginSuccess(session));
    });
    expect(chunk.loadSignedIn).toHaveBeenCalledTimes(1);
    await chunk.arrive();
    await waitFor(() => expect(screen.getByText('signed-in shell')).toBeInTheDocument());
    expect(chunk.startRemotes).toHaveBeenCalledTimes(1);
  });

  it('a restored session goes straight to the signed-in shell, keeping the deep link', async () => {
    window.history.replaceState(null, '', '/inventories/3');
    const { store } = createPortalStore();
    store.dispatch(sessionRestored(session));
    const chunk = signedInChunk();
    const prefetchPage = jest.fn();
    act(() => startShell({ root, store, loadSignedIn: chunk.loadSignedIn, prefetchPage }));
    expect(prefetchPage).toHaveBeenCalledWith('/inventories/3'); // beside the signed-in shell's chunk
    expect(screen.queryByLabelText('User name')).not.toBeInTheDocument();
    expect(seen).toHaveLength(0); // the signed-in header reads the settings itself
    await chunk.arrive();
    expect(screen.getByText('signed-in shell')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/inventories/3');
  });
});
