import path from 'node:path';
import { findWorkspaceRoot, readCatalog } from './catalog';
import { componentShares } from './componentShares';
import { buildShared, SHARED_LIBRARIES, sharedPackageDirs } from './shared';

const root = findWorkspaceRoot(__dirname);
const catalog = readCatalog(root);

describe('shared singletons', () => {
  it('shares every library of the list the app installs, as a singleton with the catalog version', () => {
    const shared = buildShared(path.join(root, 'mf-dashboard'), catalog);
    for (const name of SHARED_LIBRARIES) {
      expect(shared[name]).toEqual({ singleton: true, requiredVersion: `^${catalog[name]}`, strictVersion: true });
    }
    expect(shared['react/']).toEqual({ ...shared.react, version: catalog.react });
    expect(shared['@portal/session']).toMatchObject({ singleton: true, strictVersion: false });
  });

  it('leaves out what an app does not install (it could not provide it)', () => {
    const shared = buildShared(path.join(root, 'mf-items'), catalog);
    expect(shared.highcharts).toBeUndefined();
    expect(shared.react).toBeDefined();
  });

  it('fails when a shared library has no catalog version', () => {
    const { react: _omitted, ...withoutReact } = catalog;
    expect(() => buildShared(path.join(root, 'mf-dashboard'), withoutReact)).toThrow(/react has no version/);
  });

  it('shares each component key as a singleton with its library range, and only when the app installs the library', () => {
    const components = { 'antd/tables-forms': { import: '/cache/antd_tables-forms.js', version: '6.0.0', library: 'antd', names: ['Table'] } };
    const shared = buildShared(path.join(root, 'mf-dashboard'), catalog, {}, components);
    expect(shared['antd/tables-forms']).toEqual({ ...shared.antd, import: '/cache/antd_tables-forms.js', version: '6.0.0' });
    expect(buildShared(path.join(root, 'packages', 'mf-config'), catalog, {}, components)['antd/tables-forms']).toBeUndefined();
  });

  it('locates the real folders of shared packages, workspace packages included, not those of component keys', () => {
    const components = componentShares(root, path.join(root, 'mf-dashboard'));
    const dirs = sharedPackageDirs(path.join(root, 'mf-dashboard'), buildShared(path.join(root, 'mf-dashboard'), catalog, {}, components));
    expect(dirs.map((pkg) => pkg.name)).not.toContain('antd/tables-forms');
    expect(dirs.find((pkg) => pkg.name === '@portal/session')?.dir).toBe(path.join(root, 'packages', 'session'));
    expect(dirs.find((pkg) => pkg.name === 'react')?.dir).toMatch(/node_modules\/\.pnpm\/react@.*\/node_modules\/react$/);
  });
});
