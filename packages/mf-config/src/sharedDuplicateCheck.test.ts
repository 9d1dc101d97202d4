/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import { compile } from './testing/compile';
import { findBundledTwice } from './sharedDuplicateCheck';
import { SharedDuplicateCheckPlugin } from './sharedDuplicateCheck';

jest.setTimeout(60_000);

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A real Module Federation build of a tiny app sharing `fake-lib`, whose bootstrap imports what it is given. */
async function build(dir: string, bootstrapSource: string): Promise<string[]> {
  write(path.join(dir, 'node_modules/fake-lib/package.json'), JSON.stringify({ name: 'fake-lib', version: '1.0.0', main: 'index.js' }));
  write(path.join(dir, 'node_modules/fake-lib/index.js'), 'module.exports = { id: Math.random() };');
  write(path.join(dir, 'node_modules/fake-lib/deep.js'), 'module.exports = { deep: true };');
  write(path.join(dir, 'node_modules/fake-lib/locale/es.js'), "module.exports = { locale: 'es' };");
  write(path.join(dir, 'node_modules/fake-lib/locale/fr.js'), "module.exports = { locale: 'fr' };");
  // A shared package (like @portal/i18n) loading one of the library's locale files on demand.
  write(path.join(dir, 'node_modules/fake-i18n/package.json'), JSON.stringify({ name: 'fake-i18n', version: '1.0.0', main: 'index.js' }));
  write(path.join(dir, 'node_modules/fake-i18n/index.js'), 'export const load = (name) => import(`fake-lib/locale/${name}`);');
  write(path.join(dir, 'src/index.js'), "import('./bootstrap');");
  write(path.join(dir, 'src/bootstrap.js'), bootstrapSource);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        shared: { 'fake-lib': { singleton: true, requiredVersion: '^1.0.0' }, 'fake-i18n': { singleton: true, requiredVersion: '^1.0.0' } },
        dts: false,
      }),
      new SharedDuplicateCheckPlugin(
        ['fake-lib', 'fake-i18n'].map((name) => ({ name, dir: realpathSync(path.join(dir, 'node_modules', name)) })),
        dir,
      ),
    ],
  });
  return compile(compiler);
}

describe('shared library bundled twice', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mf-dup-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a build that imports the shared library by its bare name', async () => {
    expect(await build(dir, "import lib from 'fake-lib'; console.log(lib);")).toEqual([]);
  });

  it('fails a build where a deep import bundles the library into the app chunk', async () => {
    const errors = await build(dir, "import lib from 'fake-lib'; import deep from 'fake-lib/deep'; console.log(lib, deep);");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/shared library fake-lib is bundled into chunk .* node_modules\/fake-lib\/deep\.js \(imported by src\/bootstrap\.js\)/);
  });

  it("passes files a shared package loads on demand from a library's folder, and fails the app's own such import", async () => {
    expect(await build(dir, "import { load } from 'fake-i18n'; void load('es');")).toEqual([]);
    const errors = await build(dir, "const load = (name) => import(`fake-lib/locale/${name}`); void load('es');");
    expect(errors.join('\n')).toMatch(/shared library fake-lib is bundled into chunk .* node_modules\/fake-lib\/locale/);
  });

  it('ignores shared-library files that sit in chunks opened by the share scope', () => {
    const chunks = [
      { name: 'shared', fromShare: true, modules: [{ resource: '/r/node_modules/react/index.js' }] },
      { name: 'main', fromShare: false, modules: [{ resource: '/r/src/app.ts' }, { resource: '/r/node_modules/react-dom/client.js' }] },
    ];
    const packages = [
      { name: 'react', dir: '/r/node_modules/react' },
      { name: 'react-dom', dir: '/r/node_modules/react-dom' },
    ];
    expect(findBundledTwice(chunks, packages, '/r')).toEqual([expect.stringMatching(/^shared library react-dom is bundled into chunk "main"/)]);
  });
});
