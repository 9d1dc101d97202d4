/**
 * Migration 0015: the engine's ORDER BY on any item text column (either direction) is served by that
 * column's sort index, so a sorted first page reads 25 index entries instead of sorting the list.
 */
import { sql } from 'kysely';
import { minimalStores } from '../../demo/seedMinimal';
import { CATALOGUE_ITEMS_LIST, SEARCH_LIST_ITEMS_LIST } from '../../lists/definitions';
import type { ListDefinition, ListScope } from '../../lists/definition';
import { orderSql, selectColumns } from '../../lists/engine';
import { planSearch, whereSql } from '../../lists/search';
import { ITEM_COLUMN } from '../../lists/items';
import { SCANNED_ITEMS_LIST } from '../../services/inventoryLists';
import { addCatalogue } from '../../lists/testing/helpers';
import { createTestDb, type TestDb } from '../../testing/testDb';
import { migrateToLatest } from '../connect';
import { listSortIndexes, sortIndexName } from './0015_list_sort_indexes';

let t: TestDb;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestDb();
  const [store] = await t.db.insertInto('stores').values(minimalStores()[0]).returning('id').execute();
  catalogueId = await addCatalogue(
    t.db,
    store.id,
    'Sorted',
    Array.from({ length: 50 }, (_, i) => ({ code: `C${i}`, field1: i % 2 ? 'Árbol' : null })),
  );
});
afterAll(() => t.destroy());

/** The database's plan of the engine's first page, as text. */
async function plan(def: ListDefinition<unknown>, table: string, scope: ListScope, field: string, dir: 'asc' | 'desc', searchTexts = {}): Promise<string> {
  const where = whereSql(t.dialect, def, scope, planSearch(def, searchTexts), null);
  const query = sql`select ${selectColumns(def)} from ${sql.table(table)} where ${where} order by ${orderSql(t.dialect, def, [field, dir])} limit 26`;
  if (t.dialect === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db);
    return rows.map((r) => r.detail).join('\n');
  }
  // A tiny table is cheaper to sort than to read by index: tell the planner sorting is out of the question.
  return t.db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe(`0015 list sort indexes (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('serves every text column of catalogue, search list and inventory group lists in both directions without a sort', async () => {
    const lists: Array<[ListDefinition<unknown>, string, ListScope]> = [
      [CATALOGUE_ITEMS_LIST as ListDefinition<unknown>, 'catalogue_items', { catalogue_id: catalogueId }],
      [SEARCH_LIST_ITEMS_LIST as ListDefinition<unknown>, 'search_list_items', { search_list_id: 1 }],
      [SCANNED_ITEMS_LIST as ListDefinition<unknown>, 'inventory_items', { store_id: 1, group_id: 1 }],
    ];
    for (const [def, table, scope] of lists) {
      for (const [field, column] of Object.entries(ITEM_COLUMN)) {
        for (const dir of ['asc', 'desc'] as const) {
          const text = await plan(def, table, scope, field, dir);
          expect([table, field, dir, text.includes(sortIndexName(table, column))]).toEqual([table, field, dir, true]);
          expect([table, field, dir, /TEMP B-TREE|Sort\b/i.test(text)]).toEqual([table, field, dir, false]);
        }
      }
    }
  });

  it('keeps the engine order: case ignored, nulls first ascending and last descending, id breaking ties', async () => {
    const page = async (dir: 'asc' | 'desc') => {
      const where = whereSql(t.dialect, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, [], null);
      const { rows } = await sql<{
        code: string;
      }>`select code from catalogue_items where ${where} order by ${orderSql(t.dialect, CATALOGUE_ITEMS_LIST, ['field1', dir])} limit 3`.execute(t.db);
      return rows.map((r) => r.code);
    };
    expect(await page('asc')).toEqual(['C0', 'C2', 'C4']);
    expect(await page('desc')).toEqual(['C49', 'C47', 'C45']);
  });

  if (!process.env.TEST_DATABASE_URL) {
    it('on a SQLite database with statistics, the new indexes get theirs, so a list in id order is not read through one and sorted', async () => {
      await sql`analyze`.execute(t.db);
      // The migration again, as on a database analysed before it (the large profile is).
      await listSortIndexes('sqlite').down!(t.db);
      await t.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0015_list_sort_indexes' as never)
        .execute();
      await migrateToLatest(t.db);
      const { rows: stats } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where idx like 'catalogue_items_sort_%'`.execute(t.db);
      expect(Number(stats[0].n)).toBe(8);
      const where = whereSql('sqlite', CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, [], null);
      const { rows } = await sql<{ detail: string }>`explain query plan select id from catalogue_items where ${where} order by id limit 26`.execute(t.db);
      expect(rows.map((r) => r.detail).join('\n')).not.toMatch(/TEMP B-TREE|_sort_/);
    });
  }
});
