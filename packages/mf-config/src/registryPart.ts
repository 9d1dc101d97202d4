import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';
import { registryRemoteProblems, type RegistryRemote, type RemoteManifest } from '@portal/contract';
import { pickTranslations } from './translations';

export const REGISTRY_PART_FILE = 'registry-part.json';
export const EXPOSED_LIFECYCLES = './lifecycles';

/** A release's version as a path segment: x.y.z with an optional pre-release (no slashes, no dot segments). */
export const RELEASE_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/** The app's package.json version: each remote is released under it. */
export function appVersion(appDir: string): string {
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string };
  if (!RELEASE_VERSION.test(version)) throw new Error(`${path.basename(appDir)}/package.json: version ${version} is not x.y.z`);
  return version;
}

/**
 * Where one release of a remote is served: /remotes/<folder>/<version>/. Every version keeps its own folder
 * (`<folder>/dist/<version>/`), so the registry picks one and going back needs no rebuild.
 */
export const remoteBasePath = (app: string, version: string) => `/remotes/${app}/${version}/`;

/** The build folder of one release of a remote. */
export const remoteDistDir = (appDir: string, version: string) => path.join(appDir, 'dist', version);

/**
 * One remote's registry entry: its typed `src/manifest.ts` plus what only the build knows (folder,
 * package.json version, its versioned manifest URL) and the menu/title texts of its nine locale files.
 */
export function buildRegistryPart(appDir: string): { part: RegistryRemote; problems: string[] } {
  const app = path.basename(appDir);
  // TypeScript source, loaded through the tsx hook that load.js registered for this process.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { manifest } = require(path.join(appDir, 'src', 'manifest.ts')) as { manifest: RemoteManifest };
  const version = appVersion(appDir);
  const keys = [...manifest.routes.map((route) => route.titleKey), ...manifest.menu.map((entry) => entry.labelKey)];
  const { translations, problems } = pickTranslations(path.join(appDir, 'src', 'locales'), manifest.namespace, keys);
  const part: RegistryRemote = {
    ...manifest,
    app,
    version,
    manifestUrl: `${remoteBasePath(app, version)}mf-manifest.json`,
    expose: EXPOSED_LIFECYCLES,
    translations,
  };
  return { part, problems: [...registryRemoteProblems(part, app), ...problems] };
}

/** Emits dist/<version>/registry-part.json; an invalid manifest or a missing text fails the build. */
export class RegistryPartPlugin {
  constructor(private readonly appDir: string) {}

  apply(compiler: Compiler): void {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RegistryPartPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RegistryPartPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { part, problems } = buildRegistryPart(this.appDir);
        problems.forEach((problem) => compilation.errors.push(new WebpackError(`registry: ${problem}`)));
        compilation.emitAsset(REGISTRY_PART_FILE, new sources.RawSource(`${JSON.stringify(part, null, 2)}\n`));
      });
    });
  }
}
