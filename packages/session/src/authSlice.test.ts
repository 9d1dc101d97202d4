import {
  authReducer,
  avatarChanged,
  initialAuthState,
  loginFailure,
  ownUserSaved,
  loginRequest,
  loginSuccess,
  publicTokenChanged,
  settingsSaved,
  updateSettings,
} from './authSlice';
import type { Store } from '@portal/api';
import { retryAtOf, toSessionData } from './sagas/auth';
import { fetchStoresSuccess } from './storesSlice';
import { signInResponse } from './testUtils';

describe('auth reducer', () => {
  it('loginRequest turns loading on and clears the error', () => {
    const state = authReducer({ ...initialAuthState, error: 'INVALID_PASSWORD' }, loginRequest({ userName: 'a', password: 'b' }));
    expect(state).toMatchObject({ loading: true, error: null });
  });

  it('loginFailure stores the error code and turns loading off', () => {
    const state = authReducer({ ...initialAuthState, loading: true }, loginFailure('USER_NOT_FOUND'));
    expect(state).toMatchObject({ loading: false, error: 'USER_NOT_FOUND', token: null });
  });

  it('loginFailure keeps when a locked-out account may try again; the next request clears it', () => {
    const locked = authReducer(initialAuthState, loginFailure('TOO_MANY_ATTEMPTS', 1_900_000));
    expect(locked).toMatchObject({ error: 'TOO_MANY_ATTEMPTS', retryAt: 1_900_000 });
    expect(authReducer(locked, loginRequest({ userName: 'a', password: 'b' }))).toMatchObject({ error: null, retryAt: null });
    expect(retryAtOf({ status: 429, code: 'TOO_MANY_ATTEMPTS', details: { retryAfter: 900 } }, 1_000_000)).toBe(1_900_000);
    expect(retryAtOf({ status: 429, code: 'TOO_MANY_ATTEMPTS', details: 'busy' }, 1_000_000)).toBeNull();
    expect(retryAtOf({ status: 401, code: 'INVALID_PASSWORD', details: { retryAfter: 900 } }, 1_000_000)).toBeNull();
  });

  it('loginSuccess stores the session fields with expiresAt = now + expiresIn seconds', () => {
    const session = toSessionData(signInResponse({ expiresIn: 60 }), 1_000_000);
    const state = authReducer({ ...initialAuthState, loading: true }, loginSuccess(session));
    expect(state).toEqual({
      token: 'tok-7',
      userId: 7,
      userFullName: 'Ana García',
      userFlavor: 'LIBTECS',
      userToken: 'pub-7',
      role: 'user',
      permissions: ['manager', 'inventories'],
      storeIds: [3, 4],
      expiresAt: 1_060_000,
      settings: { selectedStoreId: 4, dashboardItems: {}, visibleColumns: {} },
      error: null,
      retryAt: null,
      loading: false,
      avatarUrl: null,
    });
  });

  it('updateSettings merges at once: selectedStoreId replaces, maps merge per key', () => {
    const start = { ...initialAuthState, settings: { selectedStoreId: 1, dashboardItems: { main: ['a'] }, visibleColumns: { users: ['x'] } } };
    const state = authReducer(start, updateSettings({ dashboardItems: { alarms: ['b'] } }));
    expect(state.settings).toEqual({ selectedStoreId: 1, dashboardItems: { main: ['a'], alarms: ['b'] }, visibleColumns: { users: ['x'] } });
    expect(authReducer(state, updateSettings({ selectedStoreId: 9 })).settings.selectedStoreId).toBe(9);
  });

  it('keeps the avatar URL of the sign-in; avatarChanged sets the new one (null once removed) and keeps the session', () => {
    const session = toSessionData(signInResponse({ avatarUrl: '/api/users/7/avatar?v=1' }), 1_000_000);
    const signed = authReducer(initialAuthState, loginSuccess(session));
    expect(signed.avatarUrl).toBe('/api/users/7/avatar?v=1');
    const uploaded = authReducer(signed, avatarChanged('/api/users/7/avatar?v=2'));
    expect(uploaded).toEqual({ ...signed, avatarUrl: '/api/users/7/avatar?v=2' });
    expect(authReducer(uploaded, avatarChanged(null)).avatarUrl).toBeNull();
    expect(authReducer(initialAuthState, avatarChanged('/api/users/7/avatar?v=2')).avatarUrl).toBeNull();
  });

  it('publicTokenChanged replaces the public token of the session; signed out, nothing', () => {
    const signed = authReducer(initialAuthState, loginSuccess(toSessionData(signInResponse(), 1_000_000)));
    expect(authReducer(signed, publicTokenChanged('new-pub'))).toEqual({ ...signed, userToken: 'new-pub' });
    expect(authReducer(initialAuthState, publicTokenChanged('new-pub')).userToken).toBeNull();
  });

  it('the libraries listed after the sign-in replace its store ids (one added since counts at once); signed out, nothing', () => {
    const signed = authReducer(initialAuthState, loginSuccess(toSessionData(signInResponse(), 1_000_000)));
    const listed = authReducer(signed, fetchStoresSuccess({ stores: [{ tid: 3 }, { tid: 4 }, { tid: 9 }] as Store[], regions: [] }));
    expect(listed).toEqual({ ...signed, storeIds: [3, 4, 9] });
    expect(authReducer(initialAuthState, fetchStoresSuccess({ stores: [{ tid: 9 }] as Store[], regions: [] })).storeIds).toEqual([]);
  });

  it('ownUserSaved changes the full name of a signed-in session only', () => {
    const signed = authReducer(initialAuthState, loginSuccess(toSessionData(signInResponse(), 1_000_000)));
    expect(authReducer(signed, ownUserSaved({ fullName: 'Ana María' }))).toEqual({ ...signed, userFullName: 'Ana María' });
    expect(authReducer(initialAuthState, ownUserSaved({ fullName: 'Ana María' })).userFullName).toBe('');
  });

  it('settingsSaved takes the server copy', () => {
    const saved = { selectedStoreId: 2, dashboardItems: {}, visibleColumns: {} };
    expect(authReducer(initialAuthState, settingsSaved(saved)).settings).toEqual(saved);
  });

  it('settingsSaved drops parts of the wrong shape', () => {
    const odd = { selectedStoreId: '2', dashboardItems: { main: 'all' }, visibleColumns: { users: ['name'] } };
    expect(authReducer(initialAuthState, settingsSaved(odd as never)).settings).toEqual({
      selectedStoreId: null,
      dashboardItems: {},
      visibleColumns: { users: ['name'] },
    });
  });
});
