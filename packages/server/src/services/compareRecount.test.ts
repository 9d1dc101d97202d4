/**
 * Kept Compare totals left behind by a large write are counted again in the background (services/compareTotals.ts
 * recountLeftBehind), on a real database (temp SQLite file: the count worker; PostgreSQL with TEST_DATABASE_URL):
 * after an import of more than MOVED_CAP scans through the API every kept total of the library is valid again
 * and equals a full recount without anyone viewing it; a write landing during the recount's count is never kept
 * stale (the total is counted again); a view arriving during the recount waits for its count. After an import
 * into a section of a group with a related catalogue (or into that catalogue) its never-kept group and ALL_GROUPS
 * lists are counted and kept before any view, nothing unrelated, at most RECOUNT_MAX_FIRST a pass.
 */
import { sql } from 'kysely';
import { listPage } from '../lists/engine';
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { compareCounterOf, parseCompareId, resolveCompare } from './compare';
import { RELATED_GROUPS } from './compareFirstViews';
import { compareCountStats, RECOUNT_MAX_FIRST, RECOUNT_MAX_LISTS, recountLeftBehind, recountsSettled, type CounterOf } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';

jest.setTimeout(300_000);

let t: TestApp;
let bib: number;
let catalogue: number;
let group: number;
let section: number;
const as = { user: 'librarian' as const };
const sectionUrl = () => `/api/stores/${bib}/inventoryGroups/${group}/inventories/${section}`;
const LISTS = () => ['MISSING', 'EXCEEDED'].flatMap((mode) => ['ALL_GROUPS', `group/${group}`, `inventory/${section}`].map((scope) => `${mode}/${scope}`));

async function view(list: string): Promise<number> {
  const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogue}/${list}?limit=1`, as);
  expect(res.statusCode).toBe(200);
  return res.json().total;
}

/** A full count of a list, through the list engine. */
async function fullCount(list: string, of = catalogue): Promise<number> {
  const { mode, scope } = parseCompareId(list)!;
  const resolved = await resolveCompare(t.db, bib, of, mode, scope);
  return (await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
}

/** Each kept total of the catalogue: valid (at the library's version) or stale, its number and a full count. */
async function keptTotals(of = catalogue): Promise<string[]> {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const { rows } = await sql<{ mode: string; scope: string; version: number | string; total: number | string }>`
    select ct.* from compare_totals ct where ct.catalogue_id = ${of}`.execute(t.db);
  const lines: string[] = [];
  for (const row of rows) {
    const list = `${row.mode}/${row.scope}`;
    lines.push(`${list}: ${Number(row.version) === Number(version) ? 'valid' : 'stale'} ${Number(row.total)} (counted ${await fullCount(list, of)})`);
  }
  return lines.sort();
}

/** keptTotals' lines of these lists (sorted), each valid and equal to a full count. */
const validAndExact = (lists: string[]) => lists.map((list) => expect.stringMatching(new RegExp(`^${list}: valid (\\d+) \\(counted \\1\\)$`)));

async function expectKeptValidAndExact(): Promise<void> {
  expect(await keptTotals()).toEqual(validAndExact([...LISTS()].sort()));
}

const addScan = async (code: string) => expect((await t.call('POST', `${sectionUrl()}/items`, { ...as, body: { code } })).statusCode).toBe(200);

/** Forgets the kept totals of these catalogues (all when none named): lists kept from the start (0025) count as never viewed. */
const forgetKept = (...catalogues: number[]) => (catalogues.length
  ? t.db.deleteFrom('compare_totals').where('catalogue_id', 'in', catalogues).execute()
  : t.db.deleteFrom('compare_totals').execute());

/** Leaves every kept total of the library behind, as a write of more than MOVED_CAP rows does. */
async function leaveBehind(code: string): Promise<void> {
  await t.db.updateTable('compare_totals').set({ moved: MOVED_CAP }).execute();
  await addScan(code);
  expect((await keptTotals()).every((l) => l.includes(': stale '))).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
  catalogue = await addCatalogue(t.db, bib, 'Fondo', Array.from({ length: 40 }, (_, i) => ({ code: `C${i}` })));
  group = (await t.call('POST', `/api/stores/${bib}/inventoryGroups`, { ...as, body: { name: 'Planta 1', catalogueId: catalogue } })).json().tid;
  section = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${group}/inventories`, { ...as, body: { comment: 'Shelf 1', date: '2026-11-20 10:00:00' } })).json().tid;
  // As in a database from before migration 0025 (which keeps every catalogue × group list from the start): nothing kept until viewed.
  await forgetKept();
  for (const code of ['C1', 'C2', 'X1']) await addScan(code);
  for (const list of LISTS()) await view(list);
});
afterAll(async () => {
  await recountsSettled(t.db);
  await t.close();
});

describe('kept compare totals left behind by a large write', () => {
  it(`are counted again in the background after an import of more than ${MOVED_CAP} scans, valid and exact without a view`, async () => {
    await expectKeptValidAndExact();
    // Half of the catalogue found, and MOVED_CAP unknown codes: more rows than the triggers follow.
    const codes = [...Array.from({ length: 20 }, (_, i) => `C${i + 10}`), ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => `NEW${i}`)];
    const file = await uploadAs(t, 'librarian', 'scans.csv', `${codes.join('\n')}\n`);
    const imported = await t.call('POST', `${sectionUrl()}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] } });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().numItemsInserted).toBeGreaterThan(MOVED_CAP);
    await recountsSettled(t.db);
    await expectKeptValidAndExact();
    // The views answer the kept totals (a full count would give the tampered number away).
    const exact = [await fullCount(`MISSING/group/${group}`), await fullCount(`EXCEEDED/inventory/${section}`)];
    expect(exact[1]).toBeGreaterThan(MOVED_CAP);
    await sql`update compare_totals set total = total + 1000`.execute(t.db);
    expect([await view(`MISSING/group/${group}`), await view(`EXCEEDED/inventory/${section}`)]).toEqual(exact.map((n) => n + 1000));
    await sql`update compare_totals set total = total - 1000`.execute(t.db);
  });

  it('stay exact when writes arrive while the import\'s recount runs', async () => {
    const codes = Array.from({ length: MOVED_CAP + 10 }, (_, i) => `MORE${i}`);
    const file = await uploadAs(t, 'librarian', 'more.csv', `${codes.join('\n')}\n`);
    expect((await t.call('POST', `${sectionUrl()}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] } })).statusCode).toBe(200);
    // Not waiting for the recount: scans and catalogue items written through the API and directly.
    await addScan('C30');
    await t.db.deleteFrom('inventory_items').where('code', '=', 'MORE1').execute();
    await t.call('POST', `/api/stores/${bib}/catalogues/${catalogue}/items`, { ...as, body: { code: 'MORE2' } });
    await recountsSettled(t.db);
    await expectKeptValidAndExact();
  });

  it('never keeps a total counted before a write that landed during its count: it is counted again', async () => {
    await leaveBehind('C31');
    let counts = 0;
    let wrote = false;
    const racing: CounterOf = async (db, storeId, list) => {
      const found = await compareCounterOf(db, storeId, list);
      if (!found) return null;
      return {
        key: found.key,
        counter: async () => {
          const counted = await found.counter();
          counts += 1;
          if (!wrote) {
            // A scan of a catalogue code lands after the snapshot was counted and before the total is kept.
            wrote = true;
            await addScan('C32');
          }
          return counted;
        },
      };
    };
    await recountLeftBehind(t.db, bib, racing);
    // The first count was refused, the pass ran again and counted every list once more.
    expect(counts).toBe(1 + LISTS().length);
    await expectKeptValidAndExact();
    expect(await view(`MISSING/inventory/${section}`)).toBe(await fullCount(`MISSING/inventory/${section}`));
  });

  it('a view arriving during the recount waits for its count instead of counting the list again', async () => {
    await leaveBehind('C33');
    let counts = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const gated: CounterOf = async (db, storeId, list) => {
      const found = await compareCounterOf(db, storeId, list);
      return found && { key: found.key, counter: async () => { counts += 1; await gate; return found.counter(); } };
    };
    const recount = recountLeftBehind(t.db, bib, gated);
    const joined = compareCountStats.joined;
    // The recount's first list (MISSING, ALL_GROUPS: the Compare page opens on Missing) is being counted: a view of it joins that count.
    while (counts === 0) await new Promise((resolve) => setImmediate(resolve));
    const viewed = view('MISSING/ALL_GROUPS');
    while (compareCountStats.joined === joined) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    expect(await viewed).toBe(await fullCount('MISSING/ALL_GROUPS'));
    await recount;
    expect(counts).toBe(LISTS().length);
    await expectKeptValidAndExact();
  });

  it(`count at most ${RECOUNT_MAX_LISTS} lists, those the write left behind, not one left behind long before`, async () => {
    const other = await addCatalogue(t.db, bib, 'Donaciones', [{ code: 'C1' }, { code: 'D1' }]);
    await forgetKept(other);
    for (const list of LISTS()) expect((await t.call('GET', `/api/stores/${bib}/compare/${other}/${list}?limit=1`, as)).statusCode).toBe(200);
    for (const list of LISTS()) await view(list);
    // One list reached its cap earlier and a scan left it behind; nobody viewed it since.
    await t.db.updateTable('compare_totals').set({ moved: MOVED_CAP }).where('catalogue_id', '=', catalogue).where('mode', '=', 'EXCEEDED').where('scope', '=', `group/${group}`).execute();
    await addScan('C34');
    await leaveBehind('C35');
    const counted: string[] = [];
    const counting: CounterOf = async (db, storeId, list) => {
      counted.push(`${list.catalogueId} ${list.mode}/${list.scope}`);
      return compareCounterOf(db, storeId, list);
    };
    await recountLeftBehind(t.db, bib, counting);
    expect(counted).toHaveLength(RECOUNT_MAX_LISTS);
    expect(counted).not.toContain(`${catalogue} EXCEEDED/group/${group}`);
    const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
    const valid = await t.db.selectFrom('compare_totals').select(['catalogue_id', 'mode', 'scope']).where('version', '=', version).execute();
    expect(valid.map((r) => `${r.catalogue_id} ${r.mode}/${r.scope}`).sort()).toEqual([...counted].sort());
  });

  describe('never-kept lists of the catalogue related to the group written to', () => {
    let fresh: number;
    let freshGroup: number;
    let freshSection: number;
    const firstLists = () => ['MISSING', 'EXCEEDED'].flatMap((mode) => [`${mode}/ALL_GROUPS`, `${mode}/group/${freshGroup}`]).sort();

    beforeAll(async () => {
      await recountsSettled(t.db);
      fresh = await addCatalogue(t.db, bib, 'Inventario 2027', Array.from({ length: 30 }, (_, i) => ({ code: `F${i}` })));
      freshGroup = (await t.call('POST', `/api/stores/${bib}/inventoryGroups`, { ...as, body: { name: 'Planta 2', catalogueId: fresh } })).json().tid;
      freshSection = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${freshGroup}/inventories`, { ...as, body: { comment: 'Shelf 2', date: '2026-11-21 10:00:00' } })).json().tid;
      await forgetKept(fresh);
    });

    it('an import of scans counts that catalogue × {group, ALL_GROUPS} × {MISSING, EXCEEDED} before any view, and nothing unrelated', async () => {
      expect(await keptTotals(fresh)).toEqual([]);
      const before = await t.db.selectFrom('compare_totals').select(['catalogue_id', 'mode', 'scope']).where('catalogue_id', '<>', fresh).execute();
      const codes = [...Array.from({ length: 12 }, (_, i) => `F${i}`), 'C1', 'ZZ1', 'ZZ2'];
      const file = await uploadAs(t, 'librarian', 'fresh.csv', `${codes.join('\n')}\n`);
      const imported = await t.call('POST', `/api/stores/${bib}/inventoryGroups/${freshGroup}/inventories/${freshSection}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] } });
      expect(imported.statusCode).toBe(200);
      await recountsSettled(t.db);
      // Only the related catalogue's group and ALL_GROUPS lists: not its section's, not another catalogue's.
      expect(await keptTotals(fresh)).toEqual(validAndExact(firstLists()));
      const missing = await fullCount(`MISSING/group/${freshGroup}`, fresh);
      expect(missing).toBeLessThan(30);
      const after = await t.db.selectFrom('compare_totals').select(['catalogue_id', 'mode', 'scope']).where('catalogue_id', '<>', fresh).execute();
      expect(after.map((r) => `${r.catalogue_id} ${r.mode}/${r.scope}`).sort()).toEqual(before.map((r) => `${r.catalogue_id} ${r.mode}/${r.scope}`).sort());
      // The first view answers the kept total (a full count would give the tampered number away).
      await t.db.updateTable('compare_totals').set((eb) => ({ total: eb('total', '+', 1000) })).where('catalogue_id', '=', fresh).execute();
      const viewed = await t.call('GET', `/api/stores/${bib}/compare/${fresh}/MISSING/group/${freshGroup}?limit=1`, as);
      expect(viewed.json().total).toBe(missing + 1000);
      await t.db.updateTable('compare_totals').set((eb) => ({ total: eb('total', '-', 1000) })).where('catalogue_id', '=', fresh).execute();
    });

    it(`an import into the catalogue counts its lists with up to ${RELATED_GROUPS} related groups; none when no group is related`, async () => {
      await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', fresh).execute();
      const lonely = await addCatalogue(t.db, bib, 'Sin grupo', [{ code: 'L1' }]);
      await forgetKept(lonely);
      for (const target of [fresh, lonely]) {
        const file = await uploadAs(t, 'librarian', `more-${target}.csv`, 'F40\nF41\n');
        expect((await t.call('POST', `/api/stores/${bib}/catalogues/${target}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] } })).statusCode).toBe(200);
      }
      await recountsSettled(t.db);
      expect(await keptTotals(fresh)).toEqual(validAndExact(firstLists()));
      expect(await keptTotals(lonely)).toEqual([]);
    });

    it(`count at most ${RECOUNT_MAX_FIRST} never-kept lists a pass`, async () => {
      await t.db.deleteFrom('compare_totals').where('catalogue_id', '=', fresh).execute();
      const scopes = ['ALL_GROUPS', `group/${freshGroup}`, `group/${group}`, `inventory/${section}`, `inventory/${freshSection}`];
      const asked = ['MISSING' as const, 'EXCEEDED' as const].flatMap((mode) => scopes.map((scope) => ({ catalogueId: fresh, mode, scope })));
      const counted: string[] = [];
      const counting: CounterOf = async (db, storeId, list) => {
        if (list.catalogueId === fresh) counted.push(`${list.mode}/${list.scope}`);
        return compareCounterOf(db, storeId, list);
      };
      await recountLeftBehind(t.db, bib, counting, async () => asked);
      expect(asked.length).toBeGreaterThan(RECOUNT_MAX_FIRST);
      expect(counted).toEqual(asked.slice(0, RECOUNT_MAX_FIRST).map((l) => `${l.mode}/${l.scope}`));
      expect(await keptTotals(fresh)).toEqual(validAndExact([...counted].sort()));
    });
  });
});
