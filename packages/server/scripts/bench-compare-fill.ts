/**
 * The background fill of Compare's kept totals (services/compareFill.ts) on the large profile, as on a database
 * migrated from before 0025 (nothing kept until viewed): every kept total of a catalogue × {ALL_GROUPS,
 * UNGROUPED, group} list is forgotten, then one fill pass runs as the server runs it (yielding to people).
 * Prints the lists it counted with each count's time, the whole pass's wall and CPU time (this process: the
 * SQLite count worker included; PostgreSQL's backend not) and the load; a person's count of the catalogue's item
 * list alone and while the fill counts (SQLite: the fill gives way); then the first page + total of MISSING and
 * EXCEEDED for ALL_GROUPS and the largest group, the first views after the fill. The MISSING and EXCEEDED lists
 * of `--sections N` (default 4) sections of the largest group are viewed first and then left behind (as by a
 * large write): the fill counts them after the others (section lists only once viewed).
 *
 *   pnpm --filter @portal/server bench:compare-fill -- --data-dir <dir>     SQLite <dir>/portal.sqlite (writes compare_totals: a copy)
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:compare-fill   (the fill writes back what it forgot)
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { CompareMode, CompareScope } from '@portal/contract';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { CATALOGUE_ITEMS_LIST } from '../src/lists/definitions';
import { listPage } from '../src/lists/engine';
import type { AuthUser } from '../src/services/context';
import type { FilesDeps } from '../src/services/files';
import { compareCounterOf, comparePage } from '../src/services/compare';
import { fillPass, listsToFill } from '../src/services/compareFill';
import { countsRunning, type CounterOf } from '../src/services/compareTotals';
import { largestGroup } from './bench-group';
import { largeDataDir } from './benchArgs';

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const cpuMs = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return (u.user + u.system) / 1000; };

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dbConfig = dbConfigFromEnv(process.env, largeDataDir(args));
  const db = createDb(dbConfig);
  try {
    // A shared database another session migrated further (a migration this tree lacks) is read as it is.
    await migrateToLatest(db).catch((e: Error) => console.warn(`Not migrated: ${e.message}`));
    const group = await largestGroup(db);
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}; largest group ${group.groupId} `
      + `(catalogue ${group.catalogueId}); load average ${load()} on ${os.cpus().length} CPUs`);
    // Section lists viewed before (kept), then left behind.
    const sectionCount = Number(args[args.indexOf('--sections') + 1] ?? 4);
    const sections = args.includes('--sections') && !sectionCount ? [] : await db.selectFrom('inventories').select('id')
      .where('group_id', '=', group.groupId).orderBy('id').limit(args.includes('--sections') ? sectionCount : 4).execute();
    for (const { id } of sections) {
      for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
        const found = await compareCounterOf(db, group.storeId, { catalogueId: group.catalogueId, mode, scope: `inventory/${id}` });
        if (found) await sql`insert into compare_totals (catalogue_id, mode, scope, version, total, moved) values (${group.catalogueId}, ${mode}, ${`inventory/${id}`}, 0, ${(await found.counter()).total}, 0)
          on conflict (catalogue_id, mode, scope) do update set version = 0`.execute(db);
      }
    }
    await sql`delete from compare_totals where scope not like 'inventory/%'`.execute(db);
    const lists = await listsToFill(db);
    console.log(`Kept totals forgotten (as before migration 0025): ${lists.length} lists to fill (${2 * sections.length} of them section lists left behind)`);

    // A person's count (the catalogue's item list: page + total) alone, then while the fill counts.
    const personsCount = async () => {
      const start = performance.now();
      await listPage(db, CATALOGUE_ITEMS_LIST, { catalogue_id: group.catalogueId }, { offset: 0, limit: 25 });
      return performance.now() - start;
    };
    const alone = [await personsCount(), await personsCount(), await personsCount()].sort((a, b) => a - b)[1];

    const timed: CounterOf = async (database, storeId, list, signal) => {
      const found = await compareCounterOf(database, storeId, list, signal);
      if (!found) return null;
      return { key: found.key, counter: async () => {
        const start = performance.now();
        const counted = await found.counter();
        console.log(`  ${list.mode.padEnd(9)} ${`catalogue ${list.catalogueId}`.padEnd(13)} ${list.scope.padEnd(16)} ${ms(performance.now() - start)}  total ${counted.total.toLocaleString('en')}`);
        return counted;
      } };
    };
    const during: number[] = [];
    let filling = true;
    const person = (async () => {
      // Three counts while the fill is counting one of the largest lists.
      while (filling && during.length < 3) {
        if (countsRunning(db) > 0) during.push(await personsCount());
        else await new Promise((resolve) => { setTimeout(resolve, 50); });
      }
    })();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const pass = await fillPass(db, { counterOf: timed, yieldToPeople: true });
    filling = false;
    await person;
    console.log(`Fill: ${pass.kept} of ${pass.lists} lists kept in ${((performance.now() - start) / 1000).toFixed(1)} s (CPU ${(cpuMs(cpu) / 1000).toFixed(1)} s); load average ${load()}`);
    console.log(`A person's count of the catalogue's items (page + total): alone ${ms(alone)}; during the fill ${during.map(ms).join(' /')}`);

    const deps = { db, config: defaultConfig({ logger: false }) } as unknown as FilesDeps;
    const user = { id: -1, userName: 'bench', fullName: 'bench', role: 'admin', permissions: [], storeIds: [group.storeId], tokenVersion: 0 } as unknown as AuthUser;
    console.log('First views after the fill (first page of 25 with total):');
    const scopes: Array<[string, CompareScope]> = [['ALL_GROUPS', { kind: 'ALL_GROUPS' }], [`group ${group.groupId}`, { kind: 'group', groupId: group.groupId }]];
    for (const [label, scope] of scopes) {
      for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
        const begin = performance.now();
        const { total } = await comparePage(deps, user, group.storeId, group.catalogueId, mode, scope, { offset: 0, limit: 25 });
        console.log(`  ${mode.padEnd(9)} ${label.padEnd(14)} ${ms(performance.now() - begin)}  total ${total.toLocaleString('en')}`);
      }
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
