import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';
import { findWorkspaceRoot } from './catalog';
import { COMPONENT_SHARES, componentKeys, componentLibrary, componentNames, componentShares, transformImportsOptions } from './componentShares';

const root = findWorkspaceRoot(__dirname);

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
    expect(code).toContain('import { DatePicker } from "antd/tables-forms";');
    expect(code).toContain('import { theme } from "antd";');
    expect(code).toContain('export { Form } from "antd/tables-forms";');
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
    expect(Object.keys(shares)).toEqual(['antd/tables-forms']);
    expect(shares['antd/tables-forms']).toMatchObject({ version, library: 'antd', names });
    expect(readFileSync(shares['antd/tables-forms'].import, 'utf8')).toContain(
      `export { ${names.join(', ')} } from ${JSON.stringify(path.join(antdDir, 'es', 'index.js'))};`,
    );
    expect(componentLibrary('antd/tables-forms')).toBe('antd');
    expect(componentLibrary('@portal/session')).toBeUndefined();
    expect(componentKeys()).toContainEqual({ key: 'antd/tables-forms', library: 'antd', names });
    expect(componentNames().antd).toEqual(expect.arrayContaining(['Table', 'Form', 'DatePicker']));
  });
});
