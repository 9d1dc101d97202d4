/** Shared setup of this remote's page tests: a signed-in session of one role, libraries and region tree. */
import type { RegionNode, Store, User } from '@portal/api';
import { createPortalStore, fetchStoresSuccess, sessionRestored } from '@portal/session';
import './i18n';

export function library(tid: number, name: string, overrides: Partial<Store> = {}): Store {
  return {
    tid,
    code: `BIB-${tid}`,
    country: 'ES',
    area: 'Norte',
    province: 'P',
    city: 'C',
    name,
    address: 'Calle 1',
    manager: 'Marta',
    managertel: '600',
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
    field3: '',
    field4: '',
    field5: '',
    field6: '',
    storeIds: [tid],
    ...overrides,
  };
}

const leaf = (tid: number, title: string): RegionNode => ({
  title,
  fullName: title,
  key: `store:${tid}`,
  value: `store:${tid}`,
  level: 'name',
  storeIds: [tid],
  capacity: 10,
  resetTime: '00:00',
  startTime: '08:00',
  endTime: '20:00',
});
export const TREE: RegionNode[] = [
  { ...leaf(0, 'Norte'), key: 'area:Norte', value: 'area:Norte', level: 'area', storeIds: [3, 5], children: [leaf(3, 'Tres'), leaf(5, 'Cinco')] },
];

export function person(tid: number, userName: string, role: string, permissions: string[], overrides: Partial<User> = {}): User {
  return {
    tid,
    userName,
    fullName: `${userName} Pérez`,
    address: 'Calle 2',
    telephone: '611',
    email: `${userName}@example.org`,
    flavor: '{product}',
    role,
    permissions,
    regions: [],
    storeIds: [3],
    token: `pub-${tid}`,
    imageSetToken: `img-${tid}`,
    parent: null,
    avatarUrl: null,
    avatarUpdatedAt: null,
    createdAt: '2026-01-02T03:04:05Z',
    ...overrides,
  };
}

/** A portal store signed in as `user`, holding libraries 3 and 5 (library 3 selected). */
export function signedIn(user: User, stores: Store[] = [library(3, 'Tres'), library(5, 'Cinco')]) {
  const { store } = createPortalStore();
  store.dispatch(
    sessionRestored({
      token: `token-${user.userName}`,
      userId: user.tid,
      userFullName: user.fullName,
      userFlavor: user.flavor,
      userToken: user.token,
      role: user.role,
      permissions: user.permissions,
      storeIds: stores.map((s) => s.tid),
      expiresAt: Date.now() + 3_600_000,
      settings: { selectedStoreId: stores[0]?.tid ?? null, dashboardItems: {}, visibleColumns: {} },
    }),
  );
  store.dispatch(fetchStoresSuccess({ stores, regions: TREE }));
  return store;
}
