/**
 * The background fill of Compare's kept totals (services/compareFill.ts), on a real database (temp SQLite file:
 * the count worker lane; PostgreSQL with TEST_DATABASE_URL): lists with no kept total (pairs from before
 * migration 0025) or one left behind get a valid, exact total without anyone viewing them; a view of the list
 * the fill is counting waits for that count instead of counting again; stopping the fill stops its count in
 * flight (the list stays unkept) and resolves promptly.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { createDb, dialectOf } from '../db/connect';
import { postgresPool } from '../db/postgresPool';
import type { Database } from '../db/schema';
import { addCatalogue } from '../lists/testing/helpers';
import { cancelledCounts } from '../lists/countCancel';
import { lanePending } from '../lists/searchWorker';
import { compareCounterOf } from './compare';
import { fillPass, listsToFill, startCompareFill, type CompareFill, type FillList } from './compareFill';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';
import { compareCountStats, countsRunning, recountsSettled, type CounterOf } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';
import { compareFullCount, createThroughApi } from './compareTesting';

jest.setTimeout(300_000);

let t: TestApp;
let bib: number;
const as = { user: 'librarian' as const };
const groupUrl = (group: number | string) => `/api/stores/${bib}/inventoryGroups/${group}`;

const fullCount = (catalogueId: number, list: string) => compareFullCount(t.db, bib, catalogueId, list);

const create = (url: string, body: object) => createThroughApi(t, url, body);

/** The catalogue's kept totals: `list: valid|stale total`. */
async function kept(catalogueId: number): Promise<Map<string, string>> {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const rows = await t.db.selectFrom('compare_totals').selectAll().where('catalogue_id', '=', catalogueId).execute();
  return new Map(rows.map((r) => [`${r.mode}/${r.scope}`, `${Number(r.version) === Number(version) ? 'valid' : 'stale'} ${Number(r.total)}`]));
}

/** Waits (loosely: a loaded machine) until `ready` holds, looking again after each turn of the event loop or every `everyMs`. */
async function until(what: string, ready: () => Promise<boolean> | boolean, everyMs = 0): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => { if (everyMs) setTimeout(resolve, everyMs); else setImmediate(resolve); });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
});
afterAll(async () => {
  await recountsSettled(t.db);
  await t.close();
});

describe('the background fill of Compare kept totals', () => {
  it('fills lists with no kept total or one left behind, exact, without a view', async () => {
    const fondo = await addCatalogue(t.db, bib, 'Fondo antiguo', Array.from({ length: 30 }, (_, i) => ({ code: `F${i}` })));
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta antigua', catalogueId: fondo });
    const section = await create(`${groupUrl(group)}/inventories`, { comment: 'Estante 1', date: '2026-11-23 09:00:00' });
    for (const code of ['F1', 'F2', 'Z9']) expect((await t.call('POST', `${groupUrl(group)}/inventories/${section}/items`, { ...as, body: { code } })).statusCode).toBe(200);
    const lists = ['MISSING', 'EXCEEDED'].flatMap((mode) => ['ALL_GROUPS', `group/${group}`, `group/${UNGROUPED}`].map((scope) => `${mode}/${scope}`));
    // As before migration 0025 (nothing kept until viewed), and one total left behind by a large write.
    await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', fondo).where('scope', '!=', 'ALL_GROUPS').execute();
    await t.db.updateTable('compare_totals').set({ version: 0, total: 999 }).where('catalogue_id', '=', fondo).where('scope', '=', 'ALL_GROUPS').execute();
    const before = await kept(fondo);
    expect(lists.filter((l) => before.get(l)?.startsWith('valid'))).toEqual([]);
    const toFill = (await listsToFill(t.db)).filter((l) => l.catalogueId === fondo).map((l) => `${l.mode}/${l.scope}`);
    expect([...toFill].sort()).toEqual([...lists].sort());
    // The related group's lists first, Missing before Exceeded.
    expect(toFill.slice(0, 2)).toEqual([`MISSING/group/${group}`, `EXCEEDED/group/${group}`]);

    const joined = compareCountStats.joined;
    const fill = startCompareFill(t.db, compareCounterOf, { firstDelayMs: 0 });
    try {
      await until('the fill', async () => !(await listsToFill(t.db)).some((l) => l.catalogueId === fondo), 20);
    } finally {
      await fill.stop();
    }
    const after = await kept(fondo);
    for (const list of lists) expect(`${list}: ${after.get(list)}`).toBe(`${list}: valid ${await fullCount(fondo, list)}`);
    expect(after.get(`MISSING/group/${group}`)).toBe('valid 28');
    expect(compareCountStats.joined).toBe(joined);
  });

  it('fills the section lists viewed before once left behind, after the other lists; not those nobody viewed', async () => {
    const fondo = await addCatalogue(t.db, bib, 'Fondo de estantes', Array.from({ length: 20 }, (_, i) => ({ code: `S${i}` })));
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta de estantes', catalogueId: fondo });
    const viewed = await create(`${groupUrl(group)}/inventories`, { comment: 'Visto', date: '2026-11-23 09:00:00' });
    const never = await create(`${groupUrl(group)}/inventories`, { comment: 'Nunca visto', date: '2026-11-23 09:00:00' });
    for (const [section, code] of [[viewed, 'S1'], [viewed, 'S2'], [viewed, 'Q1'], [never, 'S3']] as const) {
      expect((await t.call('POST', `${groupUrl(group)}/inventories/${section}/items`, { ...as, body: { code } })).statusCode).toBe(200);
    }
    const sectionLists = ['MISSING', 'EXCEEDED'].map((mode) => `${mode}/inventory/${viewed}`);
    for (const list of sectionLists) expect((await t.call('GET', `/api/stores/${bib}/compare/${fondo}/${list}?limit=1`, as)).statusCode).toBe(200);
    expect((await kept(fondo)).get(sectionLists[0])).toBe('valid 18');
    // Left behind (as by a large write), with one group list.
    await t.db.updateTable('compare_totals').set({ version: 0, total: 999 }).where('catalogue_id', '=', fondo)
      .where('scope', 'in', [`inventory/${viewed}`, `group/${group}`]).execute();
    const toFill = (await listsToFill(t.db)).map((l) => `${l.catalogueId} ${l.mode}/${l.scope}`);
    const at = (list: string) => toFill.indexOf(`${fondo} ${list}`);
    expect(sectionLists.map(at).every((n) => n >= 0)).toBe(true);
    expect(at(`MISSING/inventory/${never}`)).toBe(-1);
    // After every catalogue's group, ALL_GROUPS and UNGROUPED lists; Missing first.
    expect(toFill.slice(-2)).toEqual(sectionLists.map((l) => `${fondo} ${l}`));
    expect(at(`MISSING/group/${group}`)).toBeLessThan(at(sectionLists[0]));

    await fillPass(t.db, { counterOf: compareCounterOf });
    const after = await kept(fondo);
    for (const list of [...sectionLists, `MISSING/group/${group}`]) expect(`${list}: ${after.get(list)}`).toBe(`${list}: valid ${await fullCount(fondo, list)}`);
    expect(after.get(`MISSING/inventory/${never}`)).toBeUndefined();
  });

  // A SQLite file is served by one process (nothing to share); PostgreSQL serves several instances.
  (process.env.TEST_DATABASE_URL ? it : it.skip)('runs one fill at a time per database: two instances on one PostgreSQL database count each list once', async () => {
    const fondo = await addCatalogue(t.db, bib, 'Fondo compartido', Array.from({ length: 10 }, (_, i) => ({ code: `P${i}` })));
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta compartida', catalogueId: fondo });
    await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', fondo).execute();
    const lists = (await listsToFill(t.db)).filter((l) => l.catalogueId === fondo).map((l) => `${l.mode}/${l.scope}`);
    expect(lists).toEqual(expect.arrayContaining([`MISSING/group/${group}`, 'EXCEEDED/ALL_GROUPS']));
    // A second instance: its own pool on the same database.
    const second: Kysely<Database> = createDb({ databaseUrl: postgresPool(t.db)!.options.connectionString! });
    const counts: string[] = [];
    const fills: CompareFill[] = [];
    // Every count waits until the second instance has tried a pass (skipped, or counting a list itself).
    const secondTried = () => (fills[1]?.lockedOut ?? 0) > 0 || counts.some((c) => c.startsWith('second '));
    const counting = (name: string): CounterOf => async (db, storeId, list, signal) => {
      const found = await compareCounterOf(db, storeId, list, signal);
      return found && { key: found.key, counter: async () => {
        if (list.catalogueId === fondo) counts.push(`${name} ${list.mode}/${list.scope}`);
        await until('the second instance to try a pass', secondTried, 10);
        return found.counter();
      } };
    };
    try {
      fills.push(startCompareFill(t.db, counting('first'), { firstDelayMs: 0, pollMs: 50 }));
      await until('the first instance counting', () => counts.length > 0, 10);
      fills.push(startCompareFill(second, counting('second'), { firstDelayMs: 0, pollMs: 50 }));
      await until('the fill', async () => !(await listsToFill(t.db)).some((l) => l.catalogueId === fondo), 20);
      // A few more passes of both.
      const passes = fills.map((f) => f.passes);
      await until('more passes', () => fills.every((f, n) => f.passes > passes[n] + 2), 20);
    } finally {
      for (const fill of fills) await fill.stop();
      await second.destroy();
    }
    expect([...counts].sort()).toEqual(lists.map((l) => `first ${l}`).sort());
    expect(fills[1].lockedOut).toBeGreaterThan(0);
    const after = await kept(fondo);
    for (const list of lists) expect(`${list}: ${after.get(list)}`).toBe(`${list}: valid ${await fullCount(fondo, list)}`);
  });

  it('a view of the list being filled waits for its count; stopping the fill stops its count at once', async () => {
    // A catalogue large enough that one count takes a while, and a group with its scans (BIB-001 labels an objectId column).
    const big = await addCatalogue(t.db, bib, 'Fondo grande');
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta grande', catalogueId: big });
    const section = await create(`${groupUrl(group)}/inventories`, { comment: 'Estante grande', date: '2026-11-23 10:00:00' });
    const n = 150_000;
    // Rows written with every kept total left behind (the triggers only raise the version: a quicker insert).
    await t.db.updateTable('compare_totals').set({ moved: MOVED_CAP }).execute();
    // n rows r(n): PostgreSQL's generate_series, SQLite's recursive CTE.
    const numbers = (select: (from: RawBuilder<unknown>) => RawBuilder<unknown>) => (dialectOf(t.db) === 'postgres'
      ? select(sql.raw(`generate_series(1, ${n}) as r(n)`))
      : sql`with recursive r(n) as (select 1 union all select n + 1 from r where n < ${n}) ${select(sql.raw('r'))}`);
    await sql`insert into catalogue_items (store_id, catalogue_id, code, object_id, search_text, created_at)
      ${numbers((from) => sql`select ${bib}, ${big}, 'G' || r.n, 'O' || r.n, '', '2026-11-23T10:00:00Z' from ${from}`)}`.execute(t.db);
    await sql`insert into inventory_items (store_id, inventory_id, group_id, code, object_id, search_text, date, created_at)
      ${numbers((from) => sql`select ${bib}, ${section}, ${group}, 'G' || r.n, 'O' || r.n, '', '2026-11-23 10:00:00', '2026-11-23T10:00:00Z' from ${from} where r.n % 3 = 0`)}`.execute(t.db);
    await sql`analyze`.execute(t.db);
    const first = `MISSING/group/${group}`;
    const isFirst = (l: FillList) => l.catalogueId === big && `${l.mode}/${l.scope}` === first;
    // Nothing else left to fill but this catalogue's lists (it is the first the fill counts).
    await fillPass(t.db, { counterOf: compareCounterOf });
    await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', big).execute();
    expect((await listsToFill(t.db)).findIndex(isFirst)).toBe(0);
    expect(await fullCount(big, first)).toBe(n - n / 3);
    const counting = () => countsRunning(t.db) > 0 && (dialectOf(t.db) !== 'sqlite' || lanePending('count') > 0);

    // A view arriving while the fill counts joins that count: the fill's count (the real one) starts only once the
    // view has joined, so the view cannot come too late on a loaded machine.
    const joined = compareCountStats.joined;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const gated: CounterOf = async (db, storeId, list, signal) => {
      const found = await compareCounterOf(db, storeId, list, signal);
      return found && { key: found.key, counter: async () => { await gate; return found.counter(); } };
    };
    let fill = startCompareFill(t.db, gated, { firstDelayMs: 0 });
    try {
      await until('the fill counting', () => countsRunning(t.db) > 0);
      const view = t.call('GET', `/api/stores/${bib}/compare/${big}/${first}?limit=1`, as);
      await until('the view joining the fill\'s count', () => compareCountStats.joined === joined + 1);
      release();
      const viewed = await view;
      expect(viewed.statusCode).toBe(200);
      expect(viewed.json().total).toBe(n - n / 3);
      expect(compareCountStats.joined).toBe(joined + 1);
    } finally {
      release();
      await fill.stop();
    }

    // Stopped while counting: the count ends where it is, nothing kept.
    await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', big).execute();
    const cancelled = cancelledCounts.n;
    fill = startCompareFill(t.db, compareCounterOf, { firstDelayMs: 0 });
    await until('the fill counting', counting);
    const started = Date.now();
    await fill.stop();
    const stopMs = Date.now() - started;
    expect(countsRunning(t.db)).toBe(0);
    expect((await kept(big)).get(first)).toBeUndefined();
    if (dialectOf(t.db) === 'sqlite') expect(cancelledCounts.n).toBeGreaterThan(cancelled);
    // Loose (a loaded machine): a stopped fill does not wait for the rest of its count.
    expect(stopMs).toBeLessThan(20_000);
  });
});
