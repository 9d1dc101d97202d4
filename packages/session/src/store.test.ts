import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { put, takeEvery } from 'redux-saga/effects';
import { api } from '@portal/api';
import { loginRequest, logout } from './authSlice';
import { STORAGE_KEYS } from './storage';
import { settle, setup } from './testUtils';

const items = createSlice({
  name: 'items',
  initialState: { count: 0, echoed: 0 },
  reducers: {
    add: (state, action: PayloadAction<number>) => {
      state.count += action.payload;
    },
    echoed: (state) => {
      state.echoed += 1;
    },
  },
});

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the one store', () => {
  it('injectReducer adds a namespaced slice that logout resets', () => {
    const { store, injectReducer } = setup();
    injectReducer('items', items.reducer);
    store.dispatch(items.actions.add(2));
    expect((store.getState() as unknown as { items: { count: number } }).items.count).toBe(2);
    store.dispatch(logout());
    expect((store.getState() as unknown as { items: { count: number } }).items.count).toBe(0);
  });

  it('refuses to replace a core slice', () => {
    const { injectReducer } = setup();
    expect(() => injectReducer('auth', items.reducer)).toThrow('reserved');
  });

  it('injectSaga runs a remote saga once per key, under the root saga', () => {
    const { store, injectReducer, injectSaga } = setup();
    injectReducer('items', items.reducer);
    const saga = function* () {
      yield takeEvery(items.actions.add.type, function* () {
        yield put(items.actions.echoed());
      });
    };
    injectSaga('items', saga);
    injectSaga('items', saga);
    store.dispatch(items.actions.add(1));
    expect((store.getState() as unknown as { items: { echoed: number } }).items.echoed).toBe(1);
  });

  it('takes a renewed token from an answer (own password change) into the session and its saved copy', async () => {
    const { store } = setup({ 'PUT /api/users/7': () => ({ status: 200, data: { tid: 7 }, headers: { 'x-access-token': 'tok-8' } }) });
    store.dispatch(loginRequest({ userName: 'ana', password: 'x' }));
    await settle();
    await api.put('/api/users/7', { password: 'new-password', currentPassword: 'x' });
    await settle();
    expect(store.getState().auth.token).toBe('tok-8');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) as string).token).toBe('tok-8');
  });

  it('a crashing injected saga does not stop the session sagas', async () => {
    const logged = expectConsoleError('[session] saga "broken" stopped');
    const { store, injectSaga } = setup();
    injectSaga('broken', function* () {
      yield put({ type: 'x' });
      throw new Error('bug in a remote');
    });
    store.dispatch(loginRequest({ userName: 'ana', password: 'x' }));
    await settle();
    expect(store.getState().auth.token).toBe('tok-7');
    expect(logged.calls).toEqual([['[session] saga "broken" stopped', expect.any(Error)]]);
  });
});
