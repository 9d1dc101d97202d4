/**
 * Migration 0016: the SIP operations list's first page in its default order (and the reverse) reads the
 * transaction-date index instead of sorting the operations in scope; the per-library date ranges of the
 * public "Self-service today" keep their (store_id, transaction_date) index. Plans are the databases' own,
 * on statistics of a few thousand operations (no planner switches).
 */
import { CompiledQuery, sql } from 'kysely';
import { minimalStores } from '../../demo/seedMinimal';
import { orderSql, selectColumns } from '../../lists/engine';
import type { ListScope } from '../../lists/definition';
import { planSearch, whereSql } from '../../lists/search';
import { sipCountsByTypeStatusQuery } from '../../publicDisplays/queries';
import { SIP_OPERATIONS_LIST } from '../../services/sipOperations';
import { createTestDb, type TestDb } from '../../testing/testDb';
import { SIP_DATE_INDEX } from './0016_sip_operations_date_index';

jest.setTimeout(60_000);

let t: TestDb;
let storeIds: number[];
beforeAll(async () => {
  t = await createTestDb();
  storeIds = (await t.db.insertInto('stores').values(minimalStores()).returning('id').execute()).map((s) => s.id);
  const ops = Array.from({ length: 4000 }, (_, i) => ({
    store_id: storeIds[i % storeIds.length],
    origin: 'Autopréstamo 1',
    type: i % 3 ? ('CHECKOUT' as const) : ('CHECKIN' as const),
    offline: 0 as const,
    patron_identifier: `P${i}`,
    item_identifier: `IT${i}`,
    title_identifier: '',
    transaction_date: new Date(Date.UTC(2026, 0, 1) + i * 600_000).toISOString().replace('T', ' ').slice(0, 19),
    due_date: null,
    execution_date: null,
    status: i % 7 ? ('SUCCESS' as const) : ('ERROR' as const),
    error: '',
  }));
  for (let i = 0; i < ops.length; i += 500)
    await t.db
      .insertInto('sip_operations')
      .values(ops.slice(i, i + 500))
      .execute();
  await sql`analyze`.execute(t.db);
});
afterAll(() => t.destroy());

/** The database's plan of a query, as text. */
async function explain({ sql: text, parameters }: CompiledQuery): Promise<string> {
  const { rows } = await t.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain ${t.dialect === 'sqlite' ? 'query plan ' : ''}${text}`, [...parameters]),
  );
  return rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
}

/** The plan of the list engine's first page (25 rows and one to know there are more). */
const firstPage = (scope: ListScope, dir: 'asc' | 'desc', searchTexts: Record<string, string> = {}) =>
  explain(
    sql`select ${selectColumns(SIP_OPERATIONS_LIST)}
  from sip_operations_list where ${whereSql(t.dialect, SIP_OPERATIONS_LIST, scope, planSearch(SIP_OPERATIONS_LIST, searchTexts), null)}
  order by ${orderSql(t.dialect, SIP_OPERATIONS_LIST, ['transactionDate', dir])} limit 26`.compile(t.db),
  );

const SORT = /TEMP B-TREE FOR ORDER BY|\bSort\b/i;

describe(`0016 SIP operations date index (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it("serves an admin's list (every library) in the default order and the reverse without a sort", async () => {
    for (const dir of ['desc', 'asc'] as const) {
      const plan = await firstPage({}, dir);
      expect([dir, plan.includes(SIP_DATE_INDEX), SORT.test(plan)]).toEqual([dir, true, false]);
    }
  });

  it('keeps the per-library date range of the public self-service summary on an index (no full scan)', async () => {
    const plan = await explain(sipCountsByTypeStatusQuery(t.db, storeIds[0], '2026-01-10 00:00:00', '2026-01-11 00:00:00').compile());
    expect(plan).toMatch(/sip_operations_(store_)?date_idx/);
    expect(plan).not.toMatch(/^SCAN sip_operations$|Seq Scan on sip_operations/m);
  });

  it('returns the same first page as a full sort would', async () => {
    const where = whereSql(t.dialect, SIP_OPERATIONS_LIST, {}, [], null);
    const { rows } = await sql<{ id: number }>`select id from sip_operations_list where ${where}
      order by ${orderSql(t.dialect, SIP_OPERATIONS_LIST, ['transactionDate', 'desc'])} limit 3`.execute(t.db);
    const { rows: all } = await sql<{ id: number; transaction_date: string }>`select id, transaction_date from sip_operations`.execute(t.db);
    const sorted = all.sort((a, b) => b.transaction_date.localeCompare(a.transaction_date) || Number(b.id) - Number(a.id)).slice(0, 3);
    expect(rows.map((r) => Number(r.id))).toEqual(sorted.map((r) => Number(r.id)));
  });
});
