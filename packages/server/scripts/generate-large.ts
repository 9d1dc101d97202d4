/**
 * Fills an empty database with the large benchmark profile (demo portal + 1,000,000 catalogue items in
 * one catalogue, over 1,000,000 inventory items in one group, over 2,000,000 counter records).
 *
 *   pnpm --filter @portal/server demo:large -- --data-dir <dir>        SQLite file <dir>/portal.sqlite
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server demo:large  PostgreSQL
 *   … demo:large -- --profile demo                                      the normal demo instead (timing)
 *
 * Prints progress, the rows per table and the total time.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { PRODUCTION_ARGON2 } from '../src/auth/password';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { generateDemo } from '../src/demo/generate';
import { DEMO_PROFILE, LARGE_PROFILE } from '../src/demo/generateProfile';
import { localFileStorage } from '../src/storage/files';
import { largeDataDir, option } from './benchArgs';

const TARGETS = { catalogueItemsInOneCatalogue: 1_000_000, inventoryItemsInOneGroup: 1_000_000, records: 2_000_000 };

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const profileName = option(args, '--profile') ?? 'large';
  if (profileName !== 'large' && profileName !== 'demo') throw new Error('--profile must be large or demo');
  const profile = profileName === 'large' ? LARGE_PROFILE : DEMO_PROFILE;
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
  console.log(`Generating the ${profile.name} profile into ${where}`);

  const db = createDb(dbConfig);
  try {
    await migrateToLatest(db);
    if (!('databaseUrl' in dbConfig)) {
      // A bigger page cache keeps index maintenance in memory while millions of rows go in, and no fsync
      // per batch: this connection only fills a fresh benchmark database (rerun it after a crash).
      await sql`pragma cache_size = -262144`.execute(db);
      await sql`pragma synchronous = off`.execute(db);
    }
    if (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) {
      throw new Error('The database is not empty: use a new --data-dir (or an empty PostgreSQL database).');
    }
    const started = Date.now();
    const summary = await generateDemo(db, {
      argon2: PRODUCTION_ARGON2,
      now: new Date(),
      profile,
      storage: localFileStorage(path.join(dataDir, 'files')),
      atomic: profile.name !== 'large',
      log: (m) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${m}`),
    });
    console.log('\nRows created:');
    for (const [table, n] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en').padStart(12)}`);
    if (profile.name === 'large') {
      const biggestCatalogue = await db
        .selectFrom('catalogue_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy('catalogue_id')
        .orderBy('n', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const biggestGroup = await db
        .selectFrom('inventory_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', 'is not', null)
        .groupBy('group_id')
        .orderBy('n', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const checks = [
        ['catalogue items in one catalogue', Number(biggestCatalogue.n), TARGETS.catalogueItemsInOneCatalogue],
        ['inventory items in one group', Number(biggestGroup.n), TARGETS.inventoryItemsInOneGroup],
        ['counter records', summary.counts.records, TARGETS.records],
      ] as const;
      for (const [label, n, target] of checks) {
        console.log(`  ${n >= target ? 'ok  ' : 'LOW '} ${label}: ${n.toLocaleString('en')} (target ${target.toLocaleString('en')})`);
      }
      if (checks.some(([, n, target]) => n < target)) process.exitCode = 1;
    }
    console.log(`\nTotal time: ${(summary.ms / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
