/**
 * Starts the portal: PORT (8080), DATA_DIR (<repo>/.data), DATABASE_URL (postgres://… selects PostgreSQL,
 * otherwise SQLite in DATA_DIR), PORTAL_DEMO (on unless 0/false/off/no), ADMIN_PASSWORD (required for an
 * empty database without demo), HOST (0.0.0.0), TRUST_PROXY (1 behind a load balancer), LOG (1 logs requests).
 */
import path from 'node:path';
import { buildApp } from './app';
import { prepareDatabase, StartupError } from './bootstrap';
import { defaultConfig, REPO_ROOT } from './config';
import { createDb, dbConfigFromEnv } from './db/connect';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { localFileStorage } from './storage/files';

const OFF = new Set(['0', 'false', 'off', 'no']);

async function main(): Promise<void> {
  const env = process.env;
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const demo = !OFF.has((env.PORTAL_DEMO ?? '1').toLowerCase());
  const config = defaultConfig({ dataDir, logger: env.LOG === '1', trustProxy: env.TRUST_PROXY === '1' });
  const dbConfig = dbConfigFromEnv(env, dataDir);
  const db = createDb(dbConfig);
  const storage = localFileStorage(path.join(dataDir, 'files'));

  let created: string | null;
  try {
    created = await prepareDatabase(db, { demo, adminPassword: env.ADMIN_PASSWORD, argon2: config.argon2, now: config.now(),
      storage });
  } catch (e) {
    await db.destroy();
    throw e;
  }

  const app = await buildApp({ db, config, storage });
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port, host: env.HOST ?? '0.0.0.0' });

  const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
  console.log(`Library portal on http://localhost:${port}  (API docs: http://localhost:${port}/api/docs)`);
  console.log(`Database: ${where}${created ? `  (first start: ${created} created)` : ''}`);
  if (demo) {
    console.log('Demo accounts (password = user name):');
    for (const a of DEMO_ACCOUNTS) {
      console.log(`  ${a.userName.padEnd(11)} role ${a.role.padEnd(10)} ${a.permissions.join(', ') || '(everything)'}`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof StartupError ? e.message : e);
  process.exit(1);
});
