/**
 * A staged write of more than MOVED_CAP rows (Add Items To through the API; a writer of several statements
 * through lists/itemsMoved.ts startItemsMoving) keeps the library's kept Compare totals
 * valid and exact in its own transaction (services/compareMoveDeltas.ts), on a real database (temp SQLite file,
 * or PostgreSQL with TEST_DATABASE_URL): the moment the write answers, with no recount, every kept total (every
 * scope kind, both modes, two catalogues) is at the library's version and equals a full count, matching by code
 * and by objectId. Before, such a write left them behind and the next view (or the background recount) counted
 * each in full: totals shifted by 1000 beforehand are still shifted after the import, so none was counted again.
 * On PostgreSQL a writer of several statements leaves them behind (see compareMoveDeltas.ts startAfterwards).
 */
import { sql } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { listPage } from '../lists/engine';
import { addCatalogue } from '../lists/testing/helpers';
import { parseCompareId, resolveCompare } from './compare';
import { moveDeltas, moveDeltaStats } from './compareMoveDeltas';
import { startItemsMoving } from '../lists/itemsMoved';
import type { ItemTarget } from '../lists/itemWrites';
import { recountsSettled } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';

jest.setTimeout(300_000);

let t: TestApp;
let bib: number;
let catalogue: number;
let other: number;
let group: number;
let section: number;
let loose: number;
let source: number;
const as = { user: 'librarian' as const };
const SHIFT = 1000;

const scopes = () => ['ALL_GROUPS', `group/${group}`, `group/${UNGROUPED}`, `inventory/${section}`, `inventory/${loose}`];
const lists = () => ['MISSING', 'EXCEEDED'].flatMap((mode) => scopes().map((scope) => `${mode}/${scope}`));

async function fullCount(list: string, of: number): Promise<number> {
  const { mode, scope } = parseCompareId(list)!;
  const resolved = await resolveCompare(t.db, bib, of, mode, scope);
  return (await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
}

/** Each kept total of the compared catalogues: `valid` at its version or `stale`, its number minus `shift`, and a full count. */
async function keptTotals(shift: number): Promise<string[]> {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const { rows } = await sql<{ catalogue_id: number; mode: string; scope: string; version: number | string; total: number | string }>`
    select ct.* from compare_totals ct where ct.catalogue_id in (${catalogue}, ${other})`.execute(t.db);
  const lines: string[] = [];
  for (const row of rows) {
    const list = `${row.mode}/${row.scope}`;
    const state = Number(row.version) === Number(version) ? 'valid' : 'stale';
    lines.push(`${row.catalogue_id} ${list}: ${state} ${Number(row.total) - shift} (counted ${await fullCount(list, Number(row.catalogue_id))})`);
  }
  return lines.sort();
}

const validAndExact = () => [catalogue, other].flatMap((c) => lists().map((list) => `${c} ${list}: valid N (counted N)`)).sort();
/** keptTotals' lines with each total shown as N where it equals its full count. */
const exactAsN = (lines: string[]) => lines.map((l) => l.replace(/: (\w+) (-?\d+) \(counted \2\)$/, ': $1 N (counted N)'));

async function keepAll(): Promise<void> {
  for (const c of [catalogue, other]) {
    for (const list of lists()) expect((await t.call('GET', `/api/stores/${bib}/compare/${c}/${list}?limit=1`, as)).statusCode).toBe(200);
  }
  await recountsSettled(t.db);
}

/** Runs a write; the kept totals are shifted by SHIFT before it, to tell a count from a delta (none may count). */
async function shifted(write: () => Promise<void>): Promise<void> {
  await sql`update compare_totals set total = total + ${SHIFT}`.execute(t.db);
  const before = moveDeltaStats.moved;
  await write();
  expect(moveDeltaStats.moved).toBeGreaterThan(before);
  expect(exactAsN(await keptTotals(SHIFT))).toEqual(validAndExact());
  await sql`update compare_totals set total = total - ${SHIFT}`.execute(t.db);
}

async function addItemsTo(url: string, body: object): Promise<void> {
  const added = await t.call('POST', url, { ...as, body: { itemIds: [], ...body } });
  expect(added.statusCode).toBe(200);
  expect(added.json().numItemsInserted).toBeGreaterThan(MOVED_CAP);
}

// PostgreSQL gives the deltas up past moveDeltas.postgresTimeoutMs and leaves the totals behind: on a loaded
// machine a delta query can take longer than that, and these tests assert the deltas were followed, so they wait
// as long as it takes (the test that gives them up sets its own limit).
const productionTimeoutMs = moveDeltas.postgresTimeoutMs;
beforeAll(() => { moveDeltas.postgresTimeoutMs = 10 * 60_000; });
afterAll(() => { moveDeltas.postgresTimeoutMs = productionTimeoutMs; });

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
  await t.db.updateTable('stores').set({ field_object_id: 'EPC' }).where('id', '=', bib).execute();
  catalogue = await addCatalogue(t.db, bib, 'Fondo', Array.from({ length: 40 }, (_, i) => ({ code: `C${i}`, objectId: `E${i}` })));
  other = await addCatalogue(t.db, bib, 'Donaciones', Array.from({ length: 10 }, (_, i) => ({ code: `C${i * 3}` })));
  group = (await t.call('POST', `/api/stores/${bib}/inventoryGroups`, { ...as, body: { name: 'Planta 1', catalogueId: catalogue } })).json().tid;
  section = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${group}/inventories`, { ...as, body: { comment: 'Shelf 1', date: '2026-11-20 10:00:00' } })).json().tid;
  loose = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${UNGROUPED}/inventories`, { ...as, body: { comment: 'Loose', date: '2026-11-20 11:00:00' } })).json().tid;
  // Catalogue codes, catalogue objectIds under other codes, a code scanned before, and unknown codes.
  source = await addCatalogue(t.db, bib, 'Fuente', [
    ...Array.from({ length: 10 }, (_, i) => ({ code: `C${i + 5}` })), ...Array.from({ length: 5 }, (_, i) => ({ code: `Y${i}`, objectId: `E${i + 20}` })),
    { code: 'C1' }, ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => ({ code: `NEW${i}` })),
  ]);
  for (const [s, g, code] of [[section, group, 'C1'], [section, group, 'X1'], [loose, UNGROUPED, 'C2'], [loose, UNGROUPED, 'X2']] as const) {
    expect((await t.call('POST', `/api/stores/${bib}/inventoryGroups/${g}/inventories/${s}/items`, { ...as, body: { code } })).statusCode).toBe(200);
  }
  await keepAll();
});
afterAll(async () => {
  await recountsSettled(t.db);
  await t.close();
});

describe(`a staged write of more than ${MOVED_CAP} rows`, () => {
  it('keeps every kept total valid and exact the moment Add Items To into a section answers, without counting one again', async () => {
    expect(exactAsN(await keptTotals(0))).toEqual(validAndExact());
    await shifted(() => addItemsTo(`/api/stores/${bib}/inventoryGroups/${group}/inventories/${section}/items/catalogue`, { parentId: source }));
    expect(await fullCount(`MISSING/group/${group}`, catalogue)).toBeLessThan(40 - 14);
  });

  it('keeps them valid and exact the moment Add Items To into a catalogue answers', async () => {
    // The scans the other catalogue does not hold, into the compared one: scanned codes it lacked, and catalogue codes again.
    await shifted(() => addItemsTo(`/api/stores/${bib}/catalogues/${catalogue}/items/compare`, { parentId: other, compareId: 'EXCEEDED/ALL_GROUPS' }));
    const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogue}/EXCEEDED/ALL_GROUPS?limit=1`, as);
    expect(res.json().total).toBe(await fullCount('EXCEEDED/ALL_GROUPS', catalogue));
  });

  it('keeps them valid and exact after a write of several statements between startItemsMoving and its end', async () => {
    const date = '2026-11-20T11:00:00Z';
    const scans: ItemTarget = { table: 'inventory_items', parentColumn: 'inventory_id', parentId: loose, storeId: bib, extra: { group_id: null, date } };
    const items: ItemTarget = { table: 'catalogue_items', parentColumn: 'catalogue_id', parentId: other, storeId: bib };
    const write = (target: ItemTarget, rows: Array<{ code: string | null; object_id: string | null }>) => t.db.transaction().execute(async (trx) => {
      const moving = await startItemsMoving(trx, target);
      for (let i = 0; i < rows.length; i += 1000) {
        await trx.insertInto(target.table).values(rows.slice(i, i + 1000).map((r) => ({
          store_id: bib, [target.parentColumn]: target.parentId, ...r, search_text: '', created_at: date, ...(target.extra ?? {}),
        })) as never).execute();
      }
      await moving.end();
    });
    const rows = Array.from({ length: MOVED_CAP + 10 }, (_, i) => ({ code: `LOOSE${i}`, object_id: null }));
    if (t.dialect === 'postgres') {
      // Each statement raises the version: the end cannot tell its own raises from another write's (nothing is
      // locked before the insert), so it leaves the totals behind, to be counted again: never a wrong total.
      const before = moveDeltaStats.moved;
      await write(scans, rows);
      expect(moveDeltaStats.moved).toBe(before);
      expect((await keptTotals(0)).filter((line) => !line.includes(': stale '))).toEqual([]);
      return;
    }
    await shifted(async () => {
      await write(scans, [{ code: 'C20', object_id: null }, { code: 'Q1', object_id: 'E30' }, ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => ({ code: `LOOSE${i}`, object_id: null }))]);
      await write(items, [{ code: 'X2', object_id: null }, { code: 'Q9', object_id: 'E30' }, ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => ({ code: `LOOSE${i * 2}`, object_id: null }))]);
    });
  });

  it('runs no per-row trigger on SQLite: the version is raised once per insert, and no library is left marked as moving', async () => {
    if (t.dialect !== 'sqlite') return; // PostgreSQL's triggers run once per statement
    const version = async () => Number((await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow()).version);
    const items: ItemTarget = { table: 'catalogue_items', parentColumn: 'catalogue_id', parentId: other, storeId: bib };
    const before = await version();
    await t.db.transaction().execute(async (trx) => {
      const moving = await startItemsMoving(trx, items);
      await trx.insertInto('catalogue_items').values(Array.from({ length: 300 }, (_, i) => ({
        store_id: bib, catalogue_id: other, code: `ONCE${i}`, object_id: null, search_text: '', created_at: '2026-11-20T11:00:00Z',
      }))).execute();
      await moving.end();
    });
    expect(await version()).toBe(before + 1);
    expect((await sql<{ n: number }>`select count(*) as n from item_moves_now`.execute(t.db)).rows[0]!.n).toBe(0);
    // Outside a move each row still raises it (the per-row triggers of 0019/0022).
    await t.db.insertInto('catalogue_items').values([1, 2, 3].map((i) => ({
      store_id: bib, catalogue_id: other, code: `ROW${i}`, object_id: null, search_text: '', created_at: '2026-11-20T11:00:00Z',
    }))).execute();
    expect(await version()).toBe(before + 4);
    expect(exactAsN(await keptTotals(0))).toEqual(validAndExact());
  });

  it('gives the deltas up past their time on PostgreSQL: the write goes on and its totals are left behind, never wrong', async () => {
    if (t.dialect !== 'postgres') return; // SQLite's deltas run per step, on the one connection
    await keepAll();
    const timeout = moveDeltas.postgresTimeoutMs;
    moveDeltas.postgresTimeoutMs = 1; // no delta query over 5,000 new rows answers within 1 ms
    const gaveUp = moveDeltaStats.gaveUp;
    const shelf = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${group}/inventories`, { ...as, body: { comment: 'Shelf 2', date: '2026-11-21 10:00:00' } })).json().tid;
    try {
      await addItemsTo(`/api/stores/${bib}/inventoryGroups/${group}/inventories/${shelf}/items/catalogue`, { parentId: source });
    } finally {
      moveDeltas.postgresTimeoutMs = timeout;
    }
    expect(moveDeltaStats.gaveUp).toBe(gaveUp + 1);
    const lines = await keptTotals(0);
    expect(lines.filter((line) => line.includes(': valid ')).map((line) => line.replace(/: valid (-?\d+) \(counted \1\)$/, ': exact'))
      .filter((line) => !line.endsWith(': exact'))).toEqual([]);
    expect(lines.some((line) => line.includes(': stale '))).toBe(true);
  });
});
