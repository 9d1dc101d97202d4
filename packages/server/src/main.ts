/**
 * Starts the portal: PORT (8080), DATA_DIR (<repo>/.data), DATABASE_URL (postgres://… selects PostgreSQL,
 * otherwise SQLite in DATA_DIR), PORTAL_DEMO (demo data and demo passwords: off unless 1/true/on/yes;
 * `npm start` turns it on), ADMIN_PASSWORD (required for an empty database without demo), HOST (0.0.0.0),
 * TRUST_PROXY (hop count or proxy addresses), PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE, LOG (1 logs
 * requests), FILE_STORE (local | database), SHUTDOWN_TIMEOUT_MS (30000), AUTO_SYNC_CRON ('0 2 * * *' | off),
 * PORTAL_DEMO_DEVICES (with PORTAL_DEMO: simulated devices send live data; off unless 1, `npm start` turns it on).
 */
import path from 'node:path';
import { buildApp } from './app';
import { configurePasswordHashing, DEFAULT_HASHING } from './auth/password';
import { accountsWithDemoPasswords, prepareDatabase, StartupError } from './bootstrap';
import { defaultConfig, parseMetricsToken, parseTrustProxy, REPO_ROOT, type TrustProxy } from './config';
import { createDb, dbConfigFromEnv } from './db/connect';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { startDemoDevices, type DemoDevices } from './demo/liveDevices';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, installShutdown } from './lifecycle';
import { autoSyncCronFromEnv } from './jobs/autoSync';
import { fileStorageFor, fileStoreFromEnv } from './storage/select';

const ON = new Set(['1', 'true', 'on', 'yes']);

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new StartupError(`${name} must be a whole number of at least 1, not "${value}"`);
  return n;
}

/** A setting read from the environment; its refusal becomes a start-up error for the operator. */
function startupValue<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
}

function trustProxyFromEnv(value: string | undefined): TrustProxy {
  return startupValue(() => parseTrustProxy(value));
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const demo = ON.has((env.PORTAL_DEMO ?? '0').trim().toLowerCase());
  // Warnings and errors (internal errors with their cause) are always logged; LOG=1 adds every request.
  const dbConfig = dbConfigFromEnv(env, dataDir);
  const config = defaultConfig({
    dataDir,
    logger: env.LOG === '1' ? true : { level: 'warn' },
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    demo,
    fileStore: startupValue(() => fileStoreFromEnv(env.FILE_STORE, 'databaseUrl' in dbConfig)),
    autoSyncCron: startupValue(() => autoSyncCronFromEnv(env.AUTO_SYNC_CRON)),
    metricsToken: startupValue(() => parseMetricsToken(env.METRICS_TOKEN)),
  });
  configurePasswordHashing({
    concurrency: positiveInt('PASSWORD_HASH_CONCURRENCY', env.PASSWORD_HASH_CONCURRENCY, DEFAULT_HASHING.concurrency),
    maxQueued: positiveInt('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, DEFAULT_HASHING.maxQueued),
  });
  const db = createDb(dbConfig);
  const storage = fileStorageFor(db, config);

  let created: string | null;
  let demoPasswords: string[] = [];
  try {
    created = await prepareDatabase(db, { demo, adminPassword: env.ADMIN_PASSWORD, argon2: config.argon2, now: config.now(), storage });
    if (!demo) demoPasswords = await accountsWithDemoPasswords(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }

  const app = await buildApp({ db, config, storage });
  installShutdown(app, {
    timeoutMs: positiveInt('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS),
    release: () => db.destroy(),
    exit: (code) => process.exit(code),
    log: (m) => console.warn(m),
  });
  // npm start's demo: each demo library's devices send live data through the intake API (stopped before closing).
  let demoDevices: DemoDevices | null = null;
  app.addHook('preClose', async () => {
    await demoDevices?.stop();
  });
  await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
  if (demo && ON.has((env.PORTAL_DEMO_DEVICES ?? '0').trim().toLowerCase())) {
    const address = app.server.address();
    const host = typeof address === 'object' && address && !['0.0.0.0', '::'].includes(address.address) ? address.address : '127.0.0.1';
    demoDevices = await startDemoDevices(db, `http://${host.includes(':') ? `[${host}]` : host}:${port}`, config.now(), (m) => console.warn(m));
  }

  const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
  console.log(`Library portal on http://localhost:${port}  (API docs: http://localhost:${port}/api/docs)`);
  console.log(
    `Database: ${where}${created ? `  (first start: ${created} created)` : ''}; files: ${config.fileStore === 'database' ? 'in the database (shared by every instance)' : path.join(dataDir, 'files')}`,
  );
  console.log(
    `Client addresses: ${
      config.trustProxy === false
        ? "the connection's (TRUST_PROXY unset: no proxy in front)"
        : `X-Forwarded-For through ${Array.isArray(config.trustProxy) ? `the proxies ${config.trustProxy.join(', ')}` : `${config.trustProxy} trusted hop(s)`}`
    }`,
  );
  if (demo) {
    console.log('DEMO MODE (PORTAL_DEMO=1): demo data and demo passwords are accepted. Never run a real portal like this.');
    console.log('Demo accounts (password = user name):');
    for (const a of DEMO_ACCOUNTS) {
      console.log(`  ${a.userName.padEnd(11)} role ${a.role.padEnd(10)} ${a.permissions.join(', ') || '(everything)'}`);
    }
  } else if (demoPasswords.length) {
    console.warn(
      `These accounts still have their demo password, which is refused outside demo mode: ${demoPasswords.join(', ')}. ` +
        'Start once with PORTAL_DEMO=1 and set new passwords in Users.',
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof StartupError ? e.message : e);
  process.exit(1);
});
