import path from 'node:path';
import { findWorkspaceRoot, parseCatalog, readCatalog } from './catalog';

describe('catalog', () => {
  it('reads the flat catalog block, quoted names included, and ignores other blocks and comments', () => {
    const yaml = [
      'packages:',
      '  - shell',
      '',
      'catalog:',
      '  react: 19.3.1',
      "  '@ant-design/icons': 6.3.4 # icons",
      '  "axios": "1.21.1"',
      '',
      'ignoredBuiltDependencies:',
      "  - '@parcel/watcher'",
    ].join('\n');
    expect(parseCatalog(yaml)).toEqual({ react: '19.3.1', '@ant-design/icons': '6.3.4', axios: '1.21.1' });
  });

  it('refuses a catalog line it cannot read rather than guessing a version', () => {
    expect(() => parseCatalog('catalog:\n  - react\n')).toThrow(/Unreadable catalog line/);
  });

  it('finds the workspace root and its catalog from an app folder', () => {
    const root = findWorkspaceRoot(path.join(__dirname, '..', '..', '..', 'mf-dashboard'));
    expect(readCatalog(root)).toMatchObject({ react: expect.stringMatching(/^\d+\.\d+\.\d+$/), webpack: expect.any(String) });
  });
});
