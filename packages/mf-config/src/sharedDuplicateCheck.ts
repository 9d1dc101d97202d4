import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Chunk, Compilation, Compiler, Module } from 'webpack';
import type { SharedPackage } from './shared';

/** Modules created by Module Federation's sharing: a chunk loaded only through them holds a shared library. */
const SHARE_MODULE_TYPES = new Set(['consume-shared-module', 'provide-module']);

export interface ChunkContents {
  name: string;
  /**
   * True when every chunk group holding the chunk was opened by Module Federation's sharing or by code of
   * a shared library itself (a library's own lazy import stays inside its shared copy).
   */
  fromShare: boolean;
  modules: { resource: string; issuer?: string }[];
}

/**
 * A shared library must only live in the chunks Module Federation loads for the share scope. If one of
 * its files sits in any other chunk (an entry, an exposed module, a page chunk), that code was imported
 * past the share scope (a deep import, a relative path, an eager copy) and the page would hold it twice.
 */
export function findBundledTwice(chunks: ChunkContents[], packages: SharedPackage[], rootDir: string): string[] {
  const problems: string[] = [];
  for (const chunk of chunks) {
    if (chunk.fromShare) continue;
    const byPackage = new Map<string, string[]>();
    for (const { resource, issuer } of chunk.modules) {
      const owner = packages.find(({ dir }) => isInside(resource, dir));
      if (!owner) continue;
      const where = `${path.relative(rootDir, resource)}${issuer ? ` (imported by ${path.relative(rootDir, issuer)})` : ''}`;
      byPackage.set(owner.name, [...(byPackage.get(owner.name) ?? []), where]);
    }
    for (const [name, files] of byPackage) {
      const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
      problems.push(
        `shared library ${name} is bundled into chunk "${chunk.name}" outside the share scope: ${shown}. ` +
          `Import it by its bare name (or add the deep import to SHARED_PREFIXES in @portal/mf-config).`,
      );
    }
  }
  return problems;
}

function isInside(resource: string, dir: string): boolean {
  if (!resource.startsWith(dir + path.sep)) return false;
  // A workspace package's own node_modules holds other packages, not the package itself.
  return !resource.slice(dir.length).includes(`${path.sep}node_modules${path.sep}`);
}

function resourcesOf(module: Module): string[] {
  const nested = (module as unknown as { modules?: Module[] }).modules; // ConcatenatedModule
  if (nested) return nested.flatMap(resourcesOf);
  const resource = (module as unknown as { resource?: string }).resource;
  if (resource) return [resource.split('?')[0]];
  // A context module (`import(\`moment/locale/${name}\`)`) stands for its folder: the chunks it opens hold files of
  // the library that folder belongs to, loaded through code of a shared package.
  const folder = module.type === 'javascript/dynamic' ? (module as unknown as { context?: string }).context : undefined;
  return folder && existsSync(folder) ? [path.join(realpathSync(folder), path.sep)] : [];
}

export function chunkContents(compilation: Compilation, chunk: Chunk, packages: SharedPackage[]): ChunkContents {
  const isShareOrigin = (module: Module | null) =>
    module !== null && (SHARE_MODULE_TYPES.has(module.type) || resourcesOf(module).some((resource) => packages.some(({ dir }) => isInside(resource, dir))));
  const groups = [...chunk.groupsIterable];
  const fromShare = groups.length > 0 && groups.every((group) => group.origins.length > 0 && group.origins.every((origin) => isShareOrigin(origin.module)));
  const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap((module) => {
    const issuer = compilation.moduleGraph.getIssuer(module);
    const issuerResource = issuer ? resourcesOf(issuer)[0] : undefined;
    return resourcesOf(module).map((resource) => ({ resource, issuer: issuerResource }));
  });
  return { name: chunk.name ?? String(chunk.id), fromShare, modules };
}

/** Fails the build when a shared library ends up bundled outside its shared chunks (i.e. twice on the page). */
export class SharedDuplicateCheckPlugin {
  constructor(
    private readonly packages: SharedPackage[],
    private readonly rootDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('SharedDuplicateCheckPlugin', (compilation) => {
      compilation.hooks.afterSeal.tap('SharedDuplicateCheckPlugin', () => {
        const chunks = [...compilation.chunks].map((chunk) => chunkContents(compilation, chunk, this.packages));
        for (const problem of findBundledTwice(chunks, this.packages, this.rootDir)) {
          compilation.errors.push(new compiler.webpack.WebpackError(problem));
        }
      });
    });
  }
}
