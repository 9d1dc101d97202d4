import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSync, transformSync } from '@swc/core';
import { findWorkspaceRoot } from './catalog';
import { COMPONENT_SHARES, componentKeys, componentLibrary, componentNames, componentShares, transformImportsOptions } from './componentShares';
import { importedNames, SHARED_EXPORTS_FILE } from './sharedExports';

const root = findWorkspaceRoot(__dirname);

/** The source file a static import names: a relative path, or a workspace package (`@portal/ui`: its main). */
function resolveImport(from: string, request: string): string | undefined {
  const workspace = /^@portal\/([a-z-]+)$/.exec(request);
  const base = workspace
    ? path.join(
        root,
        'packages',
        workspace[1],
        (JSON.parse(readFileSync(path.join(root, 'packages', workspace[1], 'package.json'), 'utf8')) as { main: string }).main,
      )
    : request.startsWith('.')
      ? path.resolve(path.dirname(from), request)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/**
 * What the modules reachable from `entries` by static imports (not import(), not types) take from antd: the code a
 * page runs before anything is clicked, whose shared keys load with it.
 */
function staticAntdImports(entries: string[]): { file: string; names: string[] }[] {
  const seen = new Set<string>();
  const found: { file: string; names: string[] }[] = [];
  const queue = entries.map((entry) => path.join(root, entry));
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const names = importedNames(source, 'antd', file.endsWith('.tsx'));
    found.push({ file: path.relative(root, file), names: names === '*' ? ['*'] : names });
    for (const item of parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx') }).body) {
      if (item.type !== 'ImportDeclaration' && item.type !== 'ExportNamedDeclaration' && item.type !== 'ExportAllDeclaration') continue;
      if (!item.source || ('typeOnly' in item && item.typeOnly)) continue;
      const next = resolveImport(file, item.source.value);
      if (next) queue.push(next);
    }
  }
  return found;
}

/** What an app's build makes of a source file's imports (the same swc plugin and options as swcLoader). */
const transformed = (source: string) =>
  transformSync(source, {
    filename: 'Page.tsx',
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      experimental: {
        plugins: [[require.resolve('@swc/plugin-transform-imports'), transformImportsOptions()]],
        cacheRoot: path.join(root, 'node_modules', '.cache', 'swc'),
      },
    },
    module: { type: 'es6' },
  }).code;

describe('antd components under their own share keys', () => {
  it('imports a component from its key and the rest from antd, leaving types out', () => {
    const code = transformed(
      [
        "import { Button, Table as Grid, type TableProps, DatePicker, theme } from 'antd';",
        "export { Form } from 'antd';",
        'const props: TableProps = {};',
        'console.log(Button, Grid, DatePicker, theme, props);',
      ].join('\n'),
    );
    expect(code).toContain('import { Button } from "antd";');
    expect(code).toContain('import { Table as Grid } from "antd/tables-forms";');
    expect(code).toContain('import { DatePicker } from "antd/pickers";');
    expect(code).toContain('import { theme } from "antd";');
    expect(code).toContain('export { Form } from "antd/more";');
    expect(code).not.toContain('TableProps');
  });

  it('leaves a namespace import and other libraries alone', () => {
    const code = transformed("import * as antd from 'antd';\nimport { Table } from 'antd-like';\nconsole.log(antd, Table);");
    expect(code).toMatch(/import \* as antd from ["']antd["'];/);
    expect(code).toMatch(/import \{ Table \} from ["']antd-like["'];/);
  });

  it('imports react-router-dom from react-router (its DOM routers from react-router/dom), and nothing else like it', () => {
    const code = transformed(
      [
        "import { useLocation, BrowserRouter, type Location } from 'react-router-dom';",
        "import { RouterProvider } from 'react-router-dom';",
        "import { Link } from 'react-router-dom-like';",
        'const here: Location | undefined = undefined;',
        'console.log(useLocation, BrowserRouter, RouterProvider, Link, here);',
      ].join('\n'),
    );
    expect(code).toContain('import { useLocation } from "react-router";');
    expect(code).toContain('import { BrowserRouter } from "react-router";');
    expect(code).toContain('import { RouterProvider } from "react-router/dom";');
    expect(code).toMatch(/import \{ Link \} from ["']react-router-dom-like["'];/);
    expect(code).not.toContain('{ Location }');
  });

  it('shares each key as a module re-exporting its components from antd, with the installed version', () => {
    const appDir = path.join(root, 'mf-items');
    const antdDir = realpathSync(path.join(appDir, 'node_modules', 'antd'));
    const { version } = JSON.parse(readFileSync(path.join(antdDir, 'package.json'), 'utf8')) as { version: string };
    const shares = componentShares(root, appDir);
    const names = COMPONENT_SHARES.antd['antd/tables-forms'];
    expect(Object.keys(shares)).toEqual(['antd/tables-forms', 'antd/more', 'antd/pickers', 'antd/cards']);
    expect(shares['antd/tables-forms']).toMatchObject({ version, library: 'antd', names });
    expect(readFileSync(shares['antd/tables-forms'].import, 'utf8')).toContain(
      `export { ${names.join(', ')} } from ${JSON.stringify(path.join(antdDir, 'es', 'index.js'))};`,
    );
    expect(componentLibrary('antd/tables-forms')).toBe('antd');
    expect(componentLibrary('@portal/session')).toBeUndefined();
    expect(componentKeys()).toContainEqual({ key: 'antd/tables-forms', library: 'antd', names });
    expect(componentNames().antd).toEqual(expect.arrayContaining(['Table', 'Form', 'DatePicker']));
  });

  it('provides, as the shell, what a release built before takes from a key beyond its names today', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'component-shares-'));
    try {
      const release = (app: string, used: Record<string, string[]>) => {
        mkdirSync(path.join(dir, app, 'dist', '0.0.9'), { recursive: true });
        writeFileSync(path.join(dir, app, 'dist', '0.0.9', SHARED_EXPORTS_FILE), JSON.stringify({ used }));
      };
      // Built when DatePicker, Form and Upload were under antd/tables-forms; one built before that key existed.
      release('mf-statistics', { antd: ['Card'], 'antd/tables-forms': ['DatePicker', 'Form', 'NotAnExport', 'Upload'] });
      release('mf-public', { antd: [] });
      const appDir = path.join(root, 'shell');
      const provider = componentShares(dir, appDir, true);
      const tablesForms = COMPONENT_SHARES.antd['antd/tables-forms'];
      expect(provider['antd/tables-forms'].names).toEqual([...tablesForms, 'DatePicker', 'Form', 'Upload']);
      expect(provider['antd/tables-forms'].import).toMatch(/antd_tables-forms\.releases\.js$/);
      expect(provider['antd/tables-forms'].forReleases).toEqual(['DatePicker', 'Form', 'Upload']);
      expect(readFileSync(provider['antd/tables-forms'].import, 'utf8')).toContain(
        `export { ${[...tablesForms, 'DatePicker', 'Form', 'Upload'].join(', ')} } from`,
      );
      expect(provider['antd/pickers'].names).toEqual(COMPONENT_SHARES.antd['antd/pickers']);
      expect(provider['antd/pickers'].forReleases).toEqual([]);
      // A remote's fallback copy keeps the key's names.
      expect(componentShares(dir, appDir)['antd/tables-forms'].names).toEqual(tablesForms);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves on antd what the signed-in layout and the dashboard render first, and moves the rest', () => {
    const code = transformed(
      "import { Card, Input, Modal, Result, Select, Tag, TreeSelect, Upload, message } from 'antd';\nconsole.log(Card, Input, Modal, Result, Select, Tag, TreeSelect, Upload, message);",
    );
    expect(code).toContain('import { Card } from "antd/cards";');
    expect(code).toContain('import { Select } from "antd";');
    expect(code).toContain('import { TreeSelect } from "antd/cards";');
    expect(code).toContain('import { Input } from "antd/tables-forms";');
    expect(code).toContain('import { Tag } from "antd/tables-forms";');
    expect(code).toContain('import { message } from "antd/tables-forms";');
    expect(code).toContain('import { Modal } from "antd/tables-forms";');
    expect(code).toContain('import { Result } from "antd/more";');
    expect(code).toContain('import { Upload } from "antd/more";');
  });

  it("keeps the counters' first view on antd, antd/cards and antd/pickers: the export dialog's form is fetched when opened", () => {
    const firstView = staticAntdImports(['mf-statistics/src/counters/CountersPage.tsx']);
    expect(firstView.map(({ file }) => file)).toEqual(expect.arrayContaining(['mf-statistics/src/counters/components/IntervalCard.tsx']));
    const names = firstView.flatMap(({ names }) => names);
    expect(names).toEqual(expect.arrayContaining(['DatePicker', 'Segmented']));
    const tablesForms = COMPONENT_SHARES.antd['antd/tables-forms'];
    expect(
      firstView.flatMap(({ file, names }) => names.filter((name) => name === '*' || tablesForms.includes(name)).map((name) => `${file}: ${name}`)),
    ).toEqual([]);
  });

  it('keeps antd/more and antd/cards off the first view of the list pages: their tables, searches and closed form dialogs', () => {
    const firstView = staticAntdImports([
      'mf-items/src/catalogues/CataloguesPage.tsx',
      'mf-items/src/catalogues/CatalogueItemsPage.tsx',
      'mf-settings/src/users/UsersPage.tsx',
    ]);
    // The walk reaches the list's table and the pages' forms, not the form dialog's code (fetched when opened).
    const reached = firstView.map(({ file }) => file);
    expect(reached).toEqual(
      expect.arrayContaining([
        'packages/lists/src/list/ListTable.tsx',
        'mf-items/src/catalogues/CatalogueForm.tsx',
        'packages/lists/src/modal-form/LazyModalForm.tsx',
      ]),
    );
    expect(reached).not.toContain('packages/lists/src/modal-form/FieldControl.tsx');
    const names = firstView.flatMap(({ names }) => names);
    expect(names).toEqual(expect.arrayContaining(['Table', 'Tag', 'message']));
    const more = [...COMPONENT_SHARES.antd['antd/more'], ...COMPONENT_SHARES.antd['antd/cards']];
    expect(firstView.flatMap(({ file, names }) => names.filter((name) => name === '*' || more.includes(name)).map((name) => `${file}: ${name}`))).toEqual([]);
  });

  it("keeps every component key off the signed-in shell's first view, and all but antd/cards off the dashboard's", () => {
    const keyed = (files: string[], allowed: readonly string[] = []) =>
      staticAntdImports(files).flatMap(({ file, names }) =>
        names.filter((name) => name === '*' || (componentNames().antd.includes(name) && !allowed.includes(name))).map((name) => `${file}: ${name}`),
      );
    expect(keyed(['shell/src/signedIn.tsx'])).toEqual([]);
    // The walk reaches the layout, the pages it routes to and the dashboard's sections.
    const reached = staticAntdImports(['shell/src/signedIn.tsx', 'mf-dashboard/src/dashboard/DashboardPage.tsx']).map(({ file }) => file);
    expect(reached).toEqual(expect.arrayContaining(['shell/src/layout/Sidebar.tsx', 'mf-dashboard/src/dashboard/components/LibrariesSelect.tsx']));
    expect(keyed(['mf-dashboard/src/dashboard/DashboardPage.tsx'], COMPONENT_SHARES.antd['antd/cards'])).toEqual([]);
  });
});
