/**
 * Migration 0023: inventory items (scans) get the substring index catalogue items have (SQLite: an FTS5
 * trigram table kept by triggers; PostgreSQL: a pg_trgm GIN index). Searches of a section, a group and all
 * inventories answer exactly the rows the same search finds without the index (the list definition without
 * it), after inserts, updates and deletes, and for rows that existed before the migration (its fill).
 */
import { sql } from 'kysely';
import { itemSearchText } from '@portal/contract';
import { dialectOf } from '../db/connect';
import { inventoryItemSearchIndex, INVENTORY_ITEMS_FTS } from '../db/migrations/0023_inventory_item_search_index';
import { INVENTORY_ITEMS_LIST } from './definitions';
import { defineList, type ListScope } from './definition';
import { listPage } from './engine';
import { ITEM_LIST_COLUMNS, ITEM_SEARCH_TEXT, toApiItem, type ApiItem } from './items';
import { CANDIDATE_LIMIT, planSearch, probeIndex } from './search';
import { SCANNED_ITEMS_LIST } from '../services/inventoryLists';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(90_000);

const SQLITE = !process.env.TEST_DATABASE_URL;
/** The inventory items list as it was before 0023: no index behind its search_text. */
const UNINDEXED = defineList<ApiItem>({ table: 'inventory_items', columns: ITEM_LIST_COLUMNS, searchText: ITEM_SEARCH_TEXT, toItem: toApiItem });

let t: TestApp;
let store: number;
let group: number;
const sections: number[] = [];
const now = new Date().toISOString();

async function addScans(section: number, groupId: number | null, items: Array<{ code: string; objectId?: string; field1?: string }>) {
  const rows = items.map((it) => ({
    store_id: store,
    inventory_id: section,
    group_id: groupId,
    code: it.code,
    object_id: it.objectId ?? null,
    field1: it.field1 ?? null,
    search_text: itemSearchText(it),
    date: now,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('inventory_items')
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
  group = (
    await t.db
      .insertInto('inventory_groups')
      .values({ store_id: store, name: 'Index group', catalogue_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const g of [group, group, null]) {
    sections.push(
      (
        await t.db
          .insertInto('inventories')
          .values({ store_id: store, group_id: g, comment: `Index ${sections.length}`, date: now, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  await addScans(sections[0], group, [
    { code: '30011000017', objectId: 'E-1', field1: 'Música del río' },
    { code: '30011000018', field1: 'abcdefg' },
    { code: 'X9', objectId: '30011000017b' },
  ]);
  // Many rows sharing the codes' first digits (as a library's codes do): more than the probe inlines.
  await addScans(
    sections[1],
    group,
    Array.from({ length: CANDIDATE_LIMIT + 50 }, (_, i) => ({ code: `3001${String(i).padStart(7, '0')}`, field1: 'rio' })),
  );
  await addScans(sections[2], null, [{ code: '30011000017', field1: 'MUSICA' }]);
}, 90_000);
afterAll(() => t.close());

const SEARCHES: Array<Record<string, string>> = [
  { code: '30011000017' },
  { code: '3001100001' },
  { code: '3001' },
  { code: 'x9' },
  { objectId: 'e-1' },
  { objectId: '30011000017' },
  { field1: 'musica' },
  { field1: 'RIO' },
  { field1: 'bcdefg' },
  { field1: 'zzz' },
  { code: '01' },
  { code: '/^3001100001\\d$/' },
];

async function same(scope: ListScope, searchTexts: Record<string, string>) {
  const params = { searchTexts, limit: 100, order: ['tid', 'asc'] as [string, 'asc'] };
  const indexed = await listPage(t.db, INVENTORY_ITEMS_LIST, scope, params);
  const before = await listPage(t.db, UNINDEXED, scope, params);
  expect({ searchTexts, tids: indexed.items.map((i) => i.tid), total: indexed.total }).toEqual({
    searchTexts,
    tids: before.items.map((i) => i.tid),
    total: before.total,
  });
  expect((await listPage(t.db, INVENTORY_ITEMS_LIST, scope, { ...params, count: 'only' })).total).toBe(before.total);
  return indexed;
}

const scopes = (): ListScope[] => [
  { inventory_id: sections[0] },
  { store_id: store, group_id: group },
  { store_id: store, group_id: null },
  { store_id: store },
];

describe(`inventory items search index (${SQLITE ? 'sqlite' : 'postgres'})`, () => {
  it('has the index: SQLite probes the FTS5 table, PostgreSQL has the GIN index', async () => {
    expect(INVENTORY_ITEMS_LIST.searchText?.fts).toBe(INVENTORY_ITEMS_FTS);
    expect(SCANNED_ITEMS_LIST.searchText?.fts).toBe(INVENTORY_ITEMS_FTS);
    const [term] = await probeIndex(
      t.db,
      INVENTORY_ITEMS_LIST,
      { store_id: store, group_id: group },
      planSearch(INVENTORY_ITEMS_LIST, { code: '30011000017' }),
    );
    if (SQLITE) expect(term.candidates?.length).toBeLessThanOrEqual(CANDIDATE_LIMIT);
    if (!SQLITE) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from pg_indexes where indexname = 'inventory_items_trgm_idx'`.execute(t.db);
      const ext = await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(t.db);
      expect(Number(rows[0].n)).toBe(Number(ext.rows[0].n));
    }
  });

  it('section, group, ungrouped and all-inventories searches answer the rows they answered without the index', async () => {
    for (const scope of scopes()) for (const s of SEARCHES) await same(scope, s);
    const page = await same({ store_id: store, group_id: group }, { code: '30011000017' });
    expect(page.items.map((i) => i.code)).toEqual(['30011000017']);
    expect((await same({ store_id: store }, { field1: 'musica' })).total).toBe(2);
  });

  it('follows inserts, updates and deletes (triggers)', async () => {
    await addScans(sections[0], group, [{ code: 'NEW-4242', field1: 'nuevo' }]);
    expect((await same({ store_id: store, group_id: group }, { code: 'new-4242' })).total).toBe(1);
    await t.db
      .updateTable('inventory_items')
      .set({ code: 'CHANGED-77', search_text: itemSearchText({ code: 'CHANGED-77', field1: 'nuevo' }) })
      .where('code', '=', 'NEW-4242')
      .execute();
    expect((await same({ store_id: store, group_id: group }, { code: 'new-4242' })).total).toBe(0);
    expect((await same({ store_id: store, group_id: group }, { code: 'changed-77' })).total).toBe(1);
    await t.db.deleteFrom('inventory_items').where('code', '=', 'CHANGED-77').execute();
    expect((await same({ store_id: store, group_id: group }, { code: 'changed-77' })).total).toBe(0);
    if (SQLITE) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(INVENTORY_ITEMS_FTS)} where ${sql.table(INVENTORY_ITEMS_FTS)} match ${'"d-7"'}`.execute(t.db);
      expect(Number(rows[0].n)).toBe(0);
    }
  });

  it('indexes the rows that existed before it (the migration fills the index)', async () => {
    const migration = inventoryItemSearchIndex(dialectOf(t.db));
    // As the migrator runs it: in a transaction (PostgreSQL's savepoint needs one).
    await t.db.transaction().execute((trx) => migration.down!(trx as never));
    await addScans(sections[0], group, [{ code: 'OLD-5150', field1: 'antiguo' }]);
    await t.db.transaction().execute((trx) => migration.up(trx as never));
    expect((await same({ store_id: store, group_id: group }, { code: 'old-5150' })).total).toBe(1);
    for (const s of SEARCHES) await same({ store_id: store, group_id: group }, s);
  });
});
