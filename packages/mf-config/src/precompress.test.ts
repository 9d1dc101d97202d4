import zlib from 'node:zlib';
import { compress, isCompressible } from './precompress';
import { overBudget, sizeLine } from './sizeBudget';

describe('precompressed files and the size budget', () => {
  it('writes gzip and brotli that decompress to the file, smaller than it', async () => {
    const content = Buffer.from('export const answer = () => "forty-two";\n'.repeat(200));
    const { gzip, brotli } = await compress(content);
    expect(zlib.gunzipSync(gzip).equals(content)).toBe(true);
    expect(zlib.brotliDecompressSync(brotli).equals(content)).toBe(true);
    expect(brotli.length).toBeLessThan(gzip.length);
    expect(gzip.length).toBeLessThan(content.length / 10);
  });

  it('compresses only text files a browser fetches, from 1 KB', () => {
    expect(['main.0123abcd.js', 'index.html', 'mf-manifest.json', 'a.css'].map((f) => isCompressible(f, 5000))).toEqual([true, true, true, true]);
    expect(isCompressible('main.0123abcd.js', 800)).toBe(false);
    expect(isCompressible('logo.0123abcd.png', 50_000)).toBe(false);
    expect(isCompressible('main.0123abcd.js.br', 50_000)).toBe(false);
  });

  it('prints the transferred size and fails above the budget', () => {
    const size = { raw: 3_000_000, gzip: 900_000, brotli: 750_000, files: 30 };
    expect(sizeLine('shell', size, 800)).toBe('size shell: 732 KB brotli, 879 KB gzip, 2930 KB raw in 30 files (budget 800 KB)');
    expect(overBudget(size, 800)).toBe(false);
    expect(overBudget(size, 700)).toBe(true);
    expect(overBudget(size, undefined)).toBe(false);
  });
});
