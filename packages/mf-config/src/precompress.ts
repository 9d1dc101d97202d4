import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler } from 'webpack';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text files a browser fetches; smaller ones gain nothing from compression. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const MIN_BYTES = 1024;
/**
 * Brotli quality 9: output within a few per cent of the best (11) on these bundles, at a small fraction of its
 * CPU time.
 */
const BROTLI_QUALITY = 9;

export interface Compressed {
  gzip: Buffer;
  brotli: Buffer;
}

/** gzip (level 9) and brotli of one file, as the server sends them for `Accept-Encoding: gzip` / `br`. */
export async function compress(content: Buffer): Promise<Compressed> {
  const [gz, br] = await Promise.all([
    gzip(content, { level: 9 }),
    brotli(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  ]);
  return { gzip: gz, brotli: br };
}

export const isCompressible = (file: string, size: number) => COMPRESSIBLE.test(file) && size >= MIN_BYTES;

/**
 * Emits `<file>.gz` and `<file>.br` beside every compressible asset, so the server sends precompressed files
 * (no compression per request) with Content-Encoding and `Vary: Accept-Encoding`.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async () => {
        const assets = compilation.getAssets().filter(({ name, source }) => isCompressible(name, source.size()));
        await Promise.all(
          assets.map(async ({ name, source, info }) => {
            const { gzip: gz, brotli: br } = await compress(Buffer.from(source.buffer()));
            const related = { compressed: true, immutable: info.immutable };
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), related);
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br), related);
          }),
        );
      });
    });
  }
}
