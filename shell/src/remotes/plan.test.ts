import type { RegistryRemote } from '@portal/contract';
import { matchesRoute, planApplications, remoteServing } from './plan';

const remote = (name: string, routes: RegistryRemote['routes']): RegistryRemote => ({
  name,
  app: name.replace('_', '-'),
  namespace: name.slice(3),
  version: '0.1.0',
  manifestUrl: `/remotes/${name}/mf-manifest.json`,
  expose: './lifecycles',
  routes,
  menu: [],
  translations: {},
});

const remotes = [
  remote('mf_dashboard', [{ path: '/dashboard', permission: 'manager', titleKey: 'dashboard:titles.dashboard' }]),
  remote('mf_settings', [
    { path: '/users', permission: 'supervisor', titleKey: 'settings:titles.users' },
    { path: '/stores', permission: 'manager', titleKey: 'settings:titles.stores' },
  ]),
  remote('mf_items', [{ path: '/inventories/:inventoryGroupId/sections', permission: 'inventories', titleKey: 'items:titles.x' }]),
  remote('mf_public', [{ path: '/capacities/:token', titleKey: 'public:titles.capacities' }]),
];

describe('which remotes the shell registers', () => {
  it('registers every remote with a permitted route for an admin, never the public one', () => {
    const plans = planApplications(remotes, { role: 'admin', permissions: [] });
    expect(plans.map((plan) => plan.remote.name)).toEqual(['mf_dashboard', 'mf_settings', 'mf_items']);
  });

  it('registers only the permitted routes of a manager (no /users, no Items)', () => {
    const plans = planApplications(remotes, { role: 'user', permissions: ['manager'] });
    expect(plans.map((plan) => [plan.remote.name, plan.paths])).toEqual([
      ['mf_dashboard', ['/dashboard']],
      ['mf_settings', ['/stores']],
    ]);
  });

  it('registers nothing when signed out', () => {
    expect(planApplications(remotes, null)).toEqual([]);
  });
});

describe('route matching', () => {
  it('matches parameters and optional parameters, not other paths', () => {
    const paths = ['/inventories/:inventoryGroupId/sections', '/capacities/:token/:storeCode/:language?'];
    expect(matchesRoute(paths, '/inventories/12/sections')).toBe(true);
    expect(matchesRoute(paths, '/inventories/12/sections/')).toBe(true);
    expect(matchesRoute(paths, '/inventories/12/sections/4/extra')).toBe(false);
    expect(matchesRoute(paths, '/capacities/tok/S1')).toBe(true);
    expect(matchesRoute(paths, '/capacities/tok/S1/ca')).toBe(true);
    expect(matchesRoute(paths, '/inventories')).toBe(false);
  });
});

describe('the remote serving the landing page (preloaded while the login page shows)', () => {
  it('is the remote with that signed-in route; public routes and unknown paths have none', () => {
    expect(remoteServing(remotes, '/dashboard')?.name).toBe('mf_dashboard');
    expect(remoteServing(remotes, '/inventories/3/sections')?.name).toBe('mf_items');
    expect(remoteServing(remotes, '/capacities/tok')).toBeUndefined();
    expect(remoteServing(remotes, '/nowhere')).toBeUndefined();
  });
});
