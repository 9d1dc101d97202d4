import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../testing/testApp';

function write(root: string, file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

describe('serving the built portal', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-root-'));
    write(root, 'shell/dist/index.html', '<html>shell</html>');
    write(root, 'shell/dist/main.0123abcd.js', 'console.log("shell")');
    write(root, 'shell/dist/registry.json', '{"remotes":[]}');
    write(root, 'shell/dist/favicon.ico', 'ico');
    write(root, 'mf-dashboard/dist/0.1.0/mf-manifest.json', '{"name":"mf_dashboard"}');
    write(root, 'mf-dashboard/dist/0.1.0/remoteEntry.js', 'var mf_dashboard;');
    write(root, 'mf-dashboard/dist/0.1.0/chunk.89abcdef.js', 'chunk');
    write(root, 'mf-public/dist/0.1.0/public.html', '<html>public</html>');
    write(root, 'secret.txt', 'outside');
    write(root, 'shell/dist/.env', 'SECRET=outside');
    write(root, 'shell/dist/.git/config', 'outside');
    write(root, 'mf-dashboard/dist/.secret.0123abcd.js', 'outside');
    write(root, 'mf-dashboard/dist/.hidden/chunk.89abcdef.js', 'outside');
    t = await createTestApp({ portalRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the shell with the SPA fallback, uncached html', async () => {
    for (const url of ['/', '/dashboard', '/inventories/3/sections', '/auth/login', '/sipOperations']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '<html>shell</html>']);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and never registry.json or manifests', async () => {
    const asset = await get('/main.0123abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const registry = await get('/registry.json');
    expect([registry.statusCode, registry.headers['cache-control'], registry.json()]).toEqual([200, 'no-cache', { remotes: [] }]);
    const manifest = await get('/remotes/mf-dashboard/0.1.0/mf-manifest.json');
    expect([manifest.statusCode, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect((await get('/remotes/mf-dashboard/0.1.0/chunk.89abcdef.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/remotes/mf-dashboard/0.1.0/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
  });

  it('serves the public entry for capacities and the SIP public link', async () => {
    for (const url of ['/capacities/abc', '/capacities/abc/BIB-001/es', '/sipOperations/BIB-001']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '<html>public</html>']);
    }
  });

  it('does not serve outside the build folders, unknown remotes or missing assets', async () => {
    for (const url of [
      '/remotes/mf-nope/x.js',
      '/remotes/mf-dashboard/../../secret.txt',
      '/remotes/mf-dashboard/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/missing.0123abcd.js',
      '/remotes/mf-items/mf-manifest.json',
      '/remotes/mf-dashboard/.secret.0123abcd.js',
      '/remotes/mf-dashboard/.hidden/chunk.89abcdef.js',
      '/remotes/mf-dashboard/0.2.0/mf-manifest.json',
      '/remotes/mf-dashboard/0.1.0/../../../secret.txt',
      '/remotes/mf-dashboard/%2ehidden/chunk.89abcdef.js',
      '/remotes/mf-dashboard/x/..%5c.secret.0123abcd.js',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('outside');
    }
  });

  it('never serves dotfiles of a build folder (at most the app page instead)', async () => {
    for (const url of ['/.env', '/%2eenv', '/.git/config', '/.git/%63onfig']) {
      const res = await get(url);
      expect([url, res.body.includes('outside')]).toEqual([url, false]);
      expect([url, [404, 200].includes(res.statusCode), res.statusCode === 200 ? res.body : '']).toEqual([
        url,
        true,
        res.statusCode === 200 ? '<html>shell</html>' : '',
      ]);
    }
  });

  it('answers every /api call with Cache-Control: no-store, errors included', async () => {
    const token = await t.token('admin');
    for (const [method, url, auth] of [
      ['GET', '/api/misc/version', token],
      ['GET', '/api/misc/version', undefined],
      ['GET', '/api/nope', token],
      ['GET', '/api/users', token],
      ['POST', '/api/auth/signin', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: auth ? { 'x-access-token': auth } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
      expect([url, res.statusCode >= 200, res.headers['cache-control']]).toEqual([url, true, 'no-store']);
    }
  });

  it('sends security headers with a same-origin CSP', async () => {
    const res = await get('/dashboard');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.call('GET', '/api/misc/version')).headers['content-security-policy']).toBeDefined();
  });

  it('serves the OpenAPI document at /api/docs without a token', async () => {
    const json = await get('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/users', '/api/users/{userId}', '/api/stores', '/api/format', '/api/misc/version']),
    );
    expect(Object.keys(doc.paths)).not.toContain('/registry.json');
    const ui = await get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('versioned releases of remotes', () => {
  let t: TestApp;
  let root: string;
  const registry = (publicVersion: string) =>
    write(
      root,
      'shell/dist/registry.json',
      JSON.stringify({
        remotes: [{ app: 'mf-public', version: publicVersion, manifestUrl: `/remotes/mf-public/${publicVersion}/mf-manifest.json` }],
      }),
    );
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-releases-'));
    write(root, 'shell/dist/index.html', '<html>shell</html>');
    for (const version of ['0.1.0', '0.1.1', '0.10.0-rc.1']) {
      write(root, `mf-public/dist/${version}/public.html`, `<html>public ${version}</html>`);
      write(root, `mf-public/dist/${version}/main.0123abcd.js`, `main ${version}`);
      write(root, `mf-items/dist/${version}/mf-manifest.json`, `{"version":"${version}"}`);
    }
    t = await createTestApp({ portalRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('keeps every release servable under its version; manifests uncached, hashed assets for a year', async () => {
    for (const version of ['0.1.0', '0.1.1']) {
      const manifest = await get(`/remotes/mf-items/${version}/mf-manifest.json`);
      expect([manifest.statusCode, manifest.json().version, manifest.headers['cache-control']]).toEqual([200, version, 'no-cache']);
      const asset = await get(`/remotes/mf-public/${version}/main.0123abcd.js`);
      expect([asset.body, asset.headers['cache-control']]).toEqual([`main ${version}`, 'public, max-age=31536000, immutable']);
    }
  });

  it('answers the public entry from the release the registry names, following a registry edit without a restart', async () => {
    registry('0.1.0');
    expect((await get('/capacities/abc')).body).toBe('<html>public 0.1.0</html>');
    registry('0.1.1');
    expect((await get('/sipOperations/BIB-001')).body).toBe('<html>public 0.1.1</html>');
    const served = await get('/registry.json');
    expect([served.headers['cache-control'], served.json().remotes[0].version]).toEqual(['no-cache', '0.1.1']);
  });

  it('without a registry (public displays deployed alone), answers the newest release built', async () => {
    fs.rmSync(path.join(root, 'shell/dist/registry.json'), { force: true });
    expect((await get('/capacities/abc')).body).toBe('<html>public 0.10.0-rc.1</html>');
  });

  it('ignores a registry version that is not a plain release (no path tricks)', async () => {
    registry('../../shell');
    expect((await get('/capacities/abc')).body).toBe('<html>public 0.10.0-rc.1</html>');
    registry('9.9.9');
    expect((await get('/capacities/abc')).statusCode).toBe(404);
  });
});

describe('precompressed files', () => {
  let t: TestApp;
  let root: string;
  const script = 'console.log("a hashed asset");\n'.repeat(100);
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compressed-'));
    write(root, 'shell/dist/index.html', '<html>shell</html>');
    for (const file of ['shell/dist/main.0123abcd.js', 'mf-items/dist/0.1.0/chunk.89abcdef.js']) {
      write(root, file, script);
      fs.writeFileSync(path.join(root, `${file}.br`), zlib.brotliCompressSync(script));
      fs.writeFileSync(path.join(root, `${file}.gz`), zlib.gzipSync(script));
    }
    t = await createTestApp({ portalRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli, else gzip, else the plain file, with the type and caching of the plain file and Vary', async () => {
    for (const url of ['/main.0123abcd.js', '/remotes/mf-items/0.1.0/chunk.89abcdef.js']) {
      const br = await get(url, 'gzip, deflate, br');
      expect([url, br.statusCode, br.headers['content-encoding'], br.headers.vary, br.headers['cache-control']]).toEqual([
        url,
        200,
        'br',
        'accept-encoding',
        'public, max-age=31536000, immutable',
      ]);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await get(url, 'gzip');
      expect([gz.headers['content-encoding'], zlib.gunzipSync(gz.rawPayload).toString()]).toEqual(['gzip', script]);
      const plain = await get(url);
      expect([plain.headers['content-encoding'], plain.headers.vary, plain.body]).toEqual([undefined, 'accept-encoding', script]);
    }
  });

  it('sends a file without a compressed sibling as it is', async () => {
    const res = await get('/', 'br');
    expect([res.statusCode, res.headers['content-encoding'], res.body]).toEqual([200, undefined, '<html>shell</html>']);
  });
});

describe('API-only mode', () => {
  it('answers the API and 404 codes when no build exists', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-empty-'));
    const t = await createTestApp({ portalRoot: empty });
    try {
      for (const url of ['/', '/dashboard', '/registry.json', '/remotes/mf-dashboard/mf-manifest.json', '/capacities/x']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
      }
      expect((await t.call('GET', '/api/misc/version', { user: 'admin' })).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
