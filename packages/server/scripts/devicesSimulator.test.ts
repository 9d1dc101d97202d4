/**
 * The device simulator against the real intake routes of a listening portal (real database): its readings,
 * alarms and SIP operations are stored, a resent batch counts once, a 5xx, a time-out and a 429 are retried with
 * the same bytes, and a refused key stops it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../src/testing/testApp';
import { DEFAULT_SIMULATION } from './devicesSimulation';
import { KeyRefused, runSimulator, sendBatch } from './devicesSimulator';

jest.setTimeout(60_000);

let t: TestApp;
let url: string;
let store: number;
let sensors: number[];
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  store = await t.storeId('BIB-001');
  sensors = [];
  for (const name of ['Entrada', 'Sala infantil']) {
    sensors.push((await t.call('POST', `/api/stores/${store}/sensors`, { user: 'admin', body: { name, capacity: null } })).json().id);
  }
  key = (await t.call('POST', `/api/stores/${store}/deviceKeys`, { user: 'admin', body: { name: 'Simulator' } })).json().key;
});
afterAll(() => t.close());

const count = async (table: string, where = sql`store_id = ${store}`) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db)).rows[0]!.n);

const simulation = { ...DEFAULT_SIMULATION, openHour: 0, closeHour: 24, timeZone: 'Europe/Madrid', intervalSeconds: 1 };

it('sends readings of every sensor, alarms and SIP operations that the portal stores, with their item events', async () => {
  const lines: string[] = [];
  // Open round the clock and busy: each one-second tick has alarms and operations.
  await runSimulator(
    { ...simulation, url, key, sensorIds: sensors, ticks: 2, alarmsPerHour: 36_000, sipPerHour: 36_000, barcodes: ['SIM-0001'], log: (l) => lines.push(l) },
    new AbortController().signal,
  );
  expect(await count('records', sql`sensor_id in (${sql.join(sensors)})`)).toBe(4);
  expect(await count('alarms')).toBeGreaterThan(0);
  expect(await count('sip_operations')).toBeGreaterThan(0);
  expect(await count('item_events', sql`store_id = ${store} and code = 'SIM-0001' and type in ('ALARM', 'SIP_OPERATION')`)).toBeGreaterThan(0);
  expect(lines.filter((l) => l.includes('readings: 2 sent, 2 accepted, 0 duplicates, 0 rejected'))).toHaveLength(2);
  expect(lines.every((l) => /: \d+ sent, \d+ accepted, 0 duplicates, 0 rejected$/.test(l))).toBe(true);
});

it('retries a 5xx, a time-out and a 429 (after its Retry-After) with the same bytes; the resent batch counts once', async () => {
  const bodies: string[] = [];
  let attempt = 0;
  // In front of the portal: the first batch is stored but answered 503, the second attempt gets no answer, the
  // third 429, the fourth goes through.
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      attempt += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      if (attempt === 2) return; // never answered: the simulator gives up waiting and sends again
      if (attempt === 3) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"code":"TOO_MANY_REQUESTS"}');
        return;
      }
      const forwarded = await fetch(new URL(req.url!, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': String(req.headers['x-device-key']) },
        body,
      });
      const text = await forwarded.text();
      if (attempt === 1) res.writeHead(503).end('{"code":"UNAVAILABLE"}');
      else res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const through = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const records = [{ sensorId: sensors[0], date: '2026-12-01 10:00:00', countIn: 3, countOut: 1 }];
    const answer = await sendBatch({ url: through, key, requestTimeoutMs: 300 }, '/api/devices/records', { records }, new AbortController().signal);
    expect(answer).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ records })]));
    expect(await count('records', sql`sensor_id = ${sensors[0]} and date = '2026-12-01 10:00:00'`)).toBe(1);
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
});

it('does not resend a batch the portal refuses, and stops on a refused key', async () => {
  const lines: string[] = [];
  expect(await sendBatch({ url, key, log: (l) => lines.push(l) }, '/api/devices/records', { records: 'none' }, new AbortController().signal)).toBeNull();
  expect(lines).toEqual([expect.stringMatching(/^\/api\/devices\/records: refused \(400\), not sent again/)]);
  await expect(runSimulator({ ...simulation, url, key: 'pdk_not-a-key', sensorIds: sensors, ticks: 1 }, new AbortController().signal)).rejects.toThrow(
    KeyRefused,
  );
});

it('stops at once when told to, even while waiting for the next tick', async () => {
  const stop = new AbortController();
  const running = runSimulator({ ...simulation, url, key, sensorIds: sensors, intervalSeconds: 3600, alarmsPerHour: 0, sipPerHour: 0 }, stop.signal);
  await new Promise((resolve) => setTimeout(resolve, 200));
  stop.abort();
  await running;
  expect(stop.signal.aborted).toBe(true);
});
