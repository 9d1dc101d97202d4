/**
 * Compare benchmark on the large profile (1,000,000 catalogue items × 1,000,000 inventory items in one group).
 *
 *   pnpm --filter @portal/server bench:compare -- --data-dir <dir>     SQLite <dir>/portal.sqlite
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:compare
 *
 * Takes the inventory group with the most items and its related catalogue. For MISSING and EXCEEDED against
 * ALL_GROUPS and that group, through the compare service after an item write (the stored total's stamp is stale):
 * the first page (25, count=skip: rows at once), the total by count=only (counted and stored), the first page
 * again (stored total, answered at once), and the same anti-join counted in raw SQL; medians of 3 after one
 * warm-up. Then the time of a csv export of the group's full MISSING and EXCEEDED lists (consumed and discarded).
 */
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CompareMode, CompareScope, ListQuery } from '@portal/contract';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, dialectOf, migrateToLatest } from '../src/db/connect';
import { sql } from 'kysely';
import { exportList } from '../src/lists/export/export';
import type { AuthUser } from '../src/services/context';
import type { FilesDeps } from '../src/services/files';
import { comparePage, resolveCompare } from '../src/services/compare';
import { whereSql } from '../src/lists/search';
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
    const group = await db
      .selectFrom('inventory_items')
      .innerJoin('inventory_groups', 'inventory_groups.id', 'inventory_items.group_id')
      .select(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('inventory_groups.catalogue_id', 'is not', null)
      .groupBy(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id'])
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!group?.group_id || !group.catalogue_id) throw new Error('No inventory group with a related catalogue: generate the large profile first');
    const catalogueItems = await db
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('catalogue_id', '=', group.catalogue_id)
      .executeTakeFirstOrThrow();
    const storeItems = await db
      .selectFrom('inventory_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', group.store_id)
      .executeTakeFirstOrThrow();
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}`);
    console.log(
      `Catalogue ${group.catalogue_id}: ${Number(catalogueItems.n).toLocaleString('en')} items; group ${group.group_id}: ${Number(group.n).toLocaleString('en')} scans; ` +
        `library: ${Number(storeItems.n).toLocaleString('en')} scans; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${os.cpus().length} CPUs\n`,
    );

    const catalogueId = group.catalogue_id;
    const scopes: Array<[string, CompareScope]> = [
      ['ALL_GROUPS', { kind: 'ALL_GROUPS' }],
      [`group ${group.group_id}`, { kind: 'group', groupId: group.group_id }],
    ];
    const deps = { db, config: defaultConfig({ logger: false }) } as unknown as FilesDeps;
    const user = {
      id: -1,
      userName: 'bench',
      fullName: 'bench',
      role: 'admin',
      permissions: [],
      storeIds: [group.store_id],
      tokenVersion: 0,
    } as unknown as AuthUser;
    // A write to any item of the library raises its version (migration 0018): every stored total is stale.
    const bump = () => sql`update list_item_versions set version = version + 1 where store_id = ${group.store_id}`.execute(db);
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    const timed = async <T>(times: number[], work: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await work();
      times.push(performance.now() - start);
      return result;
    };
    console.log('Through the compare service, after an item write (stale stamp), medians of 3 after one warm-up: first page (25, count=skip),');
    console.log('the total by count=only (counted and stored), the first page with the stored total, and the raw anti-join count:');
    for (const [label, scope] of scopes) {
      for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
        const [page, counted, stamped, raw] = [[], [], [], []] as number[][];
        const list = await resolveCompare(db, group.store_id, group.catalogue_id, mode, scope);
        const where = whereSql(dialectOf(db), list.def as never, list.scope, [], null);
        let total = 0;
        for (let i = 0; i < 4; i += 1) {
          await bump();
          const view = (query: ListQuery) => comparePage(deps, user, group.store_id, catalogueId, mode, scope, query);
          await timed(page, () => view({ offset: 0, limit: 25, count: 'skip' }));
          total = (await timed(counted, () => view({ count: 'only' }))).total;
          const again = (await timed(stamped, () => view({ offset: 0, limit: 25, count: 'skip' }))).total;
          const rawTotal = Number(
            (await timed(raw, () => sql<{ n: number }>`select count(*) as n from ${sql.table(list.def.table)} where ${where}`.execute(db))).rows[0].n,
          );
          if (again !== total || rawTotal !== total) throw new Error(`${mode} ${label}: stored ${again}, counted ${total}, raw ${rawTotal}`);
          if (i === 0) for (const times of [page, counted, stamped, raw]) times.length = 0;
        }
        console.log(
          `  ${mode.padEnd(9)} ${label.padEnd(14)} page ${ms(median(page))}   count ${ms(median(counted))}   stored ${ms(median(stamped))}   raw ${ms(median(raw))}` +
            `   (count/raw ${(median(counted) / median(raw)).toFixed(2)})   total ${total.toLocaleString('en')}`,
        );
      }
    }

    console.log(`\nExport (csv, code objectId field1..field3) of the group's compare lists, consumed and discarded:`);
    for (const mode of ['MISSING', 'EXCEEDED'] as CompareMode[]) {
      const list = await resolveCompare(db, group.store_id, group.catalogue_id, mode, scopes[1][1]);
      const start = performance.now();
      const file = await exportList(
        deps,
        user,
        list.def,
        list.scope,
        {
          format: {
            fileType: 'csv',
            firstRowHeader: true,
            dateFormat: 'YYYY-MM-DD',
            codePrefix: '',
            codeSuffix: '',
            separator: 'semicolon',
            otherSeparator: '',
          },
          columns: ['code', 'objectId', 'field1', 'field2', 'field3'].map((id) => ({ id, title: id })),
          order: null,
          searchTexts: {},
        },
        { maxXlsRows: 1_048_576, baseName: 'bench' },
      );
      let bytes = 0;
      let lines = 0;
      await pipeline(
        file.stream,
        new Writable({
          write(chunk: Buffer, _e, done) {
            bytes += chunk.length;
            lines += chunk.toString('utf8').split('\n').length - 1;
            done();
          },
        }),
      );
      console.log(
        `  ${mode.padEnd(9)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s  ${(lines - 1).toLocaleString('en')} rows  ${(bytes / 1048576).toFixed(1)} MB`,
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
