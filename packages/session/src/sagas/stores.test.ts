import { loginRequest } from '../authSlice';
import { fetchStores } from '../storesSlice';
import { settle, setup, signInResponse, store as makeStore } from '../testUtils';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('fetchStores', () => {
  it("loads the stores and the region tree limited to the user's libraries", async () => {
    const { store } = setup();
    store.dispatch(loginRequest({ userName: 'ana', password: 'x' }));
    await settle();
    const { stores, regions, loading } = store.getState().stores;
    expect(loading).toBe(false);
    expect(stores.map((s) => s.name)).toEqual(['Tres', 'Cuatro']);
    // The user holds 3 and 4: library 5 disappears from area Norte.
    expect(regions.map((r) => [r.title, r.storeIds, r.children?.map((c) => c.title)])).toEqual([
      ['Norte', [3], ['Tres']],
      ['Sur', [4], ['Cuatro']],
    ]);
  });

  it('reads every page of the list', async () => {
    const { store, calls } = setup({
      'POST /api/auth/signin': () => ({ status: 200, data: signInResponse({ storeIds: [3, 4] }) }),
      'GET /api/stores?offset=0&limit=1000': () => ({ status: 200, data: { items: [makeStore(3, 'Tres')], total: 2 } }),
      'GET /api/stores?offset=1&limit=1000': () => ({ status: 200, data: { items: [makeStore(4, 'Cuatro')], total: 2 } }),
    });
    store.dispatch(loginRequest({ userName: 'ana', password: 'x' }));
    await settle();
    expect(store.getState().stores.stores.map((s) => s.tid)).toEqual([3, 4]);
    expect(calls()).toContain('GET /api/stores?offset=1&limit=1000');
  });

  it('start → loading, fail → loading off with the previous stores kept, and only logged', async () => {
    const logged = expectConsoleError('[session] fetching stores failed');
    const { store } = setup({ 'GET /api/stores?mode=tree': () => ({ status: 500, data: {} }) });
    store.dispatch(fetchStores());
    expect(store.getState().stores.loading).toBe(true);
    await settle();
    expect(store.getState().stores).toEqual({ stores: [], regions: [], loading: false });
    expect(logged.calls).toHaveLength(1);
  });
});
