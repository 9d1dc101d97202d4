/**
 * Part of bench:compare: the Compare totals after item writes (migration 0019).
 *
 * - First page (25) with total after one scan and one catalogue item are written (and removed again), per mode
 *   and scope: the kept totals are moved by the triggers, not counted again; checked against a full count.
 * - What the triggers add to a 100,000-row write in one statement (an import's final move into a new section:
 *   90,000 codes of the catalogue, 10,000 unknown ones) and to the delete of that section's items: with the
 *   library's kept totals valid (4: MISSING and EXCEEDED for ALL_GROUPS and the group) against none valid.
 */
import { sql, type Kysely } from 'kysely';
import type { CompareMode, CompareScope } from '@portal/contract';
import type { Database } from '../src/db/schema';
import type { AuthUser } from '../src/services/context';
import type { FilesDeps } from '../src/services/files';
import { comparePage } from '../src/services/compare';
import { keptCompareTotal } from '../src/services/compareTotals';

type Group = { group_id: number | null; store_id: number; catalogue_id: number | null };

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const IMPORT_ROWS = 100_000;

export async function afterWrites(database: Kysely<Database>, deps: FilesDeps, user: AuthUser, group: Group, scopes: Array<[string, CompareScope]>): Promise<void> {
  const db = database;
  const storeId = group.store_id;
  const catalogueId = group.catalogue_id!;
  const now = new Date().toISOString();
  const section = (await db.insertInto('inventories').values({ store_id: storeId, group_id: group.group_id, comment: `bench ${now}`, date: now, created_at: now })
    .returning('id').executeTakeFirstOrThrow()).id as number;
  const page = async (mode: CompareMode, scope: CompareScope) => (await comparePage(deps, user, storeId, catalogueId, mode, scope, { offset: 0, limit: 25 })).total;
  const keys = scopes.flatMap(([label, scope]) => (['MISSING', 'EXCEEDED'] as CompareMode[]).map((mode) => ({ label, scope, mode })));
  try {
    console.log('\nFirst page (25 rows) with total after one scan and one catalogue item are written (0019 moves the kept totals):');
    for (const { label, scope, mode } of keys) {
      await page(mode, scope);
      const times: number[] = [];
      const alone: number[] = [];
      let total = 0;
      for (let i = 0; i < 3; i += 1) {
        const code = `BENCH-${Date.now()}-${i}`;
        await db.insertInto('inventory_items').values({ store_id: storeId, inventory_id: section, group_id: group.group_id, code, object_id: null, search_text: code.toLowerCase(), date: now, created_at: now }).execute();
        await db.insertInto('catalogue_items').values({ store_id: storeId, catalogue_id: catalogueId, code: `${code}-C`, object_id: null, search_text: code.toLowerCase(), created_at: now }).execute();
        // The total alone (kept, or the bench fails), then the page with it.
        let start = performance.now();
        await keptCompareTotal(database, { storeId, catalogueId, mode, scope }, () => { throw new Error(`${mode} ${label}: not kept after a write`); });
        alone.push(performance.now() - start);
        start = performance.now();
        total = await page(mode, scope);
        times.push(performance.now() - start);
      }
      // The kept total against a full count.
      await db.updateTable('list_item_versions').set((eb) => ({ version: eb('version', '+', 1) })).where('store_id', '=', storeId).execute();
      const counted = await page(mode, scope);
      if (counted !== total) throw new Error(`${mode} ${label}: kept total ${total} differs from a full count ${counted}`);
      console.log(`  ${mode.padEnd(9)} ${label.padEnd(14)} after a write: total alone median ${ms(median(alone))}, page + total median ${ms(median(times))}   total ${total.toLocaleString('en')} (equals a full count)`);
    }

    console.log(`\nA ${IMPORT_ROWS.toLocaleString('en')}-row insert in one statement (an import's final move) and the delete of those scans:`);
    const [store, inventory, groupId, at] = [sql.lit(storeId), sql.lit(section), sql.lit(group.group_id), sql.lit(now)];
    const rows = sql`select ${store} as store_id, ${inventory} as inventory_id, ${groupId} as group_id, code, object_id, search_text, ${at} as date, ${at} as created_at
      from (select code, object_id, search_text from catalogue_items where catalogue_id = ${sql.lit(catalogueId)} order by id limit ${sql.lit(IMPORT_ROWS * 0.9)} offset 100000) known
      union all select ${store}, ${inventory}, ${groupId}, 'BENCH-NEW-' || n, null, 'bench-new-' || n, ${at}, ${at}
        from (select row_number() over () as n from catalogue_items where catalogue_id = ${sql.lit(catalogueId)} limit ${sql.lit(IMPORT_ROWS * 0.1)}) numbers`;
    for (const kept of [true, false]) {
      const measured: Array<[number, number]> = [];
      for (let i = 0; i < 2; i += 1) {
        if (kept) for (const { scope, mode } of keys) await page(mode, scope);
        // None valid: the kept totals are moved off the library's version (the triggers then skip them).
        else await db.updateTable('compare_totals').set({ version: -1 }).where('catalogue_id', 'in', db.selectFrom('catalogues').select('id').where('store_id', '=', storeId)).execute();
        let start = performance.now();
        await sql`insert into inventory_items (store_id, inventory_id, group_id, code, object_id, search_text, date, created_at)
          select store_id, inventory_id, group_id, code, object_id, search_text, date, created_at from (${rows}) r`.execute(db);
        const inserted = performance.now() - start;
        start = performance.now();
        await db.deleteFrom('inventory_items').where('inventory_id', '=', section).execute();
        measured.push([inserted, performance.now() - start]);
      }
      const valid = kept ? 'with 4 kept totals valid' : 'with no kept total valid';
      console.log(`  ${valid.padEnd(26)} insert: median ${ms(median(measured.map((m) => m[0])))}   delete: median ${ms(median(measured.map((m) => m[1])))}`);
    }
  } finally {
    await db.deleteFrom('inventory_items').where('inventory_id', '=', section).execute();
    await db.deleteFrom('inventories').where('id', '=', section).execute();
    await db.deleteFrom('catalogue_items').where('catalogue_id', '=', catalogueId).where('code', 'like', 'BENCH-%').execute();
  }
}
