/**
 * A staged write of more than MOVED_CAP rows (an import through the API) keeps the library's kept Compare totals
 * valid and exact in its own transaction (services/compareMoveDeltas.ts), on a real database (temp SQLite file,
 * or PostgreSQL with TEST_DATABASE_URL): the moment the import answers, with no recount, every kept total (every
 * scope kind, both modes, two catalogues) is at the library's version and equals a full count, matching by code
 * and by objectId. Before, such a write left them behind and the next view (or the background recount) counted
 * each in full: totals shifted by 1000 beforehand are still shifted after the import, so none was counted again.
 */
import { sql, type Kysely } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { listPage } from '../lists/engine';
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { parseCompareId, resolveCompare } from './compare';
import { moveDeltaStats } from './compareMoveDeltas';
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
const as = { user: 'librarian' as const };
const untyped = () => t.db as unknown as Kysely<any>;
const SHIFT = 1000;

const scopes = () => ['ALL_GROUPS', `group/${group}`, `group/${UNGROUPED}`, `inventory/${section}`, `inventory/${loose}`];
const lists = () => ['MISSING', 'EXCEEDED'].flatMap((mode) => scopes().map((scope) => `${mode}/${scope}`));

async function fullCount(list: string, of: number): Promise<number> {
  const { mode, scope } = parseCompareId(list)!;
  const resolved = await resolveCompare(t.db, bib, of, mode, scope);
  return (await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
}

/** Each kept total of the library: `valid` at its version or `stale`, its number minus `shift`, and a full count. */
async function keptTotals(shift: number): Promise<string[]> {
  const { version } = await untyped().selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const { rows } = await sql<{ catalogue_id: number; mode: string; scope: string; version: number | string; total: number | string }>`
    select ct.* from compare_totals ct join catalogues c on c.id = ct.catalogue_id where c.store_id = ${bib}`.execute(t.db);
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

/** Imports a csv (code, objectId) through the API; the kept totals are shifted by SHIFT before, to tell a count from a delta. */
async function importShifted(url: string, lines: string[]): Promise<void> {
  await sql`update compare_totals set total = total + ${SHIFT}`.execute(t.db);
  const file = await uploadAs(t, 'librarian', 'rows.csv', `${lines.join('\n')}\n`);
  const before = moveDeltaStats.moved;
  const imported = await t.call('POST', `${url}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0, objectId: 1 }] } });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().numItemsInserted).toBeGreaterThan(MOVED_CAP);
  expect(moveDeltaStats.moved).toBeGreaterThan(before);
}

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
  await t.db.updateTable('stores').set({ field_object_id: 'EPC' }).where('id', '=', bib).execute();
  catalogue = await addCatalogue(t.db, bib, 'Fondo', Array.from({ length: 40 }, (_, i) => ({ code: `C${i}`, objectId: `E${i}` })));
  other = await addCatalogue(t.db, bib, 'Donaciones', Array.from({ length: 10 }, (_, i) => ({ code: `C${i * 3}` })));
  group = (await t.call('POST', `/api/stores/${bib}/inventoryGroups`, { ...as, body: { name: 'Planta 1', catalogueId: catalogue } })).json().tid;
  section = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${group}/inventories`, { ...as, body: { comment: 'Shelf 1', date: '2026-11-20 10:00:00' } })).json().tid;
  loose = (await t.call('POST', `/api/stores/${bib}/inventoryGroups/${UNGROUPED}/inventories`, { ...as, body: { comment: 'Loose', date: '2026-11-20 11:00:00' } })).json().tid;
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
  it('keeps every kept total valid and exact the moment an import of scans answers, without counting one again', async () => {
    expect(exactAsN(await keptTotals(0))).toEqual(validAndExact());
    // Catalogue codes, catalogue objectIds under other codes, codes found twice, one scanned before, and unknown codes.
    const lines = [
      ...Array.from({ length: 10 }, (_, i) => `C${i + 5},`), ...Array.from({ length: 5 }, (_, i) => `Y${i},E${i + 20}`),
      'C5,', 'C1,', ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => `NEW${i},`),
    ];
    await importShifted(`/api/stores/${bib}/inventoryGroups/${group}/inventories/${section}`, lines);
    expect(exactAsN(await keptTotals(SHIFT))).toEqual(validAndExact());
    expect(await fullCount(`MISSING/group/${group}`, catalogue)).toBeLessThan(40 - 14);
  });

  it('keeps them valid and exact the moment an import into a catalogue answers', async () => {
    await sql`update compare_totals set total = total - ${SHIFT}`.execute(t.db);
    // Scanned codes (unknown to the catalogue until now), a scanned code under a new objectId, and new codes.
    const lines = [...Array.from({ length: 8 }, (_, i) => `NEW${i},`), 'X2,', 'Z1,E21', ...Array.from({ length: MOVED_CAP + 10 }, (_, i) => `CAT${i},`)];
    await importShifted(`/api/stores/${bib}/catalogues/${catalogue}`, lines);
    expect(exactAsN(await keptTotals(SHIFT))).toEqual(validAndExact());
    await sql`update compare_totals set total = total - ${SHIFT}`.execute(t.db);
    // The views answer them without a count.
    const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogue}/EXCEEDED/ALL_GROUPS?limit=1`, as);
    expect(res.json().total).toBe(await fullCount('EXCEEDED/ALL_GROUPS', catalogue));
  });
});
