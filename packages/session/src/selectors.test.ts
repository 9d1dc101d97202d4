import { loginSuccess, updateSettings } from './authSlice';
import { toSessionData } from './sagas/auth';
import { selectIsLoggedIn, selectSelectedStore } from './selectors';
import { isStoreExpired } from './storeDates';
import { fetchStoresSuccess } from './storesSlice';
import { setup, signInResponse, store as makeStore } from './testUtils';

describe('selectSelectedStore', () => {
  it('is the store of settings.selectedStoreId, or null when it is not among the stores', () => {
    const { store } = setup();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    store.dispatch(loginSuccess(toSessionData(signInResponse(), Date.now())));
    store.dispatch(fetchStoresSuccess({ stores: [makeStore(3, 'Tres'), makeStore(4, 'Cuatro')], regions: [] }));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectSelectedStore(store.getState())?.name).toBe('Cuatro');
    store.dispatch(updateSettings({ selectedStoreId: 99 }));
    expect(selectSelectedStore(store.getState())).toBeNull();
    store.dispatch(updateSettings({ selectedStoreId: null }));
    expect(selectSelectedStore(store.getState())).toBeNull();
  });
});

describe('isStoreExpired', () => {
  const library = makeStore(1, 'Uno', '2024-05-06');

  it('is expired only when the expiration date is earlier than today', () => {
    expect(isStoreExpired(library, '2024-05-05')).toBe(false);
    expect(isStoreExpired(library, '2024-05-06')).toBe(false);
    expect(isStoreExpired(library, '2024-05-07')).toBe(true);
    expect(isStoreExpired(library, new Date(2024, 4, 7, 0, 1))).toBe(true);
    expect(isStoreExpired(library, new Date(2024, 4, 6, 23, 59))).toBe(false);
  });

  it('no store is not expired', () => {
    expect(isStoreExpired(null, '2024-05-07')).toBe(false);
  });
});
