/**
 * Authentication is decided on the matched route, deny by default. Every route of the app, listed from
 * Fastify itself, is requested over real HTTP without a token, and every protected one also with
 * non-canonical request targets (encoded, double-encoded, absolute form, dot segments, doubled slashes,
 * case and trailing-slash variants): each answer is 401 or 404, never the route's work.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/testApp';
import { registeredRoutes, type RegisteredRoute } from './auth';

/**
 * THE ALLOW-LIST of routes answering without a token. A new public route (`config: { public: true }`) must
 * be added here, which is the point: making a route public is a decision somebody acknowledges in review.
 * Add entries as 'METHOD /path/as/registered' (HEAD twins of GET routes are added by Fastify).
 */
const PUBLIC_ROUTES = [
  'POST /api/auth/signin',
  // API docs (@fastify/swagger-ui under /api/docs)
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  // the built portal (plugins/portal.ts)
  'GET /registry.json',
  'GET /remotes/:app/*',
  'GET /capacities',
  'GET /capacities/*',
  'GET /sipOperations/:storeCode',
  // public displays: capacities and the SIP summary by public token or library code, self-check image set clients
  'GET /api/statistics/capacities/:token',
  'GET /api/statistics/capacities/:token/:storeCode',
  'GET /api/public/sipOperations/:storeCode',
  // load balancers' health probe (routes/health.ts)
  'GET /api/health',
  // deploy-time settings the shell reads at start (plugins/deploySettings.ts)
  'GET /portal-config.json',
  // Prometheus metrics: no access token, but METRICS_TOKEN or a loopback connection (plugins/metrics.ts)
  'GET /metrics',
  'GET /api/imagesets/client/:token/:imageSetId',
  'GET /api/imagesets/client/:token/:imageSetId/:imageName',
];
/** Public whatever else changes: signing in and the portal's own files. */
const ALWAYS_PUBLIC = ['POST /api/auth/signin', 'GET /registry.json', 'GET /remotes/:app/*'];

// Thousands of real HTTP requests: generous under a loaded machine.
jest.setTimeout(120_000);

let t: TestApp;
let origin: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

/** One request with the target sent exactly as given (no normalisation by a client library). */
function raw(method: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}/`, { method, path: target, agent, headers: { 'content-length': '0', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A concrete path for a route pattern: every parameter 1, every wildcard x. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
}

/** Non-canonical targets that a router may still route to `path` (a path starting with /api/). */
export function variants(path: string, host: string): string[] {
  const rest = path.slice('/api/'.length);
  const [first, ...more] = rest.split('/');
  const encodeAll = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return [
    `/%61pi/${rest}`,
    `/%41%50%49/${rest}`,
    `/${encodeAll('api')}/${rest}`,
    `/api/${encodeAll(first)}${more.length ? `/${more.join('/')}` : ''}`,
    `/%2561pi/${rest}`,
    `/%25%36%31pi/${rest}`,
    `http://${host}${path}`,
    `http://evil.example${path}`,
    `HTTP://${host}/%61pi/${rest}`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/./api/${rest}`,
    `/x/../api/${rest}`,
    `/api/%2e/${rest}`,
    `/api/x/%2e%2e/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${path}//`,
    `/API/${rest}`,
    `/Api/${rest.toUpperCase()}`,
    `${path}/`,
    `/api%2f${rest.replace(/\//g, '%2f')}`,
    `${path};jsessionid=1`,
    `${path}%00`,
    `${path}?x-access-token=1`,
  ];
}

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;

describe('deny by default, on the matched route', () => {
  it('lists the routes from Fastify, and every public one is on the allow-list', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    const publicRoutes = [...new Set(routes.filter((r) => r.public && r.method !== 'HEAD').map(key))];
    expect(publicRoutes.filter((r) => !PUBLIC_ROUTES.includes(r))).toEqual([]);
    expect(ALWAYS_PUBLIC.filter((r) => !publicRoutes.includes(r))).toEqual([]);
    const protectedRoutes = routes.filter((r) => !r.public).map(key);
    expect(protectedRoutes).toEqual(expect.arrayContaining(['POST /api/users/exists', 'POST /api/stores', 'GET /api/misc/version']));
  });

  it('answers 401 TOKEN_MISSING (device intake: DEVICE_KEY_MISSING) for every protected route without a token', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes(t.app).filter((r) => !r.public)) {
      const res = await raw(route.method, concrete(route.url));
      // Device intake asks for its device key (x-device-key), never for an access token.
      const code = route.device ? 'DEVICE_KEY_MISSING' : 'TOKEN_MISSING';
      if (res.status !== 401 || (route.method !== 'HEAD' && JSON.parse(res.body).code !== code)) {
        failures.push(`${key(route)} → ${res.status} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the public routes without asking for a token', async () => {
    const asked: string[] = [];
    for (const route of registeredRoutes(t.app).filter((r) => r.public)) {
      const res = await raw(route.method, concrete(route.url));
      if (res.status === 401) asked.push(key(route));
    }
    expect(asked).toEqual([]);
  });

  it('never reaches a protected route through a non-canonical target', async () => {
    const started = Date.now();
    const host = new URL(origin).host;
    const protectedRoutes = registeredRoutes(t.app).filter((r) => !r.public && r.method !== 'HEAD');
    expect(protectedRoutes.some((r) => r.url === '/api/users/exists')).toBe(true);
    const failures: string[] = [];
    let count = 0;
    for (const route of protectedRoutes) {
      for (const target of variants(concrete(route.url), host)) {
        const res = await raw(route.method, target);
        if (res.status !== 401 && res.status !== 404) failures.push(`${route.method} ${target} → ${res.status} ${res.body.slice(0, 80)}`);
        count += 1;
      }
    }
    console.log(`${count} non-canonical requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('the reported bypasses answer 401 (they answered 200 on the raw-URL check)', async () => {
    const exists = await raw('POST', '/%61pi/users/exists');
    expect(exists.status).toBe(401);
    const absolute = await raw('POST', `http://${new URL(origin).host}/api/stores`);
    expect(absolute.status).toBe(401);
  });

  it('answers an unmatched /api path 404 with nothing about what exists', async () => {
    const bodies = new Set<string>();
    for (const [method, target] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/exists/more'],
      ['DELETE', '/api/auth/signin'],
      ['PATCH', '/api/users/1'],
      ['GET', '/api'],
    ]) {
      const res = await raw(method, target);
      expect([target, res.status]).toEqual([target, 404]);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' })]);
  });

  it('still serves a protected route with a valid token on its canonical path', async () => {
    const res = await raw('GET', '/api/misc/version', { 'x-access-token': await t.token('manager') });
    expect(res.status).toBe(200);
  });
});
