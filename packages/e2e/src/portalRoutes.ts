/**
 * Every route of every remote, read from the portal's own registry.json (built from each remote's
 * src/manifest.ts), so a screen added to a manifest is visited by the accessibility check without editing it.
 * Route parameters are filled with real ids of the signed-in user's selected library, read through the API.
 */
import { portalUrl } from './portal';

export interface RegistryRoute {
  path: string;
  permission?: string;
}
interface RegistryRemote {
  name: string;
  app: string;
  routes: RegistryRoute[];
}

export interface PortalRoute {
  remote: string;
  pattern: string;
  url: string;
  public: boolean;
}

/** The shell's own screens (not in any remote's manifest). */
export const SHELL_ROUTES = ['/about'];

export interface ApiSession {
  token: string;
  userId: number;
  selectedStoreId: number;
}

export async function apiSignIn(userName: string): Promise<ApiSession> {
  const res = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName, password: userName }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${userName}: ${res.status}`);
  const body = (await res.json()) as { token: string; userId: number; settings: { selectedStoreId: number } };
  return { token: body.token, userId: body.userId, selectedStoreId: body.settings.selectedStoreId };
}

export async function apiGet<T>(session: ApiSession, path: string): Promise<T> {
  const res = await fetch(portalUrl(path), { headers: { 'x-access-token': session.token, connection: 'close' } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

type Page<T> = { items: T[] };

/**
 * Values of every route parameter the manifests use, from the selected library's data. A new parameter name
 * makes routeUrls() fail with its name: add it here.
 */
export async function routeParams(session: ApiSession): Promise<Record<string, string>> {
  const store = `/api/stores/${session.selectedStoreId}`;
  const [groups, catalogues, searchLists, user, stores] = await Promise.all([
    apiGet<Page<{ tid: number }>>(session, `${store}/inventoryGroups?limit=25`),
    apiGet<Page<{ tid: number; syncURL: string | null }>>(session, `${store}/catalogues?limit=25`),
    apiGet<Page<{ tid: number }>>(session, `${store}/searchLists?limit=25`),
    apiGet<{ token: string }>(session, `/api/users/${session.userId}`),
    apiGet<Page<{ tid: number; code: string }>>(session, '/api/stores?limit=100'),
  ]);
  const group = groups.items.find((g) => g.tid > 0) ?? groups.items[0];
  const sections = await apiGet<Page<{ tid: number }>>(session, `${store}/inventoryGroups/${group.tid}/inventories?limit=25`);
  const catalogue = catalogues.items.find((c) => c.syncURL) ?? catalogues.items[0];
  return {
    storeId: String(session.selectedStoreId),
    inventoryGroupId: String(group.tid),
    inventoryId: String(sections.items[0].tid),
    catalogueId: String(catalogue.tid),
    searchListId: String(searchLists.items[0].tid),
    token: user.token,
    storeCode: stores.items.find((s) => s.tid === session.selectedStoreId)!.code,
    language: 'es',
  };
}

/** Every route of registry.json with its parameters filled (optional ones too), shell screens first. */
export async function portalRoutes(params: Record<string, string>): Promise<PortalRoute[]> {
  const res = await fetch(portalUrl('/registry.json'), { headers: { connection: 'close' } });
  const { remotes } = (await res.json()) as { remotes: RegistryRemote[] };
  const routes: PortalRoute[] = SHELL_ROUTES.map((path) => ({ remote: 'shell', pattern: path, url: path, public: false }));
  for (const remote of remotes) {
    for (const route of remote.routes) {
      const url = route.path.replace(/:(\w+)\??/g, (_, name: string) => {
        if (!(name in params)) throw new Error(`route ${route.path} of ${remote.app}: no value for :${name} (add it to routeParams)`);
        return encodeURIComponent(params[name]);
      });
      routes.push({ remote: remote.app, pattern: route.path, url, public: !route.permission });
    }
  }
  return routes;
}
