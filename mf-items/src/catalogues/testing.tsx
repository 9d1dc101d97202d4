/** Shared setup of the catalogue page tests: a signed-out store with library 3 selected, and a location probe. */
import type { Store } from '@portal/api';
import { createPortalStore, fetchStoresSuccess, settingsSaved } from '@portal/session';
import { useLocation } from 'react-router-dom';

export function library(overrides: Partial<Store> = {}): Store {
  return {
    tid: 3,
    code: 'B3',
    country: 'ES',
    area: 'Norte',
    province: 'P',
    city: 'C',
    name: 'Central',
    address: '',
    manager: '',
    managertel: '',
    capacity: 10,
    resetTime: '00:00',
    startTime: '08:00',
    endTime: '20:00',
    timezone: 'Europe/Madrid',
    expirationDate: '2099-12-31',
    fieldCode: 'Barcode',
    fieldObjectId: '',
    field1: 'Title',
    field2: '',
    field3: 'Author',
    field4: '',
    field5: '',
    field6: '',
    storeIds: [3],
    ...overrides,
  } as Store;
}

export function storeWithLibrary(selected: Store | null = library()) {
  const { store } = createPortalStore();
  if (selected) {
    store.dispatch(fetchStoresSuccess({ stores: [selected], regions: [] }));
    store.dispatch(settingsSaved({ selectedStoreId: selected.tid, dashboardItems: {}, visibleColumns: {} }));
  }
  return store;
}

/** Shows where the router went. */
export function Probe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}
