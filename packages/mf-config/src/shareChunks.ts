import type { Chunk, ChunkGraph, Module } from 'webpack';

/** The share key a chunk group is loaded for: its origin's provided or consumed shared module (Module Federation). */
function originKey(module: Module | null | undefined): string | undefined {
  if (module?.type === 'provide-module') return (module as Module & { _name?: string })._name;
  if (module?.type === 'consume-shared-module') return (module as Module & { options?: { shareKey?: string } }).options?.shareKey;
  return undefined;
}

/**
 * splitChunks cache groups for a library shared under several keys (componentShares.ts) by the provider build: the
 * modules of the library's own key in one chunk, `name`; what two or more of its other keys share and the library's
 * key does not hold in one chunk per set of keys, `${name}-keys-<their last path segments>` (the table's and the
 * Libraries tree's rc-tree in one, the form's and the sections' grid in another), so a page loads only what the keys
 * it uses share. Each key's chunk group loads those it needs, so no key carries a copy of another's internals
 * (webpack's defaults split each combination of keys into a chunk of its own from 20 KB and copy smaller ones into
 * each key), and a page loading the library's key gets its modules in one chunk (they compress better together).
 */
export function shareKeyCacheGroups(library: string, keys: readonly string[], name: string) {
  const byChunk = new WeakMap<Chunk, Set<string>>();
  const chunkKeys = (chunk: Chunk): Set<string> => {
    let found = byChunk.get(chunk);
    if (!found) {
      found = new Set();
      for (const group of chunk.groupsIterable) {
        for (const origin of group.origins) {
          const key = originKey(origin.module);
          if (key === library || (key && keys.includes(key))) found.add(key);
        }
      }
      byChunk.set(chunk, found);
    }
    return found;
  };
  // The keys whose chunk groups hold a module, given its chunks; none when another chunk group holds it too (a
  // page's chunk importing the same helper): it is left to webpack's defaults, or the page would load the library's
  // chunk.
  const keysOf = (chunks: Iterable<Chunk>): Set<string> => {
    const found = new Set<string>();
    for (const chunk of chunks) {
      const keysOfChunk = chunkKeys(chunk);
      if (!keysOfChunk.size) return new Set();
      keysOfChunk.forEach((key) => found.add(key));
    }
    return found;
  };
  type Context = { chunkGraph: ChunkGraph };
  return {
    [name]: {
      test: (module: Module, { chunkGraph }: Context) => keysOf(chunkGraph.getModuleChunksIterable(module)).has(library),
      name,
      chunks: 'async' as const,
      enforce: true,
      priority: 20,
    },
    [`${name}-keys`]: {
      test: (module: Module, { chunkGraph }: Context) => {
        const found = keysOf(chunkGraph.getModuleChunksIterable(module));
        return !found.has(library) && found.size > 1;
      },
      name: (_module: Module, chunks: Chunk[]) =>
        `${name}-keys-${[...keysOf(chunks)]
          .map((key) => key.split('/').at(-1))
          .sort()
          .join('-')}`,
      chunks: 'async' as const,
      enforce: true,
      priority: 10,
    },
  };
}
