/**
 * The usual stocktake path on the large profile: a section of scans is imported into the largest inventory group
 * (a real csv uploaded and imported through the HTTP routes), then Compare is opened. Prints:
 *
 * - the import's time, and when the background recount of the kept totals it left behind (more than MOVED_CAP
 *   rows) ended, from the import's answer;
 * - the first page (25) with total of each list (MISSING and EXCEEDED, ALL_GROUPS and the group) opened right
 *   after the import's answer (it may wait for the recount's count of that list), and opened once the recount has
 *   ended (kept);
 * - the same first page counted in full (the library's kept totals invalidated: what the first view after such
 *   an import cost before the background recount).
 *
 *   pnpm --filter @portal/server bench:compare-import -- --data-dir <dir> [--rows 20000]     SQLite <dir>/portal.sqlite
 *   … --never-viewed: the lists are not opened before the import (nothing kept: a group new to this stocktake)
 *   … --skip-full: no full counts at the end
 *   … --new-group: the section goes into a group created for this stocktake (related to the catalogue; deleted at
 *     the end): its lists are kept from its creation (migration 0025), never viewed
 *   … --delete: then the section (its scans) is deleted through the HTTP route, timed, and each list's first page
 *     with total is opened the moment the delete answered (kept: services/compareDeleteDeltas.ts; the full counts
 *     after it check those totals)
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:compare-import
 *
 * The section is deleted at the end (its scans with it).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { createTokenService } from '../src/auth/tokens';
import { multipart } from '../src/lists/testing/helpers';
import { recountsSettled } from '../src/services/compareTotals';
import { largestGroup } from './bench-group';
import { largeDataDir, option } from './benchArgs';

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const rows = Number(option(args, '--rows') ?? 20_000);
  const deleting = args.includes('--delete');
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  const config = defaultConfig({ logger: false, dataDir, portalRoot: null });
  const app = await buildApp({ db, config });
  let removeSection: (() => Promise<unknown>) | null = null;
  let removeGroup: (() => Promise<unknown>) | null = null;
  try {
    await migrateToLatest(db);
    const largest = await largestGroup(db);
    const group = { ...largest };
    const admin = await db.selectFrom('users').select(['id', 'token_version']).where('role', '=', 'admin').orderBy('id').executeTakeFirstOrThrow();
    const token = (await (await createTokenService(db, config.tokenTtlSeconds, config.now)).issue(admin.id, admin.token_version)).token;
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
      const res = await app.inject({ method, url, headers: { 'x-access-token': token }, ...(body === undefined ? {} : { payload: body as object }) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const stamp = Date.now().toString(36);
    if (args.includes('--new-group')) {
      const created = performance.now();
      group.groupId = (await call('POST', `/api/stores/${group.storeId}/inventoryGroups`, { name: `bench ${stamp}`, catalogueId: group.catalogueId })).tid as number;
      group.scans = 0;
      console.log(`New group ${group.groupId} created in ${ms(performance.now() - created)} (its lists kept from the start: a count of the catalogue)`);
      removeGroup = () => call('DELETE', `/api/stores/${group.storeId}/inventoryGroups/${group.groupId}`);
    }
    const lists = ['MISSING', 'EXCEEDED'].flatMap((mode) => ['ALL_GROUPS', `group/${group.groupId}`].map((scope) => `${mode}/${scope}`));
    const page = async (list: string) => {
      const start = performance.now();
      const { total } = await call('GET', `/api/stores/${group.storeId}/compare/${group.catalogueId}/${list}?offset=0&limit=25`);
      return { ms: performance.now() - start, total: total as number };
    };
    console.log(`Set-wise deltas in the move; database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}; catalogue ${group.catalogueId}, group ${group.groupId}`
      + ` (${group.scans.toLocaleString('en')} scans); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
    // --never-viewed: the lists were never opened (nothing kept), as for a group created for this stocktake.
    if (args.includes('--never-viewed')) await sql`delete from compare_totals where catalogue_id = ${group.catalogueId}`.execute(db);
    else for (const list of lists.filter((l) => !args.includes('--new-group') || l.endsWith('ALL_GROUPS'))) await page(list);

    // The scans: nine in ten codes of the catalogue (found), one in ten unknown (exceeded).
    const known = await db.selectFrom('catalogue_items').select('code').where('catalogue_id', '=', group.catalogueId).where('code', 'is not', null)
      .orderBy('id', 'desc').limit(Math.round(rows * 0.9)).execute();
    const codes = [...known.map((r) => r.code!), ...Array.from({ length: rows - known.length }, (_, i) => `BENCH${stamp}${i}`)];
    const { payload, headers } = multipart('file', 'scans.csv', `code\n${codes.join('\n')}\n`);
    const upload = await app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': token } });
    if (upload.statusCode !== 200) throw new Error(`upload answered ${upload.statusCode}`);
    const groupsUrl = `/api/stores/${group.storeId}/inventoryGroups/${group.groupId}/inventories`;
    const section = (await call('POST', groupsUrl, { comment: `bench ${stamp}`, date: '2026-11-23 10:00:00' })).tid as number;
    const sectionUrl = `${groupsUrl}/${section}`;
    removeSection = () => call('DELETE', sectionUrl);

    const start = performance.now();
    const cpu = process.cpuUsage();
    const imported = await call('POST', `${sectionUrl}/import`, { fileName: upload.json().file, sheetIndex: null, fields: [{ code: 0 }] });
    const importMs = performance.now() - start;
    const importCpu = process.cpuUsage(cpu);
    const answered = performance.now();
    console.log(`Load average after the import ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const recount = recountsSettled(db).then(() => performance.now() - answered);
    console.log(`\nImport of ${rows.toLocaleString('en')} scans into a new section: ${imported.numItemsInserted.toLocaleString('en')} inserted in ${ms(importMs)}`
      + ` (CPU ${ms((importCpu.user + importCpu.system) / 1000)} in this process: server and SQLite)`);
    console.log('First page (25) with total, opened right after the import answered (may wait for the recount of that list):');
    for (const list of lists) {
      const { ms: took, total } = await page(list);
      console.log(`  ${list.padEnd(24)} ${ms(took)}   total ${total.toLocaleString('en')}   (${ms(performance.now() - answered)} after the import answered)`);
    }
    console.log(`Background recount ended ${ms(await recount)} after the import answered`);
    const kept: Record<string, number> = {};
    console.log('First page with total once the recount has ended (kept):');
    for (const list of lists) {
      const { ms: took, total } = await page(list);
      kept[list] = total;
      console.log(`  ${list.padEnd(24)} ${ms(took)}   total ${total.toLocaleString('en')}`);
    }
    if (deleting) {
      console.log(`\nSet-wise deltas in the delete; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
      const deleteStart = performance.now();
      const deleteCpu = process.cpuUsage();
      await call('DELETE', sectionUrl);
      const deleteMs = performance.now() - deleteStart;
      const deleteUsed = process.cpuUsage(deleteCpu);
      removeSection = null;
      const deleted = performance.now();
      console.log(`Delete of the section (${imported.numItemsInserted.toLocaleString('en')} scans): ${ms(deleteMs)} (CPU ${ms((deleteUsed.user + deleteUsed.system) / 1000)} in this process)`);
      console.log('First page (25) with total, opened right after the delete answered:');
      for (const list of lists) {
        const { ms: took, total } = await page(list);
        kept[list] = total;
        console.log(`  ${list.padEnd(24)} ${ms(took)}   total ${total.toLocaleString('en')}   (${ms(performance.now() - deleted)} after the delete answered)`);
      }
    }
    console.log('First page with total counted in full (kept totals invalidated; the first view before the background recount):');
    for (const list of args.includes('--skip-full') ? [] : lists) {
      await sql`update list_item_versions set version = version + 1 where store_id = ${group.storeId}`.execute(db);
      await recountsSettled(db);
      const { ms: took, total } = await page(list);
      console.log(`  ${list.padEnd(24)} ${ms(took)}   total ${total.toLocaleString('en')}${total === kept[list] ? '' : `   DIFFERS from the kept ${kept[list]}`}`);
    }
  } finally {
    if (removeSection) await removeSection();
    if (removeGroup) await removeGroup();
    await recountsSettled(db);
    await app.close();
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
