import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assembleRegistry, parsePins } from './assemble';
import { LOCALES } from './translations';

/** A workspace on disk: the shell's manifest and releases of remotes in <folder>/dist/<version>/. */
describe('assemble', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'assemble-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (file: string, value: unknown) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), JSON.stringify(value));
  };
  const manifest = (shared: [string, string, string][]) => ({
    shared: shared.map(([name, version, requiredVersion]) => ({ name, version, requiredVersion, singleton: true })),
  });
  const shell = (react = '19.3.1') =>
    write(
      'shell/dist/mf-manifest.json',
      manifest([
        ['react', react, `^${react}`],
        ['antd', '6.6.7', '^6.6.7'],
      ]),
    );
  const release = (app: string, version: string, react = '^19.3.1', permission: string | null = 'manager') => {
    const name = app.replace('-', '_');
    const text = { titles: { home: `Home ${version}` } };
    write(`${app}/dist/${version}/registry-part.json`, {
      name,
      namespace: name.slice(3),
      app,
      version,
      manifestUrl: `/remotes/${app}/${version}/mf-manifest.json`,
      expose: './lifecycles',
      routes: [{ path: `/${name.slice(3)}`, titleKey: `${name.slice(3)}:titles.home`, ...(permission ? { permission } : {}) }],
      menu: [],
      translations: Object.fromEntries(LOCALES.map((lng) => [lng, text])),
    });
    write(`${app}/dist/${version}/mf-manifest.json`, manifest([['react', react.replace('^', ''), react]]));
  };
  const pkg = (app: string, version: string) => write(`${app}/package.json`, { name: `@portal/${app}`, version });
  const registry = () =>
    JSON.parse(readFileSync(path.join(root, 'shell/dist/registry.json'), 'utf8')) as { remotes: { app: string; version: string; manifestUrl: string }[] };

  it('points the registry at the release named by each package.json, under its versioned path', () => {
    shell();
    pkg('mf-items', '0.1.1');
    release('mf-items', '0.1.0');
    release('mf-items', '0.1.1');
    pkg('mf-settings', '0.1.0');
    const result = assembleRegistry(root);
    expect(result.problems).toEqual([]);
    expect(result.missing).toEqual(['mf-settings']);
    expect(registry().remotes.map((r) => [r.app, r.version, r.manifestUrl])).toEqual([['mf-items', '0.1.1', '/remotes/mf-items/0.1.1/mf-manifest.json']]);
  });

  it('rolls back to an older release with a pin, without any build', () => {
    shell();
    pkg('mf-items', '0.1.1');
    release('mf-items', '0.1.0');
    release('mf-items', '0.1.1');
    expect(assembleRegistry(root, { pins: { 'mf-items': '0.1.0' } }).problems).toEqual([]);
    expect(registry().remotes.map((r) => r.manifestUrl)).toEqual(['/remotes/mf-items/0.1.0/mf-manifest.json']);
    expect(assembleRegistry(root, { pins: { 'mf-items': '0.0.9' } }).problems).toEqual([
      'mf-items@0.0.9 is not built (no mf-items/dist/0.0.9/registry-part.json)',
    ]);
    expect(assembleRegistry(root, { pins: { 'mf-nothing': '1.0.0' } }).problems).toEqual(['mf-nothing: no such remote folder']);
  });

  it('refuses a remote built against an incompatible react and leaves the registry as it was', () => {
    shell();
    pkg('mf-items', '0.1.0');
    release('mf-items', '0.1.0');
    expect(assembleRegistry(root).problems).toEqual([]);
    const before = readFileSync(path.join(root, 'shell/dist/registry.json'), 'utf8');
    pkg('mf-items', '0.2.0');
    release('mf-items', '0.2.0', '^20.0.0');
    const result = assembleRegistry(root);
    expect(result.problems).toEqual(['mf-items requires react ^20.0.0 (built with 20.0.0), but the shell provides 19.3.1']);
    expect(readFileSync(path.join(root, 'shell/dist/registry.json'), 'utf8')).toBe(before);
  });

  it("refuses a remote using an antd export the shell's cut-down copy lacks (its own antd would be a second copy)", () => {
    shell();
    write('shell/dist/shared-exports.json', { used: { antd: ['Layout'] }, provided: { antd: ['Button', 'Layout', 'Table'] } });
    pkg('mf-items', '0.1.0');
    release('mf-items', '0.1.0');
    write('mf-items/dist/0.1.0/shared-exports.json', { used: { antd: ['Button', 'Table'] } });
    expect(assembleRegistry(root).problems).toEqual([]);
    const before = readFileSync(path.join(root, 'shell/dist/registry.json'), 'utf8');
    pkg('mf-items', '0.2.0');
    release('mf-items', '0.2.0');
    write('mf-items/dist/0.2.0/shared-exports.json', { used: { antd: ['Button', 'Slider'] } });
    expect(assembleRegistry(root).problems).toEqual([
      "mf-items uses antd Slider, which the shell's copy lacks: build the shell again (it provides what every built release uses)",
    ]);
    expect(readFileSync(path.join(root, 'shell/dist/registry.json'), 'utf8')).toBe(before);
  });

  it("refuses a remote built for the shell's federation runtime unless the shell provides it, of the same version", () => {
    const withPlugin = (file: string, pluginVersion: string) =>
      write(file, { ...(JSON.parse(readFileSync(path.join(root, file), 'utf8')) as object), metaData: { pluginVersion } });
    shell();
    withPlugin('shell/dist/mf-manifest.json', '2.9.2');
    write('shell/dist/shared-exports.json', { used: {}, provided: { antd: '*' } });
    pkg('mf-items', '0.1.0');
    release('mf-items', '0.1.0');
    withPlugin('mf-items/dist/0.1.0/mf-manifest.json', '2.9.2');
    write('mf-items/dist/0.1.0/shared-exports.json', { used: {}, runtime: 'shell' });
    expect(assembleRegistry(root).problems).toEqual(["mf-items uses the shell's federation runtime, which the shell does not provide: build the shell again"]);
    write('shell/dist/shared-exports.json', { used: {}, provided: { antd: '*' }, runtime: 'provided' });
    expect(assembleRegistry(root).problems).toEqual([]);
    withPlugin('mf-items/dist/0.1.0/mf-manifest.json', '2.10.0');
    expect(assembleRegistry(root).problems).toEqual([
      "mf-items was built by Module Federation 2.10.0 for the shell's runtime, but the shell's is 2.9.2: build them with the same version",
    ]);
    // A release with its own runtime (built before) runs on any shell.
    write('mf-items/dist/0.1.0/shared-exports.json', { used: {} });
    expect(assembleRegistry(root).problems).toEqual([]);
  });

  it('does not check a public-only remote (its own page, never loaded by the shell) against the shell', () => {
    shell();
    pkg('mf-public', '0.1.0');
    release('mf-public', '0.1.0', '^20.0.0', null);
    expect(assembleRegistry(root).problems).toEqual([]);
  });

  it("refuses to assemble without the shell's manifest (nothing to compare with)", () => {
    pkg('mf-items', '0.1.0');
    release('mf-items', '0.1.0');
    const { problems } = assembleRegistry(root);
    expect(problems).toEqual([expect.stringMatching(/^shell: no mf-manifest.json in .*shell\/dist/)]);
    expect(existsSync(path.join(root, 'shell/dist/registry.json'))).toBe(false);
  });

  it('reads pins from the command line and refuses anything else (no paths in versions)', () => {
    expect(parsePins(['mf-items@0.1.0', 'mf-public@1.2.3-rc.1'])).toEqual({ pins: { 'mf-items': '0.1.0', 'mf-public': '1.2.3-rc.1' }, problems: [] });
    expect(parsePins(['mf-items@../../etc', 'items@1.0.0']).problems).toHaveLength(2);
  });
});
