/**
 * Migration 0024: PostgreSQL has no (parent, search_text) btree on the item tables any more (its searches use
 * pg_trgm); SQLite keeps them (its search probe reads them). Searches still find the same rows either way.
 */
import { sql } from 'kysely';
import { minimalStores } from '../../demo/seedMinimal';
import { listPage } from '../../lists/engine';
import { CATALOGUE_ITEMS_LIST } from '../../lists/definitions';
import { addCatalogue } from '../../lists/testing/helpers';
import { createTestDb, type TestDb } from '../../testing/testDb';
import { SEARCH_BTREES } from './0024_postgres_search_btrees';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

async function indexExists(name: string): Promise<boolean> {
  const { rows } =
    t.dialect === 'postgres'
      ? await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = ${name}`.execute(t.db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'index' and name = ${name}`.execute(t.db);
  return Number(rows[0].n) === 1;
}

describe('migration 0024', () => {
  it.each(Object.keys(SEARCH_BTREES))('%s: gone on PostgreSQL, kept on SQLite', async (name) => {
    expect(await indexExists(name)).toBe(t.dialect === 'sqlite');
  });

  it('leaves searches as they were', async () => {
    const [store] = await t.db.insertInto('stores').values(minimalStores()[0]).returning('id').execute();
    const id = await addCatalogue(t.db, store.id, 'Searched', [
      { code: '1', field1: 'Canción del río' },
      { code: '2', field1: 'Otra' },
      { code: '3', field2: 'RIO' },
    ]);
    const page = await listPage(t.db, CATALOGUE_ITEMS_LIST, { catalogue_id: id }, { searchTexts: { field1: 'rio' } });
    expect(page.items.map((i) => i.code)).toEqual(['1']);
    expect(page.total).toBe(1);
  });
});
