import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/testApp';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

/** A real HTTP request, its body as the bytes on the wire (node:http decodes nothing). */
function request(port: number, url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decode(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.raw).toString();
  return answer.raw.toString();
}

let t: TestApp;
let port: number;
let root: string;
const registry = JSON.stringify({ remotes: Array.from({ length: 40 }, (_, i) => ({ name: `mf_${i}`, manifest: `/remotes/mf-${i}/0.1.0/mf-manifest.json` })) });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-root-'));
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<html>shell</html>');
  // The assembled registry has no precompressed sibling.
  fs.writeFileSync(path.join(root, 'shell/dist/registry.json'), registry);
  t = await createTestApp({ portalRoot: root });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('compressed answers', () => {
  it('an API JSON answer over 1 KB: brotli or gzip as accepted, the same JSON decoded; plain without accept-encoding', async () => {
    const headers = { 'x-access-token': await t.token('admin') };
    const plain = await request(port, '/api/users', headers);
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.raw.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.raw.toString());

    const br = await request(port, '/api/users', { ...headers, 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'accept-encoding']);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 2);
    expect(JSON.parse(decode(br))).toEqual(json);

    const gzip = await request(port, '/api/users', { ...headers, 'accept-encoding': 'gzip' });
    expect([gzip.headers['content-encoding'], JSON.parse(decode(gzip))]).toEqual(['gzip', json]);

    const identity = await request(port, '/api/users', { ...headers, 'accept-encoding': 'identity' });
    expect([identity.headers['content-encoding'], JSON.parse(identity.raw.toString())]).toEqual([undefined, json]);
  });

  it('public JSON (the API description) too', async () => {
    const docs = await request(port, '/api/docs/json', { 'accept-encoding': 'br' });
    expect([docs.status, docs.headers['content-encoding']]).toEqual([200, 'br']);
    expect(JSON.parse(decode(docs)).openapi).toMatch(/^3\./);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const stores = await request(port, '/api/health', { 'accept-encoding': 'br' });
    expect(stores.raw.length).toBeLessThan(1024);
    expect([stores.status, stores.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('compresses /registry.json, which has no precompressed sibling', async () => {
    const res = await request(port, '/registry.json', { 'accept-encoding': 'gzip, br' });
    expect([res.status, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([200, 'br', 'no-cache']);
    expect(decode(res)).toBe(registry);
    const plain = await request(port, '/registry.json', {});
    expect([plain.headers['content-encoding'], plain.raw.toString()]).toEqual([undefined, registry]);
  });

  it('streams list exports uncompressed', async () => {
    const headers = { 'x-access-token': await t.token('admin'), 'accept-encoding': 'gzip, br', 'content-type': 'application/json' };
    const body = JSON.stringify({ format: { fileType: 'csv', firstRowHeader: true }, columns: [{ id: 'date', title: 'Date' }] });
    const res = await request(port, '/api/alarms/export', headers, 'POST', body);
    expect([res.status, res.headers['content-encoding']]).toEqual([200, undefined]);
    expect(res.raw.toString().replace(/^\ufeff/, '')).toMatch(/^Date\r\n/);
  });
});
