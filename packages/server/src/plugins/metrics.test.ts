/**
 * GET /metrics over real HTTP: Prometheus text with the answer time per route pattern (never a raw URL), the worker
 * queues, the pool on PostgreSQL, and the import/export/intake counters; served to loopback connections without a
 * forwarding header, or with METRICS_TOKEN as a bearer token, and to nobody else.
 */
import type { AddressInfo } from 'node:net';
import { dialectOf } from '../db/connect';
import { parseMetricsToken } from '../config';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let origin: string;
let token: TestApp;
let tokenOrigin: string;

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp();
  origin = await listen(t);
  token = await createTestApp({ metricsToken: TOKEN });
  tokenOrigin = await listen(token);
}, 60_000);
afterAll(async () => {
  await t.close();
  await token.close();
});

const scrape = async (base = origin, headers: Record<string, string> = {}) => {
  // The counters move in onResponse, once the previous answer is written out: one turn of the event loop.
  await new Promise((resolve) => {
    setImmediate(resolve);
  });
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample: `name{…}` holding every given label (0 when there is none yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('answers Prometheus text: request rate and latency per route pattern, never the raw URL', async () => {
    const manager = await t.token('manager');
    const userId = await t.userId('manager');
    const before = (await scrape()).text;
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${origin}/api/users/${userId}`, { headers: { 'x-access-token': manager } })).status).toBe(200);
    }
    expect((await fetch(`${origin}/api/users/${userId}`)).status).toBe(401);
    expect((await fetch(`${origin}/api/no/such/path/secret-4711`)).status).toBe(404);

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const count = (labels: Record<string, string>) =>
      sample(text, 'portal_http_request_duration_seconds_count', labels) - sample(before, 'portal_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/users/:userId', status_code: '200' })).toBe(3);
    expect(count({ method: 'GET', route: '/api/users/:userId', status_code: '401' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/users/:userId",status_code="200"}');
    expect(text).not.toContain('secret-4711');
    expect(text).not.toContain(`/api/users/${userId}"`);
    // Node's own metrics and the worker queues.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    for (const queue of ['list_search', 'list_count', 'list_small', 'id_script', 'workbook_read_large', 'workbook_read_small', 'password_hashing']) {
      expect(text).toContain(`portal_worker_slots_busy{queue="${queue}"} `);
      expect(text).toContain(`portal_worker_queue_waiting{queue="${queue}"} `);
    }
    if (dialectOf(t.db) === 'postgres') expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(text).not.toContain('portal_db_pool_connections');
    expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect(text).toContain('# HELP portal_imports_total ');
  });

  it('counts exports, imports and device intake by outcome, and intake rows by result', async () => {
    const store = await t.storeId('BIB-001');
    const sensor = (await t.call('POST', `/api/stores/${store}/sensors`, { user: 'admin', body: { name: 'Metrics gate', capacity: null } })).json()
      .id as number;
    const key = (await t.call('POST', `/api/stores/${store}/deviceKeys`, { user: 'admin', body: { name: 'Metrics' } })).json().key as string;
    const before = (await scrape()).text;
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    const records = [
      { sensorId: sensor, date: '2026-03-02 10:05:00', countIn: 7, countOut: 3 },
      { sensorId: sensor, date: '2026-03-02 10:10:00', countIn: 1, countOut: 0 },
      { sensorId: 999999, date: '2026-03-02 10:10:00', countIn: 1, countOut: 0 },
    ];
    expect((await post('/api/devices/records', { records }, { 'x-device-key': key })).status).toBe(200);
    expect((await post('/api/devices/records', { records: records.slice(0, 1) }, { 'x-device-key': key })).status).toBe(200);
    expect((await post('/api/devices/records', { records }, { 'x-device-key': 'pdk_wrong' })).status).toBe(401);
    const manager = await t.token('manager');
    const exportBody = { format: { fileType: 'csv', firstRowHeader: true }, columns: [{ id: 'date', title: 'Date' }] };
    const exported = await post('/api/alarms/export', exportBody, { 'x-access-token': await t.token('admin') });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    expect(
      (await post(`/api/stores/${store}/catalogues/import`, { fileName: '../../etc/passwd' }, { 'x-access-token': manager })).status,
    ).toBeGreaterThanOrEqual(400);

    const { text } = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sample(text, name, labels) - sample(before, name, labels);
    const intake = '/api/devices/records';
    expect(delta('portal_intake_batches_total', { route: intake, outcome: 'ok' })).toBe(2);
    expect(delta('portal_intake_batches_total', { route: intake, outcome: 'refused' })).toBe(1);
    expect(delta('portal_intake_rows_total', { kind: 'records', result: 'accepted' })).toBe(2);
    expect(delta('portal_intake_rows_total', { kind: 'records', result: 'duplicate' })).toBe(1);
    expect(delta('portal_intake_rows_total', { kind: 'records', result: 'rejected' })).toBe(1);
    expect(delta('portal_exports_total', { route: '/api/alarms/export', outcome: 'ok' })).toBe(1);
    expect(delta('portal_imports_total', { route: '/api/stores/:storeId/catalogues/import', outcome: 'refused' })).toBe(1);
  });

  it('without METRICS_TOKEN: only a direct loopback connection; a proxied or remote one is 403', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<string, string>[]) {
      const res = await scrape(origin, headers);
      expect([res.status, JSON.parse(res.text).code]).toEqual([403, 'FORBIDDEN']);
    }
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect([remote.statusCode, remote.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(remote.body).not.toContain('portal_');
  });

  it('with METRICS_TOKEN: the bearer token from anywhere, nothing without it', async () => {
    const none = await scrape(tokenOrigin);
    expect([none.status, JSON.parse(none.text).code]).toEqual([401, 'TOKEN_MISSING']);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${'x'.repeat(8000)}`, 'Bearer ']) {
      const res = await scrape(tokenOrigin, { authorization });
      expect([authorization.slice(0, 12), res.status, JSON.parse(res.text).code]).toEqual([authorization.slice(0, 12), 401, 'TOKEN_INVALID']);
    }
    expect((await scrape(tokenOrigin, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const remote = await token.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('portal_http_request_duration_seconds');
    // A token that is easy to guess is refused at start.
    expect(() => parseMetricsToken('short')).toThrow(/METRICS_TOKEN/);
    expect(() => parseMetricsToken('sixteen chars ok')).toThrow(/METRICS_TOKEN/);
    expect(parseMetricsToken('  ')).toBeNull();
    expect(parseMetricsToken(` ${TOKEN} `)).toBe(TOKEN);
  });

  it('a flood of scrapes all answer, and is not in the OpenAPI document', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => scrape()));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const doc = (await t.call('GET', '/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});
