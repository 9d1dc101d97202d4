import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';
import type { Compiler, Dependency } from 'webpack';

/**
 * Shared libraries the shell provides cut down to the exports the apps import. A shared library is otherwise
 * provided whole (antd: ~370 KB brotli, four fifths unused; react-router 55 KB, nine tenths unused), because the
 * provider cannot know what a remote built later will use. The shell provides the union of what every app's source
 * and every built release uses; each build records what it uses, and the registry assembly refuses a remote that
 * uses an export the shell lacks (rebuild the shell: its union then includes it). Remotes consume the shell's copy,
 * so one copy stays on the page.
 */
export const TREE_SHAKEN_LIBRARIES = ['antd', 'react-router'] as const;

/**
 * Packages that re-export a tree-shaken library, with the library: every app's swc pass rewrites their imports to
 * the library (transformImportsOptions), so the sources' imports of them count as imports of the library.
 * react-router-dom 7 is `export * from 'react-router'` plus the two routers of `react-router/dom`.
 */
export const LIBRARY_ALIASES: Record<string, string> = { 'react-router-dom': 'react-router' };

const aliasesOf = (library: string) => Object.keys(LIBRARY_ALIASES).filter((alias) => LIBRARY_ALIASES[alias] === library);

/** Written by every production build beside its mf-manifest.json. */
export const SHARED_EXPORTS_FILE = 'shared-exports.json';

/** Export names of a library, or '*': the whole library (a namespace, default or dynamic import). */
export type ExportList = string[] | '*';

export interface SharedExports {
  /** What the build's code takes from each library of TREE_SHAKEN_LIBRARIES. */
  used: Record<string, ExportList>;
  /** The shell: what its copy of each library holds. */
  provided?: Record<string, ExportList>;
  /** The federation runtime: the shell provides its own to the page, a remote it loads uses the shell's. */
  runtime?: FederationRuntime;
}

export type FederationRuntime = 'provided' | 'shell';

export function mergeExports(lists: ExportList[]): ExportList {
  if (lists.includes('*')) return '*';
  return [...new Set((lists as string[][]).flat())].sort();
}

/** The names of `used` that `provided` lacks ('*' when the whole library is used but only a part provided). */
export function missingExports(used: ExportList, provided: ExportList): string[] {
  if (provided === '*') return [];
  if (used === '*') return ['*'];
  return used.filter((name) => !provided.includes(name));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The value exports one TypeScript source file imports or re-exports from `library` (type-only ones left out).
 * `tsx`: parse JSX (a .tsx file; a .ts file's `<T>(…) =>` is a generic there).
 */
export function importedNames(source: string, library: string, tsx = true): ExportList {
  if (!source.includes(library)) return [];
  if (new RegExp(`\\b(import|require)\\(\\s*['"\`]${escapeRegExp(library)}['"\`]\\s*\\)`).test(source)) return '*';
  const names = new Set<string>();
  for (const item of parseSync(source, { syntax: 'typescript', tsx }).body) {
    if ((item.type !== 'ImportDeclaration' && item.type !== 'ExportNamedDeclaration' && item.type !== 'ExportAllDeclaration') || item.source?.value !== library)
      continue;
    if (item.type === 'ExportAllDeclaration') return '*';
    if (item.typeOnly) continue;
    for (const specifier of item.specifiers) {
      if (specifier.type === 'ImportSpecifier') {
        if (!specifier.isTypeOnly) names.add(specifier.imported?.value ?? specifier.local.value);
      } else if (specifier.type === 'ExportSpecifier') {
        if (!specifier.isTypeOnly && specifier.orig.type === 'Identifier') names.add(specifier.orig.value);
      } else return '*';
    }
  }
  return [...names].sort();
}

function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const subfolders = (dir: string, pattern: RegExp) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => pattern.test(name))
        .map((name) => path.join(dir, name))
    : [];

/** What the workspace's apps and packages import from `library` or a package re-exporting it (their src folders). */
export function workspaceUsed(rootDir: string, library: string): ExportList {
  const folders = [path.join(rootDir, 'shell'), ...subfolders(rootDir, /^mf-[a-z]+$/), ...subfolders(path.join(rootDir, 'packages'), /^[a-z-]+$/)];
  const files = folders.flatMap((folder) => sourceFilesUnder(path.join(folder, 'src')));
  const sources = [library, ...aliasesOf(library)];
  return mergeExports(
    files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return sources.map((source) => importedNames(text, source, file.endsWith('.tsx')));
    }),
  );
}

/**
 * What the remotes' built releases (`mf-*\/dist/<version>/`) recorded they use of `library`; a release that recorded
 * nothing of it (built before the library was tree-shaken) may use any of it, or `unrecorded`. A file a remote's
 * build is writing at the same moment (parallel builds) is skipped: that remote's sources are scanned anyway.
 */
export function releasesUsed(rootDir: string, library: string, unrecorded: ExportList = '*'): ExportList {
  const files = subfolders(rootDir, /^mf-[a-z]+$/)
    .flatMap((app) => subfolders(path.join(app, 'dist'), /./))
    .map((dist) => path.join(dist, SHARED_EXPORTS_FILE))
    .filter((file) => existsSync(file));
  const used = (file: string): ExportList => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as SharedExports).used[library] ?? unrecorded;
    } catch {
      return [];
    }
  };
  return mergeExports(files.map(used));
}

/** The ES module entry of an installed library (its package.json `module`). */
function esEntry(appDir: string, library: string): string {
  const dir = realpathSync(path.join(appDir, 'node_modules', library));
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { module?: string };
  if (!pkg.module) throw new Error(`${library} has no ES module entry to tree-shake`);
  return path.join(dir, pkg.module);
}

/** The names the ES entry exports (`export { default as Button } from './button'`, `export const version`). */
export function entryExportNames(entryFile: string): string[] {
  const names: string[] = [];
  for (const item of parseSync(readFileSync(entryFile, 'utf8'), { syntax: 'ecmascript' }).body) {
    if (item.type === 'ExportNamedDeclaration') {
      for (const specifier of item.specifiers) {
        if (specifier.type === 'ExportSpecifier') names.push((specifier.exported ?? specifier.orig).value);
      }
    } else if (item.type === 'ExportDeclaration') {
      const { declaration } = item;
      if (declaration.type === 'VariableDeclaration') {
        for (const { id } of declaration.declarations) if (id.type === 'Identifier') names.push(id.value);
      } else if ('identifier' in declaration && declaration.identifier) names.push(declaration.identifier.value);
    }
  }
  return names;
}

/**
 * webpack aliases for the libraries imports are rewritten to (LIBRARY_ALIASES): a workspace package that depends on
 * react-router-dom only (@portal/ui) resolves react-router to the app's own copy, the file the cut-down copy uses.
 */
export function aliasTargets(appDir: string): Record<string, string> {
  const libraries = [...new Set(Object.values(LIBRARY_ALIASES))].filter((library) => existsSync(path.join(appDir, 'node_modules', library, 'package.json')));
  return Object.fromEntries(libraries.map((library) => [`${library}$`, esEntry(appDir, library)]));
}

export interface SubsetModule {
  /** The generated module the shell provides (and consumes) in place of the library. */
  file: string;
  provided: string[];
}

/**
 * Writes the module the shell shares in place of `library`: a re-export of the exports the apps use, from the
 * library's ES entry by absolute path (a bare import there would be consumed from the share scope: itself).
 * Names the library does not export (types imported without `type`) are left out.
 */
export function writeSubsetModule(rootDir: string, appDir: string, library: string, used: string[]): SubsetModule {
  const entry = esEntry(appDir, library);
  const exported = new Set(entryExportNames(entry));
  const provided = used.filter((name) => exported.has(name));
  const file = path.join(rootDir, 'node_modules', '.cache', 'portal-shared', `${library.replace(/[@/]/g, '_')}.js`);
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `// Generated by @portal/mf-config (sharedExports.ts): the exports of ${library} the apps use.\nexport { ${provided.join(', ')} } from ${JSON.stringify(entry)};\n`;
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  return { file, provided };
}

export interface SharedSubset {
  /** The generated module shared under the library's name. */
  import: string;
  /** The library's installed version (the generated module has no package.json of its own). */
  version: string;
  provided: string[];
}

/**
 * The shell's cut-down copies: for each tree-shaken library the app installs, the union of what the workspace's
 * sources and the remotes' built releases use, unless some app uses the whole library. `ownKeys` are the exports
 * shared under keys of their own (componentShares.ts): the builds import them from there, so the sources' imports
 * of them are left out (a release built before still counts).
 */
export function sharedSubsets(rootDir: string, appDir: string, ownKeys: Record<string, readonly string[]> = {}): Record<string, SharedSubset> {
  const subsets: Record<string, SharedSubset> = {};
  for (const library of TREE_SHAKEN_LIBRARIES) {
    const dir = path.join(appDir, 'node_modules', library);
    if (!existsSync(path.join(dir, 'package.json'))) continue;
    const sources = workspaceUsed(rootDir, library);
    const elsewhere = ownKeys[library] ?? [];
    const used = mergeExports([sources === '*' ? '*' : sources.filter((name) => !elsewhere.includes(name)), releasesUsed(rootDir, library)]);
    if (used === '*') continue;
    const { file, provided } = writeSubsetModule(rootDir, appDir, library, used);
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    subsets[library] = { import: file, version, provided };
  }
  return subsets;
}

type ReferencedExport = string[] | { name: string[] };

/**
 * Records what the build's code takes from each tree-shaken library (from webpack's own export usage, so a
 * namespace or dynamic import counts as the whole library) and writes SHARED_EXPORTS_FILE. Given what the
 * build provides, it fails when its own code uses more.
 */
export class SharedExportsPlugin {
  constructor(
    private readonly libraries: readonly string[],
    private readonly provided?: Record<string, ExportList>,
    private readonly runtime?: FederationRuntime,
  ) {}

  apply(compiler: Compiler): void {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedExportsPlugin', (compilation) => {
      const used = new Map<string, Set<string> | '*'>(this.libraries.map((library) => [library, new Set<string>()]));
      compilation.hooks.dependencyReferencedExports.tap('SharedExportsPlugin', (referenced: ReferencedExport[], dependency: Dependency) => {
        // Module Federation's own references (provide, consume fallback) take the whole module: not a use.
        if (dependency.type.includes('shared')) return referenced;
        const request = (dependency as Dependency & { request?: unknown }).request;
        const names = typeof request === 'string' ? used.get(request) : undefined;
        if (!names || names === '*') return referenced;
        for (const item of referenced) {
          const [name] = Array.isArray(item) ? item : item.name;
          if (name === undefined) {
            used.set(request as string, '*');
            break;
          }
          names.add(name);
        }
        return referenced;
      });
      compilation.hooks.processAssets.tap({ name: 'SharedExportsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const record: SharedExports = {
          used: Object.fromEntries([...used].map(([library, names]) => [library, names === '*' ? '*' : [...names].sort()])),
          ...(this.provided ? { provided: this.provided } : {}),
          ...(this.runtime ? { runtime: this.runtime } : {}),
        };
        for (const [library, provided] of Object.entries(this.provided ?? {})) {
          const missing = missingExports(record.used[library] ?? [], provided);
          if (missing.length) compilation.errors.push(new WebpackError(`${library}: the build uses ${missing.join(', ')}, which its shared copy lacks`));
        }
        compilation.emitAsset(SHARED_EXPORTS_FILE, new sources.RawSource(`${JSON.stringify(record, null, 2)}\n`));
      });
    });
  }
}

/** The SHARED_EXPORTS_FILE a build wrote into its dist folder (none: built before the file existed). */
export function readSharedExports(distDir: string): SharedExports | undefined {
  const file = path.join(distDir, SHARED_EXPORTS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SharedExports) : undefined;
}

/**
 * Why remotes cannot run on the shell's shared copies: one uses an export the shell's cut-down copy lacks, or a
 * component key (componentShares.ts) the shell does not share (its own copy would be a second antd on the page,
 * with its own ConfigProvider context), or did not record what it uses.
 */
export function sharedExportProblems(shell: SharedExports | undefined, remotes: { app: string; exports: SharedExports | undefined }[]): string[] {
  const provided = shell?.provided ?? {};
  const cutDown = Object.values(provided).some((list) => list !== '*');
  if (!cutDown) return [];
  const problems: string[] = [];
  for (const { app, exports } of remotes) {
    if (!exports) {
      problems.push(`${app}: no ${SHARED_EXPORTS_FILE} in its release (built by an older @portal/mf-config): build it again`);
      continue;
    }
    for (const library of TREE_SHAKEN_LIBRARIES) {
      if (Array.isArray(provided[library]) && exports.used[library] === undefined) {
        problems.push(`${app}: its release did not record what it uses of ${library} (built by an older @portal/mf-config): build it again`);
      }
    }
    for (const [key, used] of Object.entries(exports.used)) {
      if (used !== '*' && !used.length) continue;
      const shellCopy = provided[key];
      const missing = shellCopy === undefined ? [] : missingExports(used, shellCopy);
      if (shellCopy === undefined) {
        problems.push(`${app} uses ${key}, which the shell does not share: build the shell again (it shares every component key of @portal/mf-config)`);
      } else if (missing.length) {
        problems.push(
          `${app} uses ${key} ${missing.join(', ')}, which the shell's copy lacks: build the shell again (it provides what every built release uses)`,
        );
      }
    }
  }
  return problems;
}

/** A build's dist folder: what it recorded and the Module Federation version that built it (its manifest). */
export interface BuildRecord {
  app: string;
  exports: SharedExports | undefined;
  pluginVersion: string | undefined;
}

/**
 * Why remotes cannot run on the shell's federation runtime: a remote built to use it needs a shell that provides
 * it, built by the same Module Federation version (the remote's bundler runtime calls into it).
 */
export function runtimeProblems(shell: BuildRecord, remotes: BuildRecord[]): string[] {
  return remotes
    .filter((remote) => remote.exports?.runtime === 'shell')
    .flatMap((remote) => {
      if (shell.exports?.runtime !== 'provided') {
        return [`${remote.app} uses the shell's federation runtime, which the shell does not provide: build the shell again`];
      }
      if (remote.pluginVersion !== shell.pluginVersion) {
        return [
          `${remote.app} was built by Module Federation ${remote.pluginVersion ?? 'of an unknown version'} for the shell's runtime, ` +
            `but the shell's is ${shell.pluginVersion ?? 'of an unknown version'}: build them with the same version`,
        ];
      }
      return [];
    });
}
