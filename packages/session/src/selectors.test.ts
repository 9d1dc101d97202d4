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
  });

  it("judges a moment by the day at the library's time zone (the server's rule, from @portal/contract)", () => {
    // 2024-05-06 22:01 UTC is already 7 May in Madrid (UTC+2), still 6 May in New York.
    expect(isStoreExpired(library, new Date('2024-05-06T21:59:00Z'))).toBe(false);
    expect(isStoreExpired(library, new Date('2024-05-06T22:01:00Z'))).toBe(true);
    expect(isStoreExpired({ ...library, timezone: 'America/New_York' }, new Date('2024-05-06T22:01:00Z'))).toBe(false);
  });

  it('no store is not expired', () => {
    expect(isStoreExpired(null, '2024-05-07')).toBe(false);
  });
});
