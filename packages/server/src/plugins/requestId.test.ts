/**
 * Over real HTTP: every answer carries X-Request-Id, and every line the server logs for the request (JSON, one
 * object a line) carries the same id as reqId. A sane incoming X-Request-Id is kept; anything else is replaced.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let t: TestApp;
let origin: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logger: {
      level: 'info',
      stream: {
        write: (line) => {
          lines.push(line);
        },
      },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The JSON lines logged for one request id. */
const logged = (id: string) => lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);

describe('request ids', () => {
  it('a new UUID on every answer (success, 401, 404), on every line logged for the request', async () => {
    const ids = [];
    for (const path of ['/api/health', '/api/stores', '/api/no-such-route']) {
      const res = await fetch(`${origin}${path}`);
      const id = res.headers.get('x-request-id') ?? '';
      expect([path, id]).toEqual([path, expect.stringMatching(UUID)]);
      await res.arrayBuffer();
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(3);
    await new Promise((resolve) => {
      setImmediate(resolve);
    });
    for (const id of ids) expect(logged(id).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // No request line without an id.
    const requestLines = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown; res?: unknown }).filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    expect(requestLines.filter((l) => typeof l.reqId !== 'string')).toEqual([]);
  });

  it("keeps a proxy's sane X-Request-Id and answers it", async () => {
    for (const id of ['3f2a9c1e0b7d4e8f9a6b5c4d3e2f1a0b', 'req.42:edge-1_a', 'a'.repeat(128)]) {
      const res = await fetch(`${origin}/api/health`, { headers: { 'x-request-id': id } });
      await res.arrayBuffer();
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(logged(id).length).toBe(2);
    }
  });

  it('replaces an incoming id that is long, empty or carries other characters (log and header injection)', async () => {
    for (const id of ['a'.repeat(129), 'two words', '{"msg":"forged"}', '<script>', 'ü', 'x'.repeat(8000)]) {
      const res = await fetch(`${origin}/api/health`, { headers: { 'x-request-id': id } });
      await res.arrayBuffer();
      expect([id.slice(0, 20), res.status, res.headers.get('x-request-id')]).toEqual([id.slice(0, 20), 200, expect.stringMatching(UUID)]);
      expect(logged(id)).toEqual([]);
    }
  });
});
