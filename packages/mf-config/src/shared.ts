import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { componentLibrary } from './componentShares';

/**
 * Third-party libraries every app shares as singletons (one copy on the page). Versions come from the catalog.
 * Not @ant-design/icons: a shared package is loaded whole (945 KB of icons for the two on the login page), while
 * each icon is a stateless component, so every app bundles just the icons it imports (antd's own come with antd).
 */
export const SHARED_LIBRARIES = [
  'react',
  'react-dom',
  // Not react-router-dom: the builds import react-router in its place (sharedExports.ts LIBRARY_ALIASES). A remote
  // built before consumes its own react-router-dom, a re-export of the shared react-router.
  'react-router',
  'antd',
  '@ant-design/cssinjs',
  'redux',
  '@reduxjs/toolkit',
  'react-redux',
  'redux-saga',
  'axios',
  'moment',
  'i18next',
  'react-i18next',
  'highcharts',
  'highcharts-react-official',
  'single-spa',
  'single-spa-react',
] as const;

/** Workspace packages shared the same way: one store, one api client, one i18n instance on the page. */
export const SHARED_WORKSPACE_PACKAGES = ['@portal/session', '@portal/api', '@portal/ui', '@portal/i18n', '@portal/contract', '@portal/lists'] as const;

/**
 * Deep imports that are part of a library's public API (JSX runtime, react-dom/client, redux-saga/effects,
 * highcharts modules). Sharing the prefix makes each of them a singleton too; any other deep import of a
 * shared library is bundled and the duplicate check fails the build.
 */
export const SHARED_PREFIXES = ['react/', 'react-dom/', 'react-router/', 'redux-saga/', '@reduxjs/toolkit/', 'highcharts/'] as const;

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  strictVersion: boolean;
  /** Given for deep imports, whose folders often have a package.json without a version (redux-saga/effects). */
  version?: string;
  /** The module shared in place of the package: the shell's cut-down copy (sharedExports.ts). */
  import?: string;
}
export type SharedConfig = Record<string, SharedEntry>;

export interface SharedPackage {
  /** Share key, e.g. 'react' or '@portal/session'. */
  name: string;
  /** Where the package's files are, so the duplicate check can tell its modules. */
  dir: string;
}

function installedPackageDir(appDir: string, name: string): string | undefined {
  const link = path.join(appDir, 'node_modules', name);
  return existsSync(path.join(link, 'package.json')) ? link : undefined;
}

/**
 * The `shared` option for one app: every library of the single list that the app depends on (an app
 * cannot provide what it does not install). Libraries need the catalog's major (strictVersion: a remote
 * built against an incompatible release fails to load instead of running against the wrong copy);
 * workspace packages are unversioned source, so a mismatch only warns and the page's copy is used.
 * `subsets` (the shell's, from sharedSubsets) replaces a library by its cut-down copy; `components` (from
 * componentShares) adds a library's component keys, each a singleton with the library's catalog range.
 */
export function buildShared(
  appDir: string,
  catalog: Record<string, string>,
  subsets: Record<string, { import: string; version: string }> = {},
  components: Record<string, { import: string; version: string; library: string }> = {},
): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of SHARED_LIBRARIES) {
    if (!installedPackageDir(appDir, name)) continue;
    const version = catalog[name];
    if (!version) throw new Error(`Shared library ${name} has no version in the pnpm-workspace.yaml catalog`);
    const entry: SharedEntry = { singleton: true, requiredVersion: `^${version}`, strictVersion: true };
    const subset = subsets[name];
    shared[name] = subset ? { ...entry, import: subset.import, version: subset.version } : entry;
    const prefix = SHARED_PREFIXES.find((candidate) => candidate === `${name}/`);
    if (prefix) shared[prefix] = { ...entry, version };
  }
  for (const [key, component] of Object.entries(components)) {
    if (!shared[component.library]) continue;
    const { singleton, requiredVersion, strictVersion } = shared[component.library];
    shared[key] = { singleton, requiredVersion, strictVersion, import: component.import, version: component.version };
  }
  for (const name of SHARED_WORKSPACE_PACKAGES) {
    const dir = installedPackageDir(appDir, name);
    if (!dir) continue;
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    shared[name] = { singleton: true, requiredVersion: `^${version}`, strictVersion: false };
  }
  return shared;
}

/** The real folders of the shared packages an app uses (pnpm links resolve to the store or the workspace). */
export function sharedPackageDirs(appDir: string, shared: SharedConfig): SharedPackage[] {
  return (
    Object.keys(shared)
      // Deep-import prefixes and component keys (generated modules) are not packages of their own.
      .filter((name) => !name.endsWith('/') && !componentLibrary(name))
      // realpath resolves pnpm's links, so module resources (always real paths) can be matched against it.
      .map((name) => ({ name, dir: realpathSync(installedPackageDir(appDir, name) as string) }))
  );
}
