/**
 * The delete of the large profile's largest inventory group (about a million scans, with its sections) and the
 * first Compare views after it: the kept totals of ALL_GROUPS follow the delete set-wise in its transaction
 * (services/compareDeleteDeltas.ts). Prints the delete's time (and this process's CPU: SQLite's included), then the first
 * page + total of MISSING and EXCEEDED against ALL_GROUPS for the group's catalogue, and the same counted in full
 * (checking the kept totals). DESTRUCTIVE: run it on a copy.
 *
 *   npx tsx packages/server/scripts/bench-compare-delete.ts --data-dir <copy> [--max-rows N]     SQLite <copy>/portal.sqlite
 *   DATABASE_URL=postgres://…/<copy> npx tsx packages/server/scripts/bench-compare-delete.ts
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { CompareMode, CompareScope } from '@portal/contract';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { deleteGroups } from '../src/queries/inventories';
import type { AuthUser } from '../src/services/context';
import type { FilesDeps } from '../src/services/files';
import { comparePage } from '../src/services/compare';
import { deleteDeltas } from '../src/services/compareDeleteDeltas';
import { largestGroup } from './bench-group';
import { largeDataDir, option } from './benchArgs';

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  // --max-rows N: another cap on the rows a delete follows set-wise (services/compareDeleteDeltas.ts deleteDeltas.maxRows).
  const maxRows = option(args, '--max-rows');
  if (maxRows) deleteDeltas.maxRows = Number(maxRows);
  const dbConfig = dbConfigFromEnv(process.env, largeDataDir(args));
  const db = createDb(dbConfig);
  try {
    await migrateToLatest(db);
    const group = await largestGroup(db);
    const deps = { db, config: defaultConfig({ logger: false }) } as unknown as FilesDeps;
    const user = { id: -1, userName: 'bench', fullName: 'bench', role: 'admin', permissions: [], storeIds: [group.storeId], tokenVersion: 0 } as unknown as AuthUser;
    const scope: CompareScope = { kind: 'ALL_GROUPS' };
    const modes: CompareMode[] = ['MISSING', 'EXCEEDED'];
    const page = async (mode: CompareMode) => {
      const start = performance.now();
      const { total } = await comparePage(deps, user, group.storeId, group.catalogueId, mode, scope, { offset: 0, limit: 25 });
      return { ms: performance.now() - start, total };
    };
    // Kept before the delete.
    for (const mode of modes) await page(mode);
    console.log(`${`Set-wise deltas in the delete (up to ${deleteDeltas.maxRows.toLocaleString('en')} rows)`}; database: `
      + `${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}; group ${group.groupId} (${group.scans.toLocaleString('en')} scans), `
      + `catalogue ${group.catalogueId}; load average ${load()} on ${os.cpus().length} CPUs`);
    const cpu = process.cpuUsage();
    const start = performance.now();
    await deleteGroups(db, group.storeId, [group.groupId]);
    const used = process.cpuUsage(cpu);
    console.log(`Delete of the group: ${ms(performance.now() - start)} (CPU ${ms((used.user + used.system) / 1000)} in this process); load average ${load()}`);
    const kept: Record<string, number> = {};
    console.log('First page (25) with total against ALL_GROUPS, right after the delete:');
    for (const mode of modes) {
      const { ms: took, total } = await page(mode);
      kept[mode] = total;
      console.log(`  ${mode.padEnd(9)} ${ms(took)}   total ${total.toLocaleString('en')}`);
    }
    console.log('Counted in full (the library\'s version raised):');
    for (const mode of modes) {
      await sql`update list_item_versions set version = version + 1 where store_id = ${group.storeId}`.execute(db);
      const { ms: took, total } = await page(mode);
      console.log(`  ${mode.padEnd(9)} ${ms(took)}   total ${total.toLocaleString('en')}${total === kept[mode] ? '' : `   DIFFERS from the kept ${kept[mode]}`}`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
