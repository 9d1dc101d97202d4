/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Compiler } from 'webpack';
import { compile } from './testing/compile';
import { firstPageFiles, SizeBudgetPlugin } from './sizeBudget';

jest.setTimeout(120_000);

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A library of about `kb` KB that compresses badly (random text), marked so its chunk can be found. */
function library(dir: string, name: string, kb: number) {
  write(path.join(dir, `node_modules/${name}/package.json`), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
  write(path.join(dir, `node_modules/${name}/index.js`), `module.exports = { marker: '${name}-marker', data: '${randomBytes(kb * 768).toString('base64')}' };`);
}

interface Build {
  errors: string[];
  firstPage: string[];
  fileOf: (marker: string) => string | undefined;
  output: string[];
}

/**
 * A real Module Federation host like the shell: an async boundary, a bootstrap using the small shared library and
 * importing `./later` (which uses the big one) with the given chunk name; the first page's budget is 500 KB (the federation
 * runtime in the entry, unminified, is about 200 KB).
 */
async function build(dir: string, chunkName: string, shareKeyKb: Record<string, number> = {}, servingReleases = new Set<string>()): Promise<Build> {
  library(dir, 'small-lib', 2);
  library(dir, 'big-lib', 600);
  write(path.join(dir, 'src/index.js'), "console.log('entry-marker'); import('./bootstrap');");
  write(
    path.join(dir, 'src/bootstrap.js'),
    `import small from 'small-lib'; console.log('bootstrap-marker', small.marker);
    document.addEventListener('click', () => import(/* webpackChunkName: "${chunkName}" */ './later'));`,
  );
  write(path.join(dir, 'src/later.js'), "import big from 'big-lib'; console.log('later-marker', big.marker);");
  let firstPage: string[] = [];
  const assets = new Map<string, string>();
  const output: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: string) => {
    output.push(line);
  });
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './src/index.js' },
    output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        shared: { 'small-lib': { singleton: true, requiredVersion: '^1.0.0' }, 'big-lib': { singleton: true, requiredVersion: '^1.0.0' } },
        dts: false,
      }),
      new SizeBudgetPlugin('fixture', [], true, { kb: 500, later: ['signed-in'] }, undefined, shareKeyKb, servingReleases),
      // What the build made, emitted or not (a build over budget emits nothing).
      {
        apply: (c: Compiler) =>
          c.hooks.afterCompile.tap('probe', (compilation) => {
            firstPage = [...firstPageFiles(compilation, ['signed-in'])];
            for (const asset of compilation.getAssets()) assets.set(asset.name, asset.source.source().toString());
          }),
      },
    ],
  });
  const errors = await compile(compiler);
  log.mockRestore();
  const fileOf = (marker: string) => [...assets].find(([name, text]) => name.endsWith('.js') && text.includes(marker))?.[0];
  return { errors, firstPage, fileOf, output };
}

describe('the first page budget (the login page)', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mf-size-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the entry, the bootstrap and the shared libraries it uses, not a chunk named as loaded later, and passes', async () => {
    const { errors, firstPage, fileOf, output } = await build(dir, 'signed-in');
    const [entry, bootstrap, small, later, big] = ['entry', 'bootstrap', 'small-lib', 'later', 'big-lib'].map((name) => fileOf(`${name}-marker`));
    expect([entry, bootstrap, small, later, big].every(Boolean)).toBe(true);
    expect(firstPage).toEqual(expect.arrayContaining([entry, bootstrap, small]));
    expect(firstPage).not.toContain(later);
    expect(firstPage).not.toContain(big);
    expect(errors).toEqual([]);
    expect(output.some((line) => /^size fixture first page: \d+ KB brotli, \d+ KB gzip, \d+ KB raw in \d+ files \(budget 500 KB\)$/.test(line))).toBe(true);
  });

  it('fails the build when the first page loads more than its budget (the big library not deferred)', async () => {
    const { errors, firstPage, fileOf } = await build(dir, 'other-name');
    expect(firstPage).toContain(fileOf('big-lib-marker'));
    expect(errors).toEqual([expect.stringMatching(/size fixture first page: \d+ KB brotli.*\(budget 500 KB\): over budget/)]);
  });
});

describe('the share key budgets', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mf-size-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts what a provided key loads, passes within its budget and fails above it or when the key is not provided', async () => {
    const within = await build(dir, 'signed-in', { 'big-lib': 800, 'small-lib': 50 });
    expect(within.errors).toEqual([]);
    const line = within.output.find((text) => text.startsWith('size fixture share big-lib:'));
    // The 600 KB library (raw: no compressed siblings here), not the small one.
    expect(Number(/: (\d+) KB brotli/.exec(line ?? '')?.[1])).toBeGreaterThanOrEqual(600);
    expect(within.output.some((text) => /^size fixture share small-lib: [1-9] KB brotli.*\(budget 50 KB\)$/.test(text))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
    const over = await build(dir, 'signed-in', { 'big-lib': 300, 'no-lib': 10 });
    expect(over.errors).toEqual([
      expect.stringMatching(/size fixture share big-lib: \d+ KB brotli.*\(budget 300 KB\): over budget/),
      expect.stringContaining('the build provides no share key no-lib'),
    ]);
  });

  it('prints a key that also serves older releases, and the app, without holding them to their budgets', async () => {
    const serving = await build(dir, 'signed-in', { 'big-lib': 300 }, new Set(['big-lib']));
    expect(serving.errors).toEqual([]);
    expect(serving.output).toContainEqual(
      expect.stringMatching(/^size fixture share big-lib: \d+ KB brotli.*\(budget 300 KB\), with what older releases take: not held to it$/),
    );
    // The app's own total holds the key's files too.
    expect(serving.output).toContainEqual(expect.stringMatching(/^size fixture: \d+ KB brotli.*, with what older releases take: not held to it$/));
  });
});
