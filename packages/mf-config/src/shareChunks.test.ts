import type { Chunk, ChunkGraph, Module } from 'webpack';
import { shareKeyCacheGroups } from './shareChunks';

/** A chunk loaded by the chunk groups of the given origins ('P:key' provides a share key, 'C:key' consumes it). */
const chunk = (...origins: string[]) =>
  ({
    groupsIterable: origins.map((origin) => {
      const [kind, key] = origin.split(':');
      const module =
        kind === 'P'
          ? { type: 'provide-module', _name: key }
          : kind === 'C'
            ? { type: 'consume-shared-module', options: { shareKey: key } }
            : { type: 'javascript/auto' };
      return { origins: [{ module }] };
    }),
  }) as unknown as Chunk;

describe('the chunks of a library shared under several keys', () => {
  const groups = shareKeyCacheGroups('antd', ['antd/tables-forms', 'antd/pickers'], 'antd');
  const [own, keys] = [groups.antd, groups['antd-keys']];
  const where = (...chunks: Chunk[]) => {
    const module = {} as Module;
    const chunkGraph = { getModuleChunksIterable: (m: Module) => (m === module ? chunks : []) } as unknown as ChunkGraph;
    return { own: own.test(module, { chunkGraph }), keys: keys.test(module, { chunkGraph }) };
  };

  it("puts what the library's key holds in its chunk, whatever other keys hold it too", () => {
    expect(where(chunk('P:antd'))).toEqual({ own: true, keys: false });
    expect(where(chunk('P:antd'), chunk('C:antd'), chunk('P:antd/pickers'), chunk('P:antd/tables-forms'))).toEqual({ own: true, keys: false });
    expect(own).toMatchObject({ name: 'antd', chunks: 'async', enforce: true });
  });

  it('puts what two other keys share in a chunk of its own, and leaves what one key holds to it', () => {
    expect(where(chunk('P:antd/pickers'), chunk('P:antd/tables-forms', 'C:antd/tables-forms'))).toEqual({ own: false, keys: true });
    expect(where(chunk('P:antd/tables-forms'), chunk('C:antd/tables-forms'))).toEqual({ own: false, keys: false });
    expect(keys).toMatchObject({ chunks: 'async', enforce: true });
  });

  it("names the chunk after the set of keys that share its modules, so a page loads only its keys' sets", () => {
    type Name = (module: Module, chunks: Chunk[]) => string;
    const module = {} as Module;
    const twoKeys = [chunk('P:antd/tables-forms'), chunk('P:antd/pickers', 'C:antd/pickers')];
    expect((keys.name as Name)(module, twoKeys)).toBe('antd-keys-pickers-tables-forms');
    expect((keys.name as Name)(module, [chunk('P:antd/pickers'), chunk('C:antd/tables-forms')])).toBe('antd-keys-pickers-tables-forms');
    const threeKeys = shareKeyCacheGroups('antd', ['antd/tables-forms', 'antd/pickers', 'antd/more'], 'antd')['antd-keys']!.name as Name;
    expect(threeKeys(module, [chunk('P:antd/more'), chunk('P:antd/tables-forms'), chunk('P:antd/pickers')])).toBe('antd-keys-more-pickers-tables-forms');
    expect(threeKeys(module, [chunk('P:antd/more'), chunk('P:antd/tables-forms')])).toBe('antd-keys-more-tables-forms');
  });

  it("leaves a module a page's chunk holds too to webpack's defaults (the page would load the library's chunk)", () => {
    expect(where(chunk('P:antd'), chunk('page'))).toEqual({ own: false, keys: false });
    expect(where(chunk('P:antd/pickers'), chunk('P:antd/tables-forms'), chunk('C:@portal/ui'))).toEqual({ own: false, keys: false });
  });
});
