import { loginRequest, updateSettings } from '../authSlice';
import { STORAGE_KEYS } from '../storage';
import { settle, setup } from '../testUtils';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

async function signedIn(routes = {}) {
  const ctx = setup(routes);
  ctx.store.dispatch(loginRequest({ userName: 'ana', password: 'x' }));
  await settle();
  return ctx;
}

describe('updateSettings', () => {
  it('merges into the settings, PUTs them and keeps the saved copy', async () => {
    const { store, seen } = await signedIn({
      'PUT /api/users/7/settings': () => ({ status: 200, data: { selectedStoreId: 4, dashboardItems: { main: ['totalIn'] }, visibleColumns: {} } }),
    });
    store.dispatch(updateSettings({ dashboardItems: { main: ['totalIn'] } }));
    expect(store.getState().auth.settings.dashboardItems).toEqual({ main: ['totalIn'] });
    await settle();
    const put = seen.filter((r) => r.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ url: '/api/users/7/settings', data: { settings: { selectedStoreId: 4, dashboardItems: { main: ['totalIn'] } } } });
    expect(store.getState().auth.settings).toEqual({ selectedStoreId: 4, dashboardItems: { main: ['totalIn'] }, visibleColumns: {} });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) as string).dashboardItems).toEqual({ main: ['totalIn'] });
  });

  it('only logs a failure: the session and the chosen settings stay', async () => {
    const logged = expectConsoleError('[session] saving settings failed');
    const { store } = await signedIn({ 'PUT /api/users/7/settings': () => ({ status: 500, data: { code: 'INTERNAL_SERVER_ERROR' } }) });
    store.dispatch(updateSettings({ selectedStoreId: 3 }));
    await settle();
    expect(store.getState().auth).toMatchObject({ token: 'tok-7', error: null });
    expect(store.getState().auth.settings.selectedStoreId).toBe(3);
    expect(logged.calls).toEqual([['[session] saving settings failed', expect.anything()]]);
  });

  it('does nothing when signed out', async () => {
    const { store, seen } = setup();
    store.dispatch(updateSettings({ selectedStoreId: 3 }));
    await settle();
    expect(seen).toHaveLength(0);
  });
});
