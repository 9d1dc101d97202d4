/**
 * Acknowledged means durable: the real server process (on a SQLite file, or on PostgreSQL when TEST_DATABASE_URL
 * is set) receives a stream of intake batches and is killed with SIGKILL while a batch is in flight; restarted on
 * the same database, it holds every row of every batch it answered 200 (resending them gives only duplicates),
 * and the batch in flight entirely or not at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, SQLITE_FILE_NAME } from './db/connect';
import type { Database } from './db/schema';
import { createTestDb, type TestDb } from './testing/testDb';

// A loaded CI lane takes most of a minute to start tsx on the whole server.
jest.setTimeout(480_000);

const ADMIN_PASSWORD = 'durability-secret-1';
const ROWS_PER_BATCH = 300;
const ACKNOWLEDGED_BEFORE_KILL = 8;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  exited: Promise<unknown>;
}

async function start(dataDir: string, databaseUrl: string | undefined): Promise<Started> {
  const port = await freePort();
  const { DATABASE_URL: _db, PORTAL_DEMO: _demo, TRUST_PROXY: _tp, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...rest,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      PASSWORD_HASH_CONCURRENCY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started = Date.now();
  while (!out.includes('Library portal on')) {
    if (child.exitCode !== null || Date.now() - started > 300_000) throw new Error(`the server did not start:\n${out.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, exited };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body as parsed JSON, read by the expectations
function request(port: number, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Batch n: ROWS_PER_BATCH readings of one sensor, each at its own second of 2026-04-01. */
function batch(sensorId: number, n: number) {
  return {
    records: Array.from({ length: ROWS_PER_BATCH }, (_, i) => {
      const s = n * ROWS_PER_BATCH + i;
      const time = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((v) => String(v).padStart(2, '0')).join(':');
      return { sensorId, date: `2026-04-01 ${time}`, countIn: 1 + (s % 5), countOut: s % 3 };
    }),
  };
}

describe(`intake durability (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
  /** On PostgreSQL, a database of its own (migrated; the server's start finds nothing to do). */
  let pgDb: TestDb | null = null;
  let server: Started | null = null;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) pgDb = await createTestDb();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await pgDb?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = () => (pgDb && 'databaseUrl' in pgDb.dbConfig ? pgDb.dbConfig.databaseUrl : undefined);

  it('keeps every acknowledged row after kill -9 and a restart on the same database', async () => {
    server = await start(dataDir, databaseUrl());
    const { port } = server;
    const signIn = await request(port, 'POST', '/api/auth/signin', {}, { userName: 'admin', password: ADMIN_PASSWORD });
    const staff = { 'x-access-token': signIn.json.token };
    const store = await request(port, 'POST', '/api/stores', staff, {
      code: 'DUR-1',
      country: 'España',
      area: 'Galicia',
      province: 'A Coruña',
      city: 'Santiago',
      name: 'Biblioteca Durable',
      address: 'Rúa 1',
      manager: 'Xoán',
      managertel: '+34 981 000 000',
      capacity: 50,
      resetTime: '03:00',
      startTime: '08:30',
      endTime: '20:55',
    });
    expect(store.status).toBe(200);
    const sensor = await request(port, 'POST', `/api/stores/${store.json.tid}/sensors`, staff, { name: 'Gate', capacity: null });
    const key = await request(port, 'POST', `/api/stores/${store.json.tid}/deviceKeys`, staff, { name: 'Gate A' });
    const device = { 'x-device-key': key.json.key };

    const acknowledged: number[] = [];
    for (let n = 0; n < ACKNOWLEDGED_BEFORE_KILL; n += 1) {
      const res = await request(port, 'POST', '/api/devices/records', device, batch(sensor.json.id, n));
      expect([res.status, res.json.accepted]).toEqual([200, ROWS_PER_BATCH]);
      acknowledged.push(n);
    }
    // The next batch is on its way when the process dies.
    const inFlight = request(port, 'POST', '/api/devices/records', device, batch(sensor.json.id, ACKNOWLEDGED_BEFORE_KILL)).catch((e: Error) => e);
    server.child.kill('SIGKILL');
    await server.exited;
    const lost = await inFlight;

    server = await start(dataDir, databaseUrl());
    for (const n of acknowledged) {
      const again = await request(server.port, 'POST', '/api/devices/records', device, batch(sensor.json.id, n));
      expect([n, again.status, again.json.accepted, again.json.duplicates]).toEqual([n, 200, 0, ROWS_PER_BATCH]);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    server = null;

    const db: Kysely<Database> = pgDb?.db ?? createDb({ sqliteFile: path.join(dataDir, SQLITE_FILE_NAME) });
    try {
      const count = async (from: number, to: number) =>
        Number(
          (
            await db
              .selectFrom('records')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('sensor_id', '=', sensor.json.id)
              .where('date', '>=', batch(0, from).records[0].date)
              .where('date', '<', batch(0, to).records[0].date)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count(0, ACKNOWLEDGED_BEFORE_KILL)).toBe(ACKNOWLEDGED_BEFORE_KILL * ROWS_PER_BATCH);
      // The batch in flight: one transaction, so all of it or none, whether or not its answer got out.
      const last = await count(ACKNOWLEDGED_BEFORE_KILL, ACKNOWLEDGED_BEFORE_KILL + 1);
      expect([0, ROWS_PER_BATCH]).toContain(last);
      if (!(lost instanceof Error) && lost.status === 200) expect(last).toBe(ROWS_PER_BATCH);
    } finally {
      if (!pgDb) await db.destroy();
    }
  });
});
