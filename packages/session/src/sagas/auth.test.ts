import { avatarChanged, loginRequest, logout, ownUserSaved, restoreSession, type AuthState } from '../authSlice';
import { initialAuthState } from '../authSlice';
import { initialStoresState } from '../storesSlice';
import { STORAGE_KEYS } from '../storage';
import { settle, setup, signInResponse } from '../testUtils';

const NOW = new Date('2030-05-06T10:00:00Z').getTime();

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ now: NOW, doNotFake: ['queueMicrotask', 'nextTick'] });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const stored = (key: string) => JSON.parse(localStorage.getItem(key) as string) as Record<string, unknown>;
const credentials = { userName: 'ana', password: 'secret' };

describe('login', () => {
  it('on success stores the session, saves it to localStorage, sets the expiry and fetches the stores', async () => {
    const { store, calls, seen } = setup();
    store.dispatch(loginRequest(credentials));
    expect(store.getState().auth.loading).toBe(true);
    await settle();

    const auth = store.getState().auth;
    expect(auth).toMatchObject({ token: 'tok-7', userId: 7, loading: false, error: null, expiresAt: NOW + 3600_000 });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/signin', data: credentials });
    expect(stored(STORAGE_KEYS.session)).toMatchObject({ token: 'tok-7', userId: 7, expiresAt: NOW + 3600_000 });
    expect(stored(STORAGE_KEYS.settings)).toEqual({ selectedStoreId: 4, dashboardItems: {}, visibleColumns: {} });
    expect(calls()).toEqual(expect.arrayContaining(['GET /api/stores?offset=0&limit=1000', 'GET /api/stores?mode=tree']));
    expect(store.getState().stores.stores.map((s) => s.tid)).toEqual([3, 4]);
    // Later calls carry the new token.
    expect(seen[1].headers.get('x-access-token')).toBe('tok-7');
  });

  it('the own full name saved in the profile shows at once and survives a reload (saved copy updated)', async () => {
    const { store } = setup();
    store.dispatch(loginRequest(credentials));
    await settle();
    store.dispatch(ownUserSaved({ fullName: 'Ana María García' }));
    await settle();
    expect(store.getState().auth.userFullName).toBe('Ana María García');
    expect(stored(STORAGE_KEYS.session)).toMatchObject({ token: 'tok-7', userFullName: 'Ana María García' });
  });

  it('the avatar URL of the sign-in, then of the profile, survives a reload', async () => {
    const { store } = setup({ 'POST /api/auth/signin': () => ({ status: 200, data: signInResponse({ avatarUrl: '/api/users/7/avatar?v=1' }) }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    const reloaded = setup();
    reloaded.store.dispatch(restoreSession());
    await settle();
    expect(reloaded.store.getState().auth).toMatchObject({ token: 'tok-7', avatarUrl: '/api/users/7/avatar?v=1' });
    store.dispatch(avatarChanged(null));
    await settle();
    expect(stored(STORAGE_KEYS.session)).toMatchObject({ token: 'tok-7', avatarUrl: null });
  });

  it('on failure stores the normalised error code and turns loading off', async () => {
    const { store } = setup({ 'POST /api/auth/signin': () => ({ status: 401, data: { code: 'INVALID_PASSWORD' } }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    expect(store.getState().auth).toMatchObject({ token: null, loading: false, error: 'INVALID_PASSWORD' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('a network failure or a 5xx records no code (the unknown-error message); a 4xx without a code INTERNAL_SERVER_ERROR', async () => {
    const net = setup({ 'POST /api/auth/signin': () => ({ networkError: true }) });
    net.store.dispatch(loginRequest(credentials));
    await settle();
    expect(net.store.getState().auth.error).toBe('');
    const failing = setup({ 'POST /api/auth/signin': () => ({ status: 503, data: { code: 'SERVICE_UNAVAILABLE' } }) });
    failing.store.dispatch(loginRequest(credentials));
    await settle();
    expect(failing.store.getState().auth.error).toBe('');
    const bare = setup({ 'POST /api/auth/signin': () => ({ status: 400, data: { message: 'x' } }) });
    bare.store.dispatch(loginRequest(credentials));
    await settle();
    expect(bare.store.getState().auth.error).toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('logout', () => {
  it('resets everything and clears the stored session', async () => {
    const { store } = setup();
    store.dispatch(loginRequest(credentials));
    await settle();
    store.dispatch(logout());
    expect(store.getState().auth).toEqual(initialAuthState);
    expect(store.getState().stores).toEqual(initialStoresState);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBeNull();
  });

  it('happens when a call made with the session answers 401', async () => {
    expectConsoleError('[session] fetching stores failed');
    const { store } = setup({ 'GET /api/stores?mode=tree': () => ({ status: 401, data: { code: 'TOKEN_EXPIRED' } }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    expect(store.getState().auth.token).toBeNull();
  });
});

describe('automatic logout when the expiry passes', () => {
  it('keeps the session until expiresIn seconds have passed, then logs out', async () => {
    const { store } = setup({ 'POST /api/auth/signin': () => ({ status: 200, data: signInResponse({ expiresIn: 60 }) }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    jest.advanceTimersByTime(59_000);
    await settle();
    expect(store.getState().auth.token).toBe('tok-7');
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('waits longer than setTimeout can in one step (a 30-day token is not logged out at once)', async () => {
    const days30 = 30 * 24 * 3600;
    const { store } = setup({ 'POST /api/auth/signin': () => ({ status: 200, data: signInResponse({ expiresIn: days30 }) }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    jest.advanceTimersByTime(25 * 24 * 3600_000);
    await settle();
    expect(store.getState().auth.token).toBe('tok-7');
    jest.advanceTimersByTime(5 * 24 * 3600_000);
    await settle();
    expect(store.getState().auth.token).toBeNull();
  });

  it('a manual logout stops the timer: a later login is not cut short by the old expiry', async () => {
    let expiresIn = 60;
    const { store } = setup({ 'POST /api/auth/signin': () => ({ status: 200, data: signInResponse({ expiresIn }) }) });
    store.dispatch(loginRequest(credentials));
    await settle();
    store.dispatch(logout());
    expiresIn = 3600;
    jest.advanceTimersByTime(30_000);
    store.dispatch(loginRequest(credentials));
    await settle();
    jest.advanceTimersByTime(40_000);
    await settle();
    expect(store.getState().auth.token).toBe('tok-7');
  });
});

function saveStoredSession(expiresAt: number, settings = '{"selectedStoreId":4,"dashboardItems":{},"visibleColumns":{}}') {
  localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({
      token: 'tok-old',
      userId: 7,
      userFullName: 'Ana García',
      userFlavor: 'LIBTECS',
      userToken: 'pub-7',
      role: 'user',
      permissions: ['manager'],
      storeIds: [3, 4],
      expiresAt,
    }),
  );
  localStorage.setItem(STORAGE_KEYS.settings, settings);
}

describe('restoreSession at start', () => {
  it('restores a saved session whose expiry is in the future, and fetches the stores', async () => {
    saveStoredSession(NOW + 10_000);
    const { store, calls } = setup();
    store.dispatch(restoreSession());
    // Synchronous: the shell's first render already sees the session (no flash of the login page).
    expect(store.getState().auth).toMatchObject({ token: 'tok-old', userId: 7, expiresAt: NOW + 10_000 });
    await settle();
    expect(store.getState().auth.settings.selectedStoreId).toBe(4);
    expect(calls()).toContain('GET /api/stores?mode=tree');
    // …and still ends it when that expiry passes.
    jest.advanceTimersByTime(10_000);
    await settle();
    expect(store.getState().auth.token).toBeNull();
  });

  it('logs out when the saved expiry is past', async () => {
    saveStoredSession(NOW - 1);
    const { store, calls } = setup();
    store.dispatch(restoreSession());
    await settle();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('logs out when nothing (or garbage) is saved', async () => {
    const { store } = setup();
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    store.dispatch(restoreSession());
    await settle();
    expect(store.getState().auth).toEqual(initialAuthState);
  });

  it('treats stored settings that are not valid JSON as empty', async () => {
    saveStoredSession(NOW + 10_000, '{selectedStoreId: 4');
    const { store } = setup();
    store.dispatch(restoreSession());
    await settle();
    const auth: AuthState = store.getState().auth;
    expect(auth.token).toBe('tok-old');
    expect(auth.settings).toEqual({ selectedStoreId: null, dashboardItems: {}, visibleColumns: {} });
  });
});

describe('restoring the previously selected library at login', () => {
  const remember = (userId: number, selectedStoreId: number) => localStorage.setItem(STORAGE_KEYS.selectedStore, JSON.stringify({ userId, selectedStoreId }));

  it('PUTs the remembered store id when the same user holds it', async () => {
    remember(7, 3);
    const { store, seen } = setup();
    store.dispatch(loginRequest(credentials));
    await settle();
    const put = seen.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/users/7/settings' });
    expect((put?.data as { settings: { selectedStoreId: number } }).settings.selectedStoreId).toBe(3);
    expect(put?.headers.get('x-access-token')).toBe('tok-7');
    expect(store.getState().auth.settings.selectedStoreId).toBe(3);
    expect(stored(STORAGE_KEYS.settings).selectedStoreId).toBe(3);
  });

  it('does nothing for another user or a store the user no longer holds', async () => {
    remember(8, 3);
    const other = setup();
    other.store.dispatch(loginRequest(credentials));
    await settle();
    expect(other.calls().some((c) => c.startsWith('PUT'))).toBe(false);
    expect(other.store.getState().auth.settings.selectedStoreId).toBe(4);

    remember(7, 99);
    const foreign = setup();
    foreign.store.dispatch(loginRequest(credentials));
    await settle();
    expect(foreign.calls().some((c) => c.startsWith('PUT'))).toBe(false);
  });

  it('remembers the selection across logout for the next login', async () => {
    const { store } = setup();
    store.dispatch(loginRequest(credentials));
    await settle();
    store.dispatch(logout());
    expect(stored(STORAGE_KEYS.selectedStore)).toEqual({ userId: 7, selectedStoreId: 4 });
  });
});
