import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findWorkspaceRoot } from './catalog';
import {
  aliasTargets,
  entryExportNames,
  importedNames,
  mergeExports,
  missingExports,
  releasesUsed,
  SHARED_EXPORTS_FILE,
  sharedExportProblems,
  sharedSubsets,
  workspaceUsed,
} from './sharedExports';

const root = findWorkspaceRoot(__dirname);
const antdDir = realpathSync(path.join(root, 'shell', 'node_modules', 'antd'));

describe('what a source file takes from a library', () => {
  it('lists value imports and re-exports, renamed ones by their exported name, and leaves types out', () => {
    const source = [
      "import { Button, type TableProps, Select as Choice } from 'antd';",
      "import type { FormInstance } from 'antd';",
      "export { Tag } from 'antd';",
      "import { Card } from 'antd/es/card';",
      "import { Other } from 'antd-like';",
    ].join('\n');
    expect(importedNames(source, 'antd')).toEqual(['Button', 'Select', 'Tag']);
  });

  it('counts a namespace, default, star re-export or dynamic import as the whole library', () => {
    expect(importedNames("import * as antd from 'antd';", 'antd')).toBe('*');
    expect(importedNames("import antd from 'antd';", 'antd')).toBe('*');
    expect(importedNames("export * from 'antd';", 'antd')).toBe('*');
    expect(importedNames("const lazy = () => import('antd');", 'antd')).toBe('*');
  });

  it('merges lists (sorted, once each) and tells what a provided list lacks', () => {
    expect(mergeExports([['Tag', 'Button'], ['Button']])).toEqual(['Button', 'Tag']);
    expect(mergeExports([['Tag'], '*'])).toBe('*');
    expect(missingExports(['Button', 'Slider'], ['Button', 'Tag'])).toEqual(['Slider']);
    expect(missingExports('*', ['Button'])).toEqual(['*']);
    expect(missingExports('*', '*')).toEqual([]);
  });
});

describe('the workspace', () => {
  it('takes ConfigProvider and the layout from antd, and only part of it', () => {
    const used = workspaceUsed(root, 'antd');
    expect(used).toEqual(expect.arrayContaining(['ConfigProvider', 'Layout', 'Menu', 'Table', 'Form']));
    const all = entryExportNames(path.join(antdDir, 'es', 'index.js'));
    expect(all).toEqual(expect.arrayContaining(['Button', 'ConfigProvider', 'theme', 'version', 'Slider']));
    expect((used as string[]).length).toBeLessThan(all.length);
  });

  it('takes the router from react-router, counting its imports from react-router-dom, and only part of it', () => {
    const used = workspaceUsed(root, 'react-router');
    expect(used).toEqual(expect.arrayContaining(['BrowserRouter', 'Routes', 'useLocation', 'matchPath']));
    const entry = aliasTargets(path.join(root, 'shell'))['react-router$'];
    expect(entry).toMatch(/react-router\/dist\/development\/index\.mjs$/);
    const all = entryExportNames(entry);
    expect(all).toEqual(expect.arrayContaining(['BrowserRouter', 'createBrowserRouter', 'useFetcher']));
    expect((used as string[]).length * 4).toBeLessThan(all.length);
  });
});

/** A workspace on disk: one app with antd installed, sources and built releases. */
describe('the shell cut-down copy', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shared-exports-'));
    mkdirSync(path.join(dir, 'shell', 'node_modules'), { recursive: true });
    symlinkSync(antdDir, path.join(dir, 'shell', 'node_modules', 'antd'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('re-exports what the sources and every built release use, and nothing antd does not export', () => {
    write('shell/src/App.tsx', "import { ConfigProvider, Layout, TableProps } from 'antd';");
    write('mf-items/src/Page.tsx', "import { Table } from 'antd';");
    write('mf-items/src/Page.test.tsx', "import { Slider } from 'antd';");
    write(`mf-items/dist/0.0.9/${SHARED_EXPORTS_FILE}`, JSON.stringify({ used: { antd: ['Rate'] } }));
    write(`mf-settings/dist/0.2.0/${SHARED_EXPORTS_FILE}`, '{"used": {"an'); // being written by a parallel build
    expect(releasesUsed(dir, 'antd')).toEqual(['Rate']);

    const { antd } = sharedSubsets(dir, path.join(dir, 'shell'));
    expect(antd.provided).toEqual(['ConfigProvider', 'Layout', 'Rate', 'Table']);
    expect(antd.version).toBe(JSON.parse(readFileSync(path.join(antdDir, 'package.json'), 'utf8')).version);
    expect(readFileSync(antd.import, 'utf8')).toContain(
      `export { ConfigProvider, Layout, Rate, Table } from ${JSON.stringify(path.join(antdDir, 'es', 'index.js'))};`,
    );
  });

  it('leaves out the exports shared under their own keys, unless a release built before takes them from the copy', () => {
    write('mf-items/src/Page.tsx', "import { Button, Table, DatePicker } from 'antd';");
    write(`mf-items/dist/0.0.9/${SHARED_EXPORTS_FILE}`, JSON.stringify({ used: { antd: ['DatePicker'] } }));
    const { antd } = sharedSubsets(dir, path.join(dir, 'shell'), { antd: ['DatePicker', 'Table'] });
    expect(antd.provided).toEqual(['Button', 'DatePicker']);
  });

  it('counts a release that recorded nothing of the library as using all of it', () => {
    write(`mf-items/dist/0.0.9/${SHARED_EXPORTS_FILE}`, JSON.stringify({ used: { antd: ['Rate'] } }));
    expect(releasesUsed(dir, 'react-router')).toBe('*');
  });

  it('shares the whole library when some app imports all of it', () => {
    write('mf-items/src/Page.tsx', "import * as antd from 'antd';");
    expect(sharedSubsets(dir, path.join(dir, 'shell'))).toEqual({});
  });

  it('leaves out a library the app does not install', () => {
    rmSync(path.join(dir, 'shell', 'node_modules', 'antd'));
    expect(sharedSubsets(dir, path.join(dir, 'shell'))).toEqual({});
    expect(existsSync(path.join(dir, 'node_modules', '.cache'))).toBe(false);
  });
});

describe('remotes against the shell copy', () => {
  const shell = { used: { antd: ['Layout'] }, provided: { antd: ['Button', 'Layout', 'Table'] } };

  it('accepts remotes that use part of what the shell provides', () => {
    expect(sharedExportProblems(shell, [{ app: 'mf-items', exports: { used: { antd: ['Button', 'Table'] } } }])).toEqual([]);
  });

  it('refuses a remote using an export the shell copy lacks, or the whole library, or one that did not record it', () => {
    expect(
      sharedExportProblems(shell, [
        { app: 'mf-items', exports: { used: { antd: ['Button', 'Slider'] } } },
        { app: 'mf-settings', exports: { used: { antd: '*' } } },
        { app: 'mf-dashboard', exports: undefined },
      ]),
    ).toEqual([
      "mf-items uses antd Slider, which the shell's copy lacks: build the shell again (it provides what every built release uses)",
      "mf-settings uses antd *, which the shell's copy lacks: build the shell again (it provides what every built release uses)",
      `mf-dashboard: no ${SHARED_EXPORTS_FILE} in its release (built by an older @portal/mf-config): build it again`,
    ]);
  });

  it('refuses a remote taking a component from a key the shell does not share (an older shell), and accepts one it shares', () => {
    const keyed = { used: {}, provided: { antd: ['Button'], 'antd/tables-forms': ['Table'] } };
    expect(
      sharedExportProblems(keyed, [
        { app: 'mf-items', exports: { used: { antd: ['Button'], 'antd/tables-forms': ['Table'], 'antd/other': [] } } },
        { app: 'mf-settings', exports: { used: { antd: [], 'antd/pickers': ['DatePicker'] } } },
      ]),
    ).toEqual(['mf-settings uses antd/pickers, which the shell does not share: build the shell again (it shares every component key of @portal/mf-config)']);
  });

  it('refuses a remote that did not record what it uses of a library the shell shares cut down', () => {
    const cutDown = { used: {}, provided: { antd: ['Button'], 'react-router': ['Routes'] } };
    expect(sharedExportProblems(cutDown, [{ app: 'mf-items', exports: { used: { antd: ['Button'] } } }])).toEqual([
      'mf-items: its release did not record what it uses of react-router (built by an older @portal/mf-config): build it again',
    ]);
    expect(
      sharedExportProblems({ ...cutDown, provided: { antd: ['Button'], 'react-router': '*' } }, [{ app: 'mf-items', exports: { used: { antd: ['Button'] } } }]),
    ).toEqual([]);
  });

  it('checks nothing when the shell shares antd whole (or was built before the file existed)', () => {
    expect(sharedExportProblems({ used: {}, provided: { antd: '*' } }, [{ app: 'mf-items', exports: undefined }])).toEqual([]);
    expect(sharedExportProblems(undefined, [{ app: 'mf-items', exports: undefined }])).toEqual([]);
  });
});
