/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type AssetInfo, type Compiler } from 'webpack';
import { compile } from './testing/compile';
import { styleSheets } from './createWebpackConfig';
import { PrecompressPlugin } from './precompress';
import { SizeBudgetPlugin } from './sizeBudget';

jest.setTimeout(120_000);

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

interface Build {
  errors: string[];
  output: string[];
  assets: Map<string, { text: string; info: AssetInfo }>;
  /** The files of the chunk holding the shared library's module. */
  libraryChunkFiles: string[];
}

/**
 * A real Module Federation host like the shell: its bootstrap uses a shared library (like @portal/ui) that imports a
 * style sheet of ~8 KB that compresses badly; built in production with the apps' style-sheet rule, precompression
 * and a size budget with the given budget for style sheets.
 */
async function build(dir: string, cssKb: number): Promise<Build> {
  write(path.join(dir, 'node_modules/ui-lib/package.json'), JSON.stringify({ name: 'ui-lib', version: '1.0.0', main: 'index.js' }));
  write(path.join(dir, 'node_modules/ui-lib/index.js'), "import './sheet.css'; export const marker = 'ui-lib-marker';");
  write(path.join(dir, 'node_modules/ui-lib/sheet.css'), `.ui-lib-sheet{color:red}.filler{content:"${randomBytes(6 * 1024).toString('base64')}"}`);
  write(path.join(dir, 'src/index.js'), "import('./bootstrap');");
  write(path.join(dir, 'src/bootstrap.js'), "import { marker } from 'ui-lib'; console.log(marker);");
  const styles = styleSheets(false);
  const output: string[] = [];
  const assets: Build['assets'] = new Map();
  let libraryChunkFiles: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: string) => {
    output.push(line);
  });
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './src/index.js' },
    output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
    module: { rules: [styles.rule] },
    optimization: { minimize: false },
    plugins: [
      ...styles.plugins,
      new ModuleFederationPlugin({ name: 'fixture', shared: { 'ui-lib': { singleton: true, requiredVersion: '^1.0.0' } }, dts: false }),
      new PrecompressPlugin(),
      new SizeBudgetPlugin('fixture', [], true, undefined, cssKb),
      {
        apply: (c: Compiler) =>
          c.hooks.afterCompile.tap('probe', (compilation) => {
            for (const asset of compilation.getAssets()) assets.set(asset.name, { text: asset.source.source().toString(), info: asset.info });
            const library = [...compilation.modules].find((module) => (module as { resource?: string }).resource?.endsWith(path.join('ui-lib', 'index.js')));
            const chunk = library && [...compilation.chunkGraph.getModuleChunksIterable(library)][0];
            libraryChunkFiles = chunk ? [...chunk.files] : [];
          }),
      },
    ],
  });
  const errors = await compile(compiler);
  log.mockRestore();
  return { errors, output, assets, libraryChunkFiles };
}

describe('style sheets', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mf-css-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are css files of the chunk that imports them (a shared library: its own chunk), not scripts; precompressed, immutable, within budget', async () => {
    const { errors, output, assets, libraryChunkFiles } = await build(dir, 50);
    expect(errors).toEqual([]);
    const sheets = [...assets.keys()].filter((name) => name.endsWith('.css'));
    expect(sheets).toEqual([expect.stringMatching(/^\d+\.[0-9a-f]{8}\.css$/)]);
    const [sheet] = sheets;
    expect(assets.get(sheet)?.text).toContain('.ui-lib-sheet{color:red}');
    expect(assets.get(sheet)?.info.immutable).toBe(true);
    // No script carries the rules; the library's chunk loads its sheet beside its script.
    expect([...assets].filter(([name, { text }]) => name.endsWith('.js') && text.includes('ui-lib-sheet'))).toEqual([]);
    expect(libraryChunkFiles).toEqual(expect.arrayContaining([sheet, expect.stringMatching(/\.js$/)]));
    expect(assets.has(`${sheet}.br`) && assets.has(`${sheet}.gz`)).toBe(true);
    expect(output).toContainEqual(expect.stringMatching(/^size fixture css: \d+ KB brotli, \d+ KB gzip, \d+ KB raw in 1 files \(budget 50 KB\)$/));
  });

  it('fail the build above their budget', async () => {
    const { errors } = await build(dir, 1);
    expect(errors).toEqual([expect.stringMatching(/size fixture css: \d+ KB brotli.*\(budget 1 KB\): over budget/)]);
  });

  it('are injected by style-loader in development (no css files)', () => {
    const { rule, plugins } = styleSheets(true);
    expect(rule.use).toEqual([require.resolve('style-loader'), require.resolve('css-loader')]);
    expect(plugins).toEqual([]);
  });
});
