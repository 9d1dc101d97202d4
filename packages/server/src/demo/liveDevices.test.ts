/**
 * The demo's live devices on a real listening server: a fresh key per library with sensors at every start (the
 * previous one revoked), readings of every sensor stored through the intake API, and a stop that ends them.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/testApp';
import { DEMO_KEY_NAME, openingHours, startDemoDevices } from './liveDevices';

jest.setTimeout(60_000);

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => Number((await sql<{ n: number }>`select count(*) as n from (${query}) q`.execute(t.db)).rows[0]!.n);

it('gives each library with sensors a new key at every start and sends its readings until stopped', async () => {
  const withSensors = await count(sql`select distinct store_id from sensors`);
  expect(withSensors).toBeGreaterThan(0);
  const warnings: string[] = [];
  // Open round the clock, so the first tick sends a reading of every sensor whatever the time of the test.
  const start = () => startDemoDevices(t.db, url, new Date(), (w) => warnings.push(w), { openHour: 0, closeHour: 24, intervalSeconds: 3600 });
  const sensors = await count(sql`select id from sensors`);
  const before = await count(sql`select id from records`);
  const first = await start();
  // The first tick's readings, one per sensor (the simulators run on their own: the table is polled).
  while ((await count(sql`select id from records`)) < before + sensors) await new Promise((resolve) => setTimeout(resolve, 50));
  await first.stop();
  const second = await start();
  await second.stop();
  const keys = await t.db.selectFrom('device_keys').select(['store_id', 'revoked_at']).where('name', '=', DEMO_KEY_NAME).execute();
  expect(keys).toHaveLength(2 * withSensors);
  expect(keys.filter((k) => k.revoked_at === null)).toHaveLength(withSensors);
  expect(new Set(keys.filter((k) => k.revoked_at === null).map((k) => k.store_id)).size).toBe(withSensors);
  expect(warnings).toEqual([]);
});

it('reads opening hours from the library (a close before the open, or past 23:00: to midnight)', () => {
  expect(openingHours('09:00', '21:00')).toEqual({ openHour: 9, closeHour: 21 });
  expect(openingHours('08:30', '20:30')).toEqual({ openHour: 8, closeHour: 21 });
  expect(openingHours('00:00', '23:55')).toEqual({ openHour: 0, closeHour: 24 });
  expect(openingHours('22:00', '06:00')).toEqual({ openHour: 0, closeHour: 24 });
});
