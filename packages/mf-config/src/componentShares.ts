import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryExportNames, LIBRARY_ALIASES, releasesUsed } from './sharedExports';

/**
 * Exports of a shared library that no signed-in first view needs, shared under keys of their own instead of in the
 * library's shared copy: a shared module is fetched when a chunk that consumes it loads, so a page gets them only
 * when its own code uses one of them. The keys are modules of the same provider build (the shell), so antd's
 * internals (ConfigProvider context, theme, cssinjs cache, message holders) stay one instance. Each app's build
 * rewrites `import { Table } from 'antd'` to `from 'antd/tables-forms'` (transformImportsOptions).
 *
 * Keys group what pages load first, not components by kind: `antd/pickers` holds what the counters page renders
 * beside antd's own key (its date pickers and the chart type's Segmented), `antd/tables-forms` what a list page
 * imports before any click (the table and what its header and column search render, the delete confirmation's and
 * the messages' holders), `antd/more` what no list page renders at first view (the forms' Form and inputs: the
 * modal form is fetched when a form first opens; uploads, status pages, descriptions, the compare page's Cascader,
 * the devices page's Badge and Divider, the list's Select Fields dialog's List), `antd/cards` what the dashboard and
 * the counters page render beside antd's key and no list page does (Card with its Tabs, Statistic, the sections'
 * Row and Col, the Libraries TreeSelect). The internals the keys share go to chunks the shell's build factors out
 * (shareChunks.ts): antd's key in one chunk, what a set of other keys share in one chunk per set, so no key carries
 * copies and a page loads only its keys' sets. Without that, each combination of keys was a chunk of its own or,
 * below webpack's minimum chunk size, copied into each key (eleven keys, one per component, cost a list page 127 KB
 * more brotli).
 *
 * antd keeps what the signed-in layout renders before any click (Layout, Menu, Dropdown, the language Select,
 * Spin…) and what most pages render (Button, Space, Typography, Flex, Tooltip, Empty). What is shown only
 * after a click or on a failure is in the other keys, its modules loaded when needed: Modal (`antd/tables-forms`:
 * the logout confirmation, a chunk of its own fetched when the avatar menu is pointed at; the counters' export
 * dialog, fetched when opened), Result and Descriptions (`antd/more`: the status pages of @portal/ui, StatusResult;
 * About, a lazy route). App is shared under no key: no app renders it (its message, notification and Modal holders
 * were in every first view, and under `antd/more` they filled the keys' shared chunk, 25 KB brotli instead of 9); a
 * component that shows a message or a dialog renders its own holder. A release built
 * before an export moved to another key stays servable: the shell's key also provides what built releases recorded
 * taking from it.
 */
export const COMPONENT_SHARES: Record<string, Record<string, readonly string[]>> = {
  antd: {
    'antd/tables-forms': [
      // What a list page imports before any click: the table and what its header and search render, the
      // catalogues' import warning and the delete confirmation.
      'Alert',
      'Checkbox',
      'Input',
      'Modal',
      'Radio',
      'Table',
      'Tag',
      'message',
    ],
    // What no list page renders at first view: among them the form dialogs' Form and inputs (the modal form is
    // fetched when a form first opens).
    'antd/more': ['Badge', 'Cascader', 'Descriptions', 'Divider', 'Form', 'InputNumber', 'List', 'Progress', 'Result', 'Switch', 'Upload'],
    'antd/pickers': ['DatePicker', 'Segmented', 'TimePicker'],
    // What the dashboard and the counters page render beside antd's key and no list page does: the figures' cards
    // (Card holds Tabs), the sections' grid and the Libraries tree.
    'antd/cards': ['Card', 'Col', 'Row', 'Statistic', 'Tabs', 'TreeSelect'],
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
  /** Of those, what only older releases take (the provider's, beyond the key's names today). */
  forReleases: readonly string[];
}

/**
 * What the remotes' built releases recorded they take from a component key beyond its names today (an export moved
 * to another key since they were built). A release that recorded nothing of the key does not consume it.
 */
function releasedBeyond(rootDir: string, key: string, names: readonly string[]): string[] {
  const used = releasesUsed(rootDir, key, []);
  return used === '*' ? [] : used.filter((name) => !names.includes(name));
}

/**
 * The component keys of the libraries the app installs, each with its generated module (the same file for every
 * app of the workspace). Fails when the library no longer exports one of them. The provider's (`provider`: the
 * shell's production build) also exports what built releases take from the key beyond its names, so a release built
 * before an export moved to another key stays servable; its module is a file of its own then.
 */
export function componentShares(rootDir: string, appDir: string, provider = false): Record<string, ComponentShare> {
  const shares: Record<string, ComponentShare> = {};
  for (const { key, library, names: keyNames } of componentKeys()) {
    const link = path.join(appDir, 'node_modules', library);
    if (!existsSync(path.join(link, 'package.json'))) continue;
    const dir = realpathSync(link);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; module?: string };
    if (!pkg.module) throw new Error(`${library} has no ES module entry to share by component`);
    const entry = path.join(dir, pkg.module);
    const exported = new Set(entryExportNames(entry));
    const lacking = keyNames.filter((name) => !exported.has(name));
    if (lacking.length) throw new Error(`${library} ${pkg.version} does not export ${lacking.join(', ')} (COMPONENT_SHARES in @portal/mf-config)`);
    const beyond = provider ? releasedBeyond(rootDir, key, keyNames).filter((name) => exported.has(name)) : [];
    const names = [...keyNames, ...beyond];
    const file = path.join(rootDir, 'node_modules', '.cache', 'portal-shared', `${key.replace(/[@/]/g, '_')}${beyond.length ? '.releases' : ''}.js`);
    const text = `// Generated by @portal/mf-config (componentShares.ts): ${library} components shared under ${key}.\nexport { ${names.join(', ')} } from ${JSON.stringify(entry)};\n`;
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    shares[key] = { import: file, version: pkg.version, library, names, forReleases: beyond };
  }
  return shares;
}
