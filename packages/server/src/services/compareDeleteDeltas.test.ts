/**
 * A delete of more than MOVED_CAP scans or catalogue items (a section, a section's items, a group, a catalogue's
 * items, through the API) keeps the library's kept Compare totals valid and exact in its own transaction
 * (services/compareDeleteDeltas.ts), on a real database (temp SQLite file, or PostgreSQL with TEST_DATABASE_URL):
 * the moment the delete answers, every kept total left (every scope kind, both modes, three catalogues) is at
 * the library's version and equals a full count, matching by code and by objectId; totals shifted by SHIFT
 * beforehand are still shifted after, so none was counted again. Before, such a delete left the totals of
 * ALL_GROUPS, the group and the catalogue behind, to be counted in full at their next view. The fixture has
 * catalogue items matched by scans of two groups (and two sections of a group), so deleting one must not make them
 * missing, and items matched by objectId under another code.
 */
import { sql } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { addCatalogue } from '../lists/testing/helpers';
import { deleteDeltas, deleteDeltaStats } from './compareDeleteDeltas';
import { compareCounterOf } from './compare';
import { fillPass } from './compareFill';
import { recountsSettled } from './compareTotals';
import { compareFullCount, createThroughApi } from './compareTesting';
import { createTestApp, type TestApp } from '../testing/testApp';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';

jest.setTimeout(300_000);

let t: TestApp;
let bib: number;
let fondo: number;
let donaciones: number;
let big: number;
let g1: number;
let g2: number;
const sections: Array<{ id: number; group: number | null }> = [];
const as = { user: 'librarian' as const };
const SHIFT = 1000;
const LARGE = MOVED_CAP + 10;
const now = '2026-11-23T12:00:00Z';
const groupUrl = (group: number | null) => `/api/stores/${bib}/inventoryGroups/${group ?? UNGROUPED}`;

const scopes = () => ['ALL_GROUPS', `group/${UNGROUPED}`, ...[g1, g2].filter((g) => g).map((g) => `group/${g}`), ...sections.map((s) => `inventory/${s.id}`)];
const catalogues = () => [fondo, donaciones, big];

/**
 * Each kept total of the library: `valid` at its version or `stale`, its number minus `shift` (except those of
 * catalogue `reset`, set anew), and a full count.
 */
async function keptTotals(shift: number, reset?: number): Promise<string[]> {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const { rows } = await sql<{ catalogue_id: number; mode: string; scope: string; version: number | string; total: number | string }>`
    select ct.* from compare_totals ct join catalogues c on c.id = ct.catalogue_id where c.store_id = ${bib}`.execute(t.db);
  const lines: string[] = [];
  for (const row of rows) {
    const list = `${row.mode}/${row.scope}`;
    const state = Number(row.version) === Number(version) ? 'valid' : 'stale';
    lines.push(`${row.catalogue_id} ${list}: ${state} ${Number(row.total) - (Number(row.catalogue_id) === reset ? 0 : shift)} (counted ${await compareFullCount(t.db, bib, Number(row.catalogue_id), list)})`);
  }
  return lines.sort();
}

/** Every list of the fixture as valid and equal to its full count. */
const validAndExact = () => catalogues().flatMap((c) => ['MISSING', 'EXCEEDED'].flatMap((mode) => scopes().map((scope) => `${c} ${mode}/${scope}: valid N (counted N)`))).sort();
const exactAsN = (lines: string[]) => lines.map((l) => l.replace(/: (\w+) (-?\d+) \(counted \2\)$/, ': $1 N (counted N)'));

/** Every list viewed once (counted when not kept), so each has a valid kept total. */
async function keepAll(): Promise<void> {
  for (const c of catalogues()) {
    for (const mode of ['MISSING', 'EXCEEDED']) {
      for (const scope of scopes()) expect((await t.call('GET', `/api/stores/${bib}/compare/${c}/${mode}/${scope}?limit=1`, as)).statusCode).toBe(200);
    }
  }
  await recountsSettled(t.db);
  expect(exactAsN(await keptTotals(0))).toEqual(validAndExact());
}

/** Rows written with every kept total left behind (quicker: the triggers only raise the version); keepAll counts them. */
async function leftBehind(write: () => Promise<unknown>): Promise<void> {
  await t.db.updateTable('compare_totals').set({ moved: MOVED_CAP }).execute();
  await write();
}

async function addSection(group: number | null, comment: string, codes: Array<{ code: string | null; objectId?: string | null }>): Promise<number> {
  const id = await createThroughApi(t, `${groupUrl(group)}/inventories`, { comment, date: '2026-11-23 12:00:00' });
  sections.push({ id, group });
  await leftBehind(async () => {
    for (let i = 0; i < codes.length; i += 1000) {
      await t.db.insertInto('inventory_items').values(codes.slice(i, i + 1000).map((c) => ({
        store_id: bib, inventory_id: id, group_id: group, code: c.code, object_id: c.objectId ?? null, search_text: '', date: '2026-11-23 12:00:00', created_at: now,
      })) as never).execute();
    }
  });
  return id;
}

/** LARGE scans: the big catalogue's codes from `from` on (two in three), unknown codes, and `extra`. */
const largeScans = (prefix: string, from: number, extra: Array<{ code: string | null; objectId?: string | null }>) => [
  ...extra, ...Array.from({ length: LARGE - extra.length }, (_, i) => ({ code: i % 3 === 2 ? `${prefix}${i}` : `B${from + i}` })),
];

/**
 * Runs a delete through the API; the kept totals are shifted by SHIFT before it, to tell a count from a delta
 * (none may count). Those of catalogue `reset` are set anew (every item of it deleted: MISSING 0, EXCEEDED the
 * scans in scope, index counts).
 */
async function shifted(url: string, deleted: number, reset?: number): Promise<void> {
  await t.db.updateTable('compare_totals').set((eb) => ({ total: eb('total', '+', SHIFT) })).execute();
  const before = deleteDeltaStats.deletes;
  const res = await t.call('DELETE', url, as);
  expect(res.statusCode).toBe(200);
  // PostgreSQL's statement trigger follows a delete of up to MOVED_CAP rows itself.
  if (t.dialect === 'sqlite' || deleted > MOVED_CAP) expect(deleteDeltaStats.deletes).toBeGreaterThan(before);
  const removed = url.endsWith('/items') ? res.json().deleted : deleted;
  expect(removed).toBe(deleted);
  expect(exactAsN(await keptTotals(SHIFT, reset))).toEqual(validAndExact());
  await t.db.updateTable('compare_totals').set((eb) => ({ total: eb('total', '-', SHIFT) })).where('catalogue_id', '!=', reset ?? 0).execute();
}

const scansOf = async (where: 'inventory_id' | 'group_id', id: number) => Number((await t.db.selectFrom('inventory_items')
  .select((eb) => eb.fn.countAll<number>().as('n')).where(where, '=', id).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
  await t.db.updateTable('stores').set({ field_object_id: 'EPC' }).where('id', '=', bib).execute();
  fondo = await addCatalogue(t.db, bib, 'Fondo', Array.from({ length: 40 }, (_, i) => ({ code: `C${i}`, objectId: `E${i}` })));
  donaciones = await addCatalogue(t.db, bib, 'Donaciones', Array.from({ length: 10 }, (_, i) => ({ code: `C${i * 3}` })));
  big = await addCatalogue(t.db, bib, 'Grande');
  await leftBehind(async () => {
    const rows = Array.from({ length: 3 * LARGE }, (_, i) => ({ store_id: bib, catalogue_id: big, code: `B${i}`, object_id: null, search_text: '', created_at: now }));
    for (let i = 0; i < rows.length; i += 1000) await t.db.insertInto('catalogue_items').values(rows.slice(i, i + 1000) as never).execute();
  });
  g1 = await createThroughApi(t, `/api/stores/${bib}/inventoryGroups`, { name: 'Planta 1', catalogueId: fondo });
  g2 = await createThroughApi(t, `/api/stores/${bib}/inventoryGroups`, { name: 'Planta 2', catalogueId: fondo });
  // C1 is scanned in g1 (twice: two sections) and in g2; E5 is scanned under another code (objectId match); C2 only in the large section.
  await addSection(g1, 'Estante 1', largeScans('X', 0, [{ code: 'C1' }, { code: 'C2' }, { code: 'Q5', objectId: 'E5' }, { code: 'C3' }]));
  await addSection(g1, 'Estante 2', [{ code: 'C1' }, { code: 'Y1' }, { code: 'C6', objectId: 'E6' }]);
  await addSection(g2, 'Estante 3', [{ code: 'C1' }, { code: 'Q7', objectId: 'E7' }, { code: 'B0' }, { code: 'Z1' }]);
  await addSection(null, 'Suelto', [{ code: 'C3' }, { code: 'Z2' }, { code: 'B1' }]);
  await keepAll();
});
afterAll(async () => {
  await recountsSettled(t.db);
  await t.close();
});

describe(`a delete of more than ${MOVED_CAP} rows`, () => {
  it('keeps every kept total valid and exact the moment a section of a group is deleted, without counting one again', async () => {
    const [section] = sections;
    const before = await compareFullCount(t.db, bib, fondo, 'MISSING/ALL_GROUPS');
    const scans = await scansOf('inventory_id', section.id);
    expect(scans).toBe(LARGE);
    sections.splice(0, 1);
    await shifted(`${groupUrl(g1)}/inventories/${section.id}`, scans);
    // C2 and Q5/E5 were found only there: now missing; C1 and C3 are still found elsewhere.
    expect(await compareFullCount(t.db, bib, fondo, 'MISSING/ALL_GROUPS')).toBe(before + 2);
  });

  it('keeps them valid and exact when every item of a section, then a few by id, are deleted', async () => {
    const id = await addSection(g2, 'Estante 4', largeScans('W', LARGE, [{ code: 'C1' }, { code: 'C8', objectId: 'E9' }, { code: null, objectId: 'E10' }]));
    await keepAll();
    await shifted(`${groupUrl(g2)}/inventories/${id}/items`, LARGE);
    const loose = sections.find((s) => s.group === null)!;
    const ids = (await t.db.selectFrom('inventory_items').select('id').where('inventory_id', '=', loose.id).orderBy('id').execute()).map((r) => r.id);
    await shifted(`${groupUrl(null)}/inventories/${loose.id}/items/${ids.slice(0, 2).join(',')}`, 2);
  });

  it('keeps them valid and exact the moment a group is deleted with its sections', async () => {
    await addSection(g1, 'Estante 5', largeScans('V', 2 * LARGE, [{ code: 'C1' }, { code: 'C11' }, { code: 'Q12', objectId: 'E12' }]));
    await keepAll();
    const scans = await scansOf('group_id', g1);
    expect(scans).toBeGreaterThan(MOVED_CAP);
    const gone = g1;
    g1 = 0;
    for (const s of sections.filter((x) => x.group === gone)) sections.splice(sections.indexOf(s), 1);
    await shifted(`/api/stores/${bib}/inventoryGroups/${gone}`, scans);
    // C1 is still found in g2 (and C7 by its objectId): the rest of the catalogue is missing.
    expect(await compareFullCount(t.db, bib, fondo, 'MISSING/ALL_GROUPS')).toBe(38);
  });

  it('keeps them valid and exact when a few items of a catalogue, then every item, are deleted', async () => {
    await addSection(g2, 'Estante 6', largeScans('U', 0, [{ code: 'C2' }]));
    await keepAll();
    const ids = (await t.db.selectFrom('catalogue_items').select('id').where('catalogue_id', '=', big).where('code', 'in', ['B0', 'B1', 'B2', 'B3']).execute()).map((r) => r.id);
    await shifted(`/api/stores/${bib}/catalogues/${big}/items/${ids.join(',')}`, 4);
    await shifted(`/api/stores/${bib}/catalogues/${big}/items`, 3 * LARGE - 4, big);
    expect(await compareFullCount(t.db, bib, big, 'MISSING/ALL_GROUPS')).toBe(0);
  });

  it('leaves every kept total behind for the background fill when more than deleteDeltas.maxRows rows go', async () => {
    const id = await addSection(g2, 'Estante 8', largeScans('S', 0, [{ code: 'C1' }]));
    await keepAll();
    const { maxRows } = deleteDeltas;
    const before = deleteDeltaStats.leftBehind;
    deleteDeltas.maxRows = MOVED_CAP;
    try {
      expect((await t.call('DELETE', `${groupUrl(g2)}/inventories/${id}`, as)).statusCode).toBe(200);
    } finally {
      deleteDeltas.maxRows = maxRows;
    }
    sections.splice(sections.findIndex((s) => s.id === id), 1);
    expect(deleteDeltaStats.leftBehind).toBe(before + 1);
    expect((await keptTotals(0)).filter((l) => l.includes(': valid '))).toEqual([]);
    // The fill counts them (section lists included: they were viewed).
    await fillPass(t.db, { counterOf: compareCounterOf });
    expect(exactAsN(await keptTotals(0))).toEqual(validAndExact());
  });

});
