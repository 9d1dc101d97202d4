/** Helpers for this package's tests: a real store against a fake HTTP layer (never used by app code). */
import type { RegionNode, SignInResponse, Store } from '@portal/api';
import { fakeServer, type FakeReply, type SeenRequest } from '@portal/api/src/testing';
import { createPortalStore } from './store';

export function signInResponse(overrides: Partial<SignInResponse> = {}): SignInResponse {
  return {
    token: 'tok-7',
    userId: 7,
    userFullName: 'Ana García',
    userFlavor: 'LIBTECS',
    userToken: 'pub-7',
    role: 'user',
    permissions: ['manager', 'inventories'],
    settings: { selectedStoreId: 4, dashboardItems: {}, visibleColumns: {} },
    storeIds: [3, 4],
    expiresIn: 3600,
    avatarUrl: null,
    ...overrides,
  };
}

export function store(tid: number, name: string, expirationDate = '2099-12-31'): Store {
  return {
    tid,
    code: `C${tid}`,
    country: 'ES',
    area: 'Norte',
    province: 'P',
    city: 'C',
    name,
    address: '',
    manager: '',
    managertel: '',
    capacity: 10,
    resetTime: '00:00',
    startTime: '08:00',
    endTime: '20:00',
    timezone: 'Europe/Madrid',
    expirationDate,
    fieldCode: '',
    fieldObjectId: '',
    field1: '',
    field2: '',
    field3: '',
    field4: '',
    field5: '',
    field6: '',
    storeIds: [tid],
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

/** area Norte with libraries 3 and 5, area Sur with library 4. */
export const TREE: RegionNode[] = [
  { ...leaf(0, 'Norte'), key: 'area:Norte', value: 'area:Norte', level: 'area', storeIds: [3, 5], children: [leaf(3, 'Tres'), leaf(5, 'Cinco')] },
  { ...leaf(0, 'Sur'), key: 'area:Sur', value: 'area:Sur', level: 'area', storeIds: [4], children: [leaf(4, 'Cuatro')] },
];

export type Routes = Record<string, (req: SeenRequest) => FakeReply>;

/** Default answers of the calls the session makes; a test overrides the ones it is about. */
export function defaultRoutes(): Routes {
  return {
    'POST /api/auth/signin': () => ({ status: 200, data: signInResponse() }),
    'GET /api/stores?offset=0&limit=1000': () => ({ status: 200, data: { items: [store(3, 'Tres'), store(4, 'Cuatro')], total: 2 } }),
    'GET /api/stores?mode=tree': () => ({ status: 200, data: TREE }),
    'PUT /api/users/7/settings': (req) => ({
      status: 200,
      data: { selectedStoreId: null, dashboardItems: {}, visibleColumns: {}, ...(req.data as { settings: object }).settings },
    }),
  };
}

export function setup(routes: Routes = {}) {
  const all = { ...defaultRoutes(), ...routes };
  const seen = fakeServer((req) => {
    const route = all[`${req.method} ${decodeURIComponent(req.url)}`];
    return route ? route(req) : { status: 404, data: { code: 'NOT_FOUND' } };
  });
  const portal = createPortalStore();
  return { ...portal, seen, calls: () => seen.map((r) => `${r.method} ${decodeURIComponent(r.url)}`) };
}

/** Lets pending promises (fake HTTP answers) and the sagas waiting on them run. */
export async function settle(): Promise<void> {
  // Microtasks only, so it works the same with fake timers (jsdom has no setImmediate).
  for (let i = 0; i < 100; i++) await Promise.resolve();
}
