/**
 * Device intake benchmark, over real HTTP on the real app:
 * 1. one batch of 10,000 people-counter readings, answered (committed) in X ms;
 * 2. a sustained load of 200 readings/s + 20 alarms/s + 20 SIP operations/s from 50 device keys, while a staff
 *    client polls the dashboard's calls and the alarms list's first page: their median and p95 beside it.
 * The server runs in a worker thread (benchIntakeServer.ts), the devices and the staff client in the main thread.
 *
 *   pnpm --filter @portal/server bench:intake                       a fresh temp SQLite with the minimal demo
 *   pnpm --filter @portal/server bench:intake -- --data-dir <dir>   an existing data directory (e.g. the large
 *                                                                    profile); it gets bench sensors, keys and rows
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:intake
 *   options: --seconds <n> (sustained phase, default 60; the target is 300)  --keys <n> (default 50)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { TEST_ARGON2 } from '../src/auth/password';
import { createTokenService } from '../src/auth/tokens';
import { defaultConfig } from '../src/config';
import { localDateTime } from '../src/dashboard/clock';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { seedMinimal } from '../src/demo/seedMinimal';
import { option } from './benchArgs';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const seconds = Number(option(args, '--seconds') ?? 60);
  const keyCount = Number(option(args, '--keys') ?? 50);
  const given = option(args, '--data-dir');
  const dataDir = given ? path.resolve(given) : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-intake-'));
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  await migrateToLatest(db);
  if (!(await db.selectFrom('stores').select('id').executeTakeFirst())) await seedMinimal(db, TEST_ARGON2);
  const config = defaultConfig({ dataDir, portalRoot: null, logger: false });
  // The worker loads TypeScript through tsx's API (a worker does not inherit the main thread's loader).
  const serverFile = JSON.stringify(path.join(__dirname, 'benchIntakeServer.ts'));
  const server = new Worker(`require('tsx/cjs/api').require(${serverFile}, ${serverFile});`, { eval: true, workerData: { dbConfig, dataDir } });
  const [port] = (await once(server, 'message')) as [number];
  const origin = `http://127.0.0.1:${port}`;
  try {
    const admin = await db.selectFrom('users').select(['id', 'token_version']).where('role', '=', 'admin').orderBy('id').executeTakeFirstOrThrow();
    const token = (await (await createTokenService(db, config.tokenTtlSeconds, config.now)).issue(admin.id, admin.token_version)).token;
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = { 'x-access-token': token }) => {
      const started = performance.now();
      const res = await fetch(`${origin}${url}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null, ms: performance.now() - started };
    };
    const stores = await db.selectFrom('stores').select(['id', 'timezone']).orderBy('id').execute();
    const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
    console.log(`Intake benchmark on ${where}: ${stores.length} libraries, ${keyCount} device keys\n`);

    // One sensor and one key per device, spread over the libraries.
    const devices: Array<{ key: string; sensorId: number; timezone: string }> = [];
    for (let k = 0; k < keyCount; k += 1) {
      const store = stores[k % stores.length];
      const sensor = await call('POST', `/api/stores/${store.id}/sensors`, { name: `Bench sensor ${Date.now()}-${k}`, capacity: null });
      const key = await call('POST', `/api/stores/${store.id}/deviceKeys`, { name: `Bench ${k}` });
      if (sensor.status !== 201 || key.status !== 201) throw new Error(`setup failed: ${JSON.stringify([sensor.json, key.json])}`);
      devices.push({ key: key.json.key, sensorId: sensor.json.id, timezone: store.timezone });
    }

    // 1. One batch of 10,000 readings, on a day of its own.
    const big = {
      records: Array.from({ length: 10_000 }, (_, i) => ({
        sensorId: devices[0].sensorId,
        date: `2020-01-01 ${[Math.floor(i / 3600), Math.floor(i / 60) % 60, i % 60].map((v) => String(v).padStart(2, '0')).join(':')}`,
        countIn: i % 7,
        countOut: i % 5,
      })),
    };
    const batch = await call('POST', '/api/devices/records', big, { 'x-device-key': devices[0].key });
    if (batch.status !== 200) throw new Error(`batch answered ${batch.status}: ${JSON.stringify(batch.json)}`);
    console.log(`one batch of 10,000 readings: accepted ${batch.json.accepted} (duplicates ${batch.json.duplicates}) in ${ms(batch.ms)}\n`);

    // 2. Sustained: each second every key sends 4 readings; 20 keys an alarm, 20 others a SIP operation.
    const ids = stores.map((s) => s.id).join(',');
    const staffCalls = ['totalToday', 'totalTodayData', 'totalAlarmsToday', 'totalSelfcheckOperations', 'totalInMonth'].map(
      (c) => `/api/dashboard/${c}?selectedStoreIds=${ids}`,
    );
    const intakeMs: number[] = [];
    const dashboardMs: number[] = [];
    const listMs: number[] = [];
    const sent = { records: 0, alarms: 0, sipOperations: 0, accepted: 0, refused: 0, limited: 0, failed: 0 };
    const failures = new Map<string, number>();
    const fail = (why: string) => {
      sent.failed += 1;
      failures.set(why, (failures.get(why) ?? 0) + 1);
    };
    const startedAt = Date.now();
    const send = async (path: string, body: unknown, key: string, kind: 'records' | 'alarms' | 'sipOperations', rows: number) => {
      try {
        const res = await call('POST', `/api/devices/${path}`, body, { 'x-device-key': key });
        intakeMs.push(res.ms);
        if (res.status === 429) sent.limited += 1;
        else if (res.status !== 200) fail(`${res.status} ${res.json?.code}`);
        else {
          sent[kind] += rows;
          sent.accepted += res.json.accepted;
          sent.refused += res.json.rejected.length;
        }
      } catch (e) {
        fail(String((e as Error).cause ?? e).slice(0, 80));
      }
    };
    let stop = false;
    let staffFailed = 0;
    const staff = (async () => {
      // A staff call that fails (connection refused or timed out under the load) counts as failed, not as a time.
      const timed = async (url: string, into: number[]) => {
        try {
          const res = await call('GET', url);
          if (res.status === 200) into.push(res.ms);
          else staffFailed += 1;
        } catch {
          staffFailed += 1;
        }
      };
      while (!stop) {
        for (const url of staffCalls) await timed(url, dashboardMs);
        await timed('/api/alarms?limit=25', listMs);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const pending: Promise<void>[] = [];
    for (let tick = 0; tick < seconds; tick += 1) {
      const due = startedAt + tick * 1000;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      devices.forEach((d, k) => {
        const now = localDateTime(new Date(), d.timezone);
        const day = now.slice(0, 10);
        const at = (offset: number) => {
          const s = (tick * 4 + offset) % 86_400;
          return `${day} ${[Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((v) => String(v).padStart(2, '0')).join(':')}`;
        };
        pending.push(
          send(
            'records',
            { records: [0, 1, 2, 3].map((j) => ({ sensorId: d.sensorId, date: at(j), countIn: 1 + ((tick + j) % 3), countOut: (tick + j) % 3 })) },
            d.key,
            'records',
            4,
          ),
        );
        if (k < 20) {
          pending.push(
            send(
              'alarms',
              {
                alarms: [
                  { sensorId: d.sensorId, date: now, type: 'EAS', antenna: '1', uid: `BENCH-${k}-${tick}`, barcode: `B${k}${tick}`, alarmActivated: true },
                ],
              },
              d.key,
              'alarms',
              1,
            ),
          );
        } else if (k < 40) {
          pending.push(
            send(
              'sipOperations',
              {
                operations: [
                  {
                    operationId: `bench-${startedAt}-${k}-${tick}`,
                    origin: `Self-check ${k}`,
                    type: 'CHECKOUT',
                    offline: false,
                    patronIdentifier: `P${k}`,
                    itemIdentifier: `I${k}${tick}`,
                    titleIdentifier: 'Bench title',
                    transactionDate: now,
                    status: 'SUCCESS',
                  },
                ],
              },
              d.key,
              'sipOperations',
              1,
            ),
          );
        }
      });
    }
    await Promise.all(pending);
    stop = true;
    await staff;
    const elapsed = (Date.now() - startedAt) / 1000;
    const rate = (n: number) => `${(n / elapsed).toFixed(1)}/s`;
    console.log(
      `sustained ${elapsed.toFixed(0)} s from ${keyCount} keys: readings ${rate(sent.records)}, alarms ${rate(sent.alarms)}, SIP operations ${rate(sent.sipOperations)}`,
    );
    console.log(
      `  rows accepted ${sent.accepted.toLocaleString('en')}, refused ${sent.refused}; requests 429 ${sent.limited}, failed ${sent.failed}` +
        `${failures.size ? ` (${[...failures].map(([why, n]) => `${n}× ${why}`).join('; ')})` : ''}`,
    );
    console.log(`  intake request: median ${ms(percentile(intakeMs, 0.5))}, p95 ${ms(percentile(intakeMs, 0.95))} (${intakeMs.length} requests)`);
    console.log(`  dashboard calls: median ${ms(percentile(dashboardMs, 0.5))}, p95 ${ms(percentile(dashboardMs, 0.95))} (${dashboardMs.length} calls)`);
    console.log(`  alarms list first page: median ${ms(percentile(listMs, 0.5))}, p95 ${ms(percentile(listMs, 0.95))} (${listMs.length} calls)`);
    if (staffFailed) console.log(`  staff calls failed: ${staffFailed}`);
  } finally {
    server.postMessage('close');
    await once(server, 'message');
    await server.terminate();
    await db.destroy();
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
