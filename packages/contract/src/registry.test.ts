import { parseRegistry, registryProblems, remoteManifestProblems, type RegistryRemote } from './registry';
import { dashboardRemote } from './testing/remotes';

const dashboard = dashboardRemote;

const statistics: RegistryRemote = {
  ...dashboard,
  name: 'mf_statistics',
  app: 'mf-statistics',
  namespace: 'statistics',
  manifestUrl: '/remotes/mf-statistics/mf-manifest.json',
  routes: [{ path: '/counters', permission: 'statistics', titleKey: 'statistics:titles.counters' }],
  menu: [],
};

describe('registry validation', () => {
  it('accepts a well-formed registry', () => {
    expect(registryProblems({ remotes: [dashboard, statistics] })).toEqual([]);
  });

  it('rejects an unknown permission and an unknown menu group', () => {
    const broken = { ...dashboard, menu: [{ ...dashboard.menu[0], permission: 'everyone', group: 'misc' }] };
    const problems = registryProblems({ remotes: [broken] });
    expect(problems.join('\n')).toMatch(/remotes\[0\]\/menu\/0\/permission/);
    expect(problems.join('\n')).toMatch(/remotes\[0\]\/menu\/0\/group/);
  });

  it('rejects a menu entry pointing outside its remote and keys outside its namespace', () => {
    const broken = { ...dashboard, menu: [{ ...dashboard.menu[0], path: '/counters', labelKey: 'shell:menu.dashboard' }] };
    expect(registryProblems({ remotes: [broken] })).toEqual([
      'remotes[0]: menu dashboard labelKey is outside namespace dashboard',
      'remotes[0]: menu dashboard points to /counters, which is not one of its routes',
    ]);
  });

  it('rejects a route claimed by two remotes', () => {
    const clash = { ...statistics, routes: [...statistics.routes, { path: '/dashboard', permission: 'manager' as const, titleKey: 'statistics:titles.x' }] };
    expect(registryProblems({ remotes: [dashboard, clash] })).toEqual(['route /dashboard is declared by both mf_dashboard and mf_statistics']);
  });

  it('rejects a name that does not match the folder', () => {
    expect(registryProblems({ remotes: [{ ...dashboard, app: 'mf-items' }] })).toEqual(['remotes[0]: name mf_dashboard does not match app mf-items']);
  });

  it('keeps the valid remotes when one entry is broken, and says why the other was left out', () => {
    const { remotes, problems } = parseRegistry({ remotes: [{ name: 'mf_broken' }, statistics] });
    expect(remotes.map((remote) => remote.name)).toEqual(['mf_statistics']);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.startsWith('remotes[0]'))).toBe(true);
  });

  it('refuses a document without a remotes list', () => {
    expect(parseRegistry({ apps: [] }).remotes).toEqual([]);
    expect(parseRegistry('<html>').problems.length).toBeGreaterThan(0);
  });

  it('checks a remote manifest before the build adds version and translations', () => {
    const { name, namespace, routes, menu } = dashboard;
    expect(remoteManifestProblems({ name, namespace, routes, menu })).toEqual([]);
    expect(remoteManifestProblems({ name, namespace, routes: [], menu })).not.toEqual([]);
  });
});
