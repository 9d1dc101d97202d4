import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryExportNames, LIBRARY_ALIASES } from './sharedExports';

/**
 * Exports of a shared library that no signed-in first view needs, shared under a key of their own
 * (`antd/tables-forms`) instead of in the library's shared copy: a shared module is fetched when a chunk that
 * consumes it loads, so a page gets them only when its own code uses one of them. The key is a module of the same
 * provider build (the shell), so antd's internals (ConfigProvider context, theme, cssinjs cache, message holders)
 * stay one instance. Each app's build rewrites `import { Table } from 'antd'` to `from 'antd/tables-forms'`
 * (transformImportsOptions).
 *
 * One key for everything a first view does not render, not one per group: each key is its own chunk group, and
 * the internals two keys share are split into more, smaller chunks that compress worse or, below webpack's
 * minimum chunk size, are sent in both. With the inputs and status components in a second key, a page with a list
 * (all three keys) received 15 KB more brotli than with them in this one.
 *
 * antd keeps what the signed-in layout and the dashboard render before any click (Layout, Menu, Dropdown, the
 * language Select, the Libraries TreeSelect, Card, Statistic, Spin…); Tabs stays inside Card. What is shown only
 * after a click or on a failure is here, its modules loaded when needed: Modal (the logout confirmation, a chunk
 * of its own fetched when the avatar menu is pointed at), Result (the status pages of @portal/ui: StatusResult),
 * Descriptions (About, a lazy route). App is here too: no root renders it (its message, notification and Modal
 * holders were in every first view); a component that shows a message or a dialog renders its own holder. The key
 * keeps its name: releases built before record their use of it, and stay servable.
 */
export const COMPONENT_SHARES: Record<string, Record<string, readonly string[]>> = {
  antd: {
    'antd/tables-forms': [
      // Tables, forms and pickers.
      'Cascader',
      'DatePicker',
      'Form',
      'InputNumber',
      'List',
      'Table',
      'TimePicker',
      'Upload',
      // Inputs and status, rendered in lists, dialogs and settings pages.
      'Alert',
      'Badge',
      'Checkbox',
      'Divider',
      'Input',
      'Progress',
      'Radio',
      'Segmented',
      'Switch',
      'Tag',
      'message',
      // Dialogs and status pages, shown after a click or on a failure.
      'App',
      'Descriptions',
      'Modal',
      'Result',
    ],
  },
};

/** Every component key with its library and export names. */
export const componentKeys = () =>
  Object.entries(COMPONENT_SHARES).flatMap(([library, keys]) => Object.entries(keys).map(([key, names]) => ({ key, library, names })));

/** The library a share key belongs to when it is a component key. */
export const componentLibrary = (key: string) => componentKeys().find((entry) => entry.key === key)?.library;

/** The component exports of each library (what its shared copy no longer needs). */
export const componentNames = (): Record<string, readonly string[]> =>
  Object.fromEntries(Object.entries(COMPONENT_SHARES).map(([library, keys]) => [library, Object.values(keys).flat()]));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What react-router-dom exports beyond react-router's own exports (the DOM routers), and where it is. */
const ALIAS_OWN_EXPORTS: Record<string, [string, string][]> = { 'react-router-dom': [['^(HydratedRouter|RouterProvider)$', 'react-router/dom']] };

/**
 * Options of @swc/plugin-transform-imports: a component export imported (or re-exported) from its library comes
 * from its own key, the library's other exports stay on the library (split into one declaration each); an import
 * of a package re-exporting a tree-shaken library (LIBRARY_ALIASES) comes from the library itself.
 */
export function transformImportsOptions(): Record<string, { transform: [string, string][]; skipDefaultConversion: true }> {
  return Object.fromEntries([
    ...Object.entries(COMPONENT_SHARES).map(([library, keys]) => [
      escapeRegExp(library),
      {
        transform: [...Object.entries(keys).map(([key, names]): [string, string] => [`^(${names.join('|')})$`, key]), ['.*', library]],
        skipDefaultConversion: true,
      },
    ]),
    ...Object.entries(LIBRARY_ALIASES).map(([alias, library]) => [
      `^${escapeRegExp(alias)}$`,
      { transform: [...(ALIAS_OWN_EXPORTS[alias] ?? []), ['.*', library]], skipDefaultConversion: true },
    ]),
  ]);
}

export interface ComponentShare {
  /** The generated module shared under the key: a re-export of its exports from the library's ES entry. */
  import: string;
  /** The library's installed version (the generated module has no package.json of its own). */
  version: string;
  library: string;
  names: readonly string[];
}

/**
 * The component keys of the libraries the app installs, each with its generated module (the same file for every
 * app of the workspace). Fails when the library no longer exports one of them.
 */
export function componentShares(rootDir: string, appDir: string): Record<string, ComponentShare> {
  const shares: Record<string, ComponentShare> = {};
  for (const { key, library, names } of componentKeys()) {
    const link = path.join(appDir, 'node_modules', library);
    if (!existsSync(path.join(link, 'package.json'))) continue;
    const dir = realpathSync(link);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; module?: string };
    if (!pkg.module) throw new Error(`${library} has no ES module entry to share by component`);
    const entry = path.join(dir, pkg.module);
    const exported = new Set(entryExportNames(entry));
    const lacking = names.filter((name) => !exported.has(name));
    if (lacking.length) throw new Error(`${library} ${pkg.version} does not export ${lacking.join(', ')} (COMPONENT_SHARES in @portal/mf-config)`);
    const file = path.join(rootDir, 'node_modules', '.cache', 'portal-shared', `${key.replace(/[@/]/g, '_')}.js`);
    const text = `// Generated by @portal/mf-config (componentShares.ts): ${library} components shared under ${key}.\nexport { ${names.join(', ')} } from ${JSON.stringify(entry)};\n`;
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    shares[key] = { import: file, version: pkg.version, library, names };
  }
  return shares;
}
