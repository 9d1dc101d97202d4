/**
 * Compare benchmark on the large profile (1,000,000 catalogue items × 1,000,000 inventory items in one group).
 *
 *   pnpm --filter @portal/server bench:compare -- --data-dir <dir>     SQLite <dir>/portal.sqlite
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:compare
 *   … bench:compare -- --writes-only                                      only the part after item writes
 *   … bench:compare -- --views-only                                       only the counted / kept first pages
 *
 * Takes the inventory group with the most items and its related catalogue. Prints the first page (25) with the
 * total of MISSING and EXCEEDED for ALL_GROUPS and for that group through the compare service, counted (first call
 * after an item write) and kept (migration 0018), medians of 3 after one warm-up, and the
 * time of a csv export of the group's full MISSING and EXCEEDED lists (consumed and discarded). Then
 * (bench-compare-writes.ts) the first page with total after one scan and one catalogue item are written (kept
 * totals moved by the triggers of migration 0019), and what those triggers add to a 100,000-row import and delete.
 */
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CompareMode, CompareScope } from '@portal/contract';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { sql } from 'kysely';
import { exportList } from '../src/lists/export/export';
import type { AuthUser } from '../src/services/context';
import type { FilesDeps } from '../src/services/files';
import { comparePage, resolveCompare } from '../src/services/compare';
import { afterWrites } from './bench-compare-writes';
import { largeDataDir } from './benchArgs';

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    // A shared database another session migrated further (a migration this tree lacks) is read as it is.
    await migrateToLatest(db).catch((e: Error) => console.warn(`Not migrated: ${e.message}`));
    const group = await db.selectFrom('inventory_items').innerJoin('inventory_groups', 'inventory_groups.id', 'inventory_items.group_id')
      .select(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('inventory_groups.catalogue_id', 'is not', null)
      .groupBy(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id']).orderBy('n', 'desc').limit(1).executeTakeFirst();
    if (!group?.group_id || !group.catalogue_id) throw new Error('No inventory group with a related catalogue: generate the large profile first');
    const catalogueItems = await db.selectFrom('catalogue_items').select((eb) => eb.fn.countAll<number>().as('n')).where('catalogue_id', '=', group.catalogue_id).executeTakeFirstOrThrow();
    const storeItems = await db.selectFrom('inventory_items').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', group.store_id).executeTakeFirstOrThrow();
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}`);
    console.log(`Catalogue ${group.catalogue_id}: ${Number(catalogueItems.n).toLocaleString('en')} items; group ${group.group_id}: ${Number(group.n).toLocaleString('en')} scans; `
      + `library: ${Number(storeItems.n).toLocaleString('en')} scans; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs\n`);

    const scopes: Array<[string, CompareScope]> = [['ALL_GROUPS', { kind: 'ALL_GROUPS' }], [`group ${group.group_id}`, { kind: 'group', groupId: group.group_id }]];
    const deps = { db, config: defaultConfig({ logger: false }) } as unknown as FilesDeps;
    const user = { id: -1, userName: 'bench', fullName: 'bench', role: 'admin', permissions: [], storeIds: [group.store_id], tokenVersion: 0 } as unknown as AuthUser;
    // A write to any item of the library raises its version (migration 0018): the next total is counted again.
    const bump = () => sql`update list_item_versions set version = version + 1 where store_id = ${group.store_id}`.execute(db);
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    // --writes-only: just the part after item writes (bench-compare-writes.ts).
    const writesOnly = args.includes('--writes-only');
    if (!writesOnly) console.log('First page (25 rows) with total through the compare service: counted (the first call after an item write) and kept:');
    for (const [label, scope] of writesOnly ? [] : scopes) {
      for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
        const counted: number[] = [];
        const kept: number[] = [];
        let total = 0;
        await comparePage(deps, user, group.store_id, group.catalogue_id, mode, scope, { offset: 0, limit: 25 });
        for (let i = 0; i < 3; i += 1) {
          await bump();
          let start = performance.now();
          total = (await comparePage(deps, user, group.store_id, group.catalogue_id, mode, scope, { offset: 0, limit: 25 })).total;
          counted.push(performance.now() - start);
          start = performance.now();
          const again = (await comparePage(deps, user, group.store_id, group.catalogue_id, mode, scope, { offset: 25, limit: 25 })).total;
          kept.push(performance.now() - start);
          if (again !== total) throw new Error(`kept total ${again} differs from counted ${total}`);
        }
        console.log(`  ${mode.padEnd(9)} ${label.padEnd(14)} counted: median ${ms(median(counted))}   kept: median ${ms(median(kept))}   total ${total.toLocaleString('en')}`);
      }
    }

    if (args.includes('--views-only')) return;
    await afterWrites(db, deps, user, group, scopes);
    if (writesOnly) return;

    console.log(`\nExport (csv, code objectId field1..field3) of the group's compare lists, consumed and discarded:`);
    for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
      const list = await resolveCompare(db, group.store_id, group.catalogue_id, mode, scopes[1][1]);
      const start = performance.now();
      const file = await exportList(deps, user, list.def, list.scope, {
        format: { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'semicolon', otherSeparator: '' },
        columns: ['code', 'objectId', 'field1', 'field2', 'field3'].map((id) => ({ id, title: id })), order: null, searchTexts: {},
      }, { maxXlsRows: 1_048_576, baseName: 'bench' });
      let bytes = 0;
      let lines = 0;
      await pipeline(file.stream, new Writable({ write(chunk: Buffer, _e, done) { bytes += chunk.length; lines += chunk.toString('utf8').split('\n').length - 1; done(); } }));
      console.log(`  ${mode.padEnd(9)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s  ${(lines - 1).toLocaleString('en')} rows  ${(bytes / 1048576).toFixed(1)} MB`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
