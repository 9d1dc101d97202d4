import { buildSidebar, permittedPaths } from './buildMenu';
import { DEMO_USERS, REGISTRY_MENU, REGISTRY_ROUTES } from './registryMenu.fixture';

const sidebarOf = (user: { role: string; permissions: string[] }) =>
  buildSidebar(REGISTRY_MENU, user).map((section) => [section.group, section.entries.map((entry) => entry.path)]);

describe('sidebar per demo account', () => {
  it('admin sees every group and entry', () => {
    expect(sidebarOf(DEMO_USERS.admin)).toEqual([
      ['home', ['/dashboard', '/itemEvents']],
      ['items', ['/inventories', '/catalogues', '/searchLists', '/idModifications']],
      ['statistics', ['/counters', '/alarms']],
      ['selfchecks', ['/imagesets', '/sipOperations']],
      ['settings', ['/users', '/stores', '/devices']],
    ]);
  });

  it('supervisor with manager, inventories, statistics, alarms, imagesets sees everything including Users, but not Devices', () => {
    const admin = sidebarOf(DEMO_USERS.admin);
    expect(sidebarOf(DEMO_USERS.supervisor)).toEqual([...admin.slice(0, -1), ['settings', ['/users', '/stores']]]);
  });

  it('a user with the devices permission sees Devices under Settings', () => {
    expect(sidebarOf({ role: 'user', permissions: ['manager', 'devices'] })).toEqual([
      ['home', ['/dashboard']],
      ['settings', ['/stores', '/devices']],
    ]);
  });

  it('a user with manager only sees Dashboard and Libraries', () => {
    expect(sidebarOf(DEMO_USERS.manager)).toEqual([
      ['home', ['/dashboard']],
      ['settings', ['/stores']],
    ]);
  });

  it('a librarian with manager and inventories sees Home, Items and Libraries but not Users or statistics', () => {
    expect(sidebarOf(DEMO_USERS.librarian)).toEqual([
      ['home', ['/dashboard', '/itemEvents']],
      ['items', ['/inventories', '/catalogues', '/searchLists', '/idModifications']],
      ['settings', ['/stores']],
    ]);
  });

  it('keeps the profile entry out of the sidebar', () => {
    const paths = buildSidebar(REGISTRY_MENU, DEMO_USERS.admin).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths).not.toContain('/profile');
  });
});

describe('permittedPaths', () => {
  it('adds permitted registry routes and drops forbidden menu paths', () => {
    const paths = permittedPaths(REGISTRY_MENU, REGISTRY_ROUTES, DEMO_USERS.manager).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/stores', '/profile', '/store']));
    expect(paths).not.toContain('/inventories');
    expect(paths).not.toContain('/users');
  });

  it('never opens public routes in the shell', () => {
    const paths = permittedPaths(REGISTRY_MENU, REGISTRY_ROUTES, DEMO_USERS.admin).map((p) => p.path);
    expect(paths).not.toContain('/capacities/:token');
  });

  it('gives nothing to a signed-out user', () => {
    expect(permittedPaths(REGISTRY_MENU, REGISTRY_ROUTES, null)).toEqual([]);
  });
});
