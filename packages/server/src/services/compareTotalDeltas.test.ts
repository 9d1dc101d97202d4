/**
 * Kept Compare totals follow item writes (migration 0019) on a real database (temp SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): after random inserts, updates (code, objectId, section moves), deletes, multi-row
 * statements of the import/sync/Add Items To shape, API writes (an import of a file, Add Items To from a compare
 * result) and the delete of a whole section, group and catalogue, every kept total of the library is still valid
 * (not counted again) and equals a full recount; beyond MOVED_CAP written rows between two reads (0021) a kept
 * total is left behind and counted again.
 */
import { sql } from 'kysely';
import { UNGROUPED, type CompareMode, type CompareScope } from '@portal/contract';
import { listPage } from '../lists/engine';
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { resolveCompare } from './compare';
import { scopeKey } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';

jest.setTimeout(180_000);

let t: TestApp;
let bib: number;
let other: number;
const as = { user: 'librarian' as const };
const catalogues: number[] = [];
const groups: number[] = [];
const sections: Array<{ id: number; group: number | null }> = [];

/** A small alphabet, so codes and objectIds collide within and across catalogues and sections. */
let seed = 20261122;
const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const pick = <T>(list: readonly T[]) => list[random(list.length)];
const maybe = (prefix: string) => (random(5) === 0 ? null : `${prefix}${random(12)}`);
const now = '2026-11-22T10:00:00Z';
/** The tables of migrations 0018/0019 are not in the typed schema. */

const MODES: CompareMode[] = ['MISSING', 'EXCEEDED'];
const scopes = (): CompareScope[] => [
  { kind: 'ALL_GROUPS' }, { kind: 'group', groupId: UNGROUPED }, ...groups.map((groupId) => ({ kind: 'group' as const, groupId })),
  ...sections.map((s) => ({ kind: 'inventory' as const, inventoryId: s.id })),
];

async function keepAll() {
  for (const catalogueId of catalogues) {
    for (const mode of MODES) {
      for (const scope of scopes()) {
        const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogueId}/${mode}/${scopeKey(scope)}?limit=1`, as);
        expect(res.statusCode).toBe(200);
      }
    }
  }
}

/** Every kept total of the library: valid at the library's version, and equal to a full count. */
async function expectKeptTotalsExact(step: string) {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const kept = await sql<{ catalogue_id: number; mode: CompareMode; scope: string; version: number | string; total: number | string }>`
    select ct.* from compare_totals ct join catalogues c on c.id = ct.catalogue_id where c.store_id = ${bib}`.execute(t.db);
  const expected = catalogues.length * MODES.length * scopes().length;
  const found: string[] = [];
  const wanted: string[] = [];
  for (const row of kept.rows) {
    const scope = scopes().find((s) => scopeKey(s) === row.scope)!;
    const resolved = await resolveCompare(t.db, bib, Number(row.catalogue_id), row.mode, scope);
    const counted = (await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
    found.push(`${step} ${row.catalogue_id} ${row.mode} ${row.scope}: ${Number(row.version) === Number(version) ? 'valid' : 'stale'} ${Number(row.total)}`);
    wanted.push(`${step} ${row.catalogue_id} ${row.mode} ${row.scope}: valid ${counted}`);
  }
  expect(found).toEqual(wanted);
  expect(kept.rows).toHaveLength(expected);
}

const scanRow = () => {
  const section = pick(sections);
  return { store_id: bib, inventory_id: section.id, group_id: section.group, code: maybe('C'), object_id: maybe('E'), search_text: '', date: now, created_at: now };
};
const catalogueRow = () => ({ store_id: bib, catalogue_id: pick(catalogues), code: maybe('C'), object_id: maybe('E'), search_text: '', created_at: now });

const ids = async (table: 'inventory_items' | 'catalogue_items') =>
  (await t.db.selectFrom(table).select('id').where('store_id', '=', bib).where(table === 'catalogue_items' ? 'catalogue_id' : 'inventory_id', 'in',
    table === 'catalogue_items' ? catalogues : sections.map((s) => s.id)).execute()).map((r) => r.id);

/** A write that may break the unique code/objectId pair of its list: refused, it changes nothing (checked all the same). */
const attempt = (write: Promise<unknown>) => write.catch(() => undefined);

/** One random write of any shape the services use. */
async function randomWrite(): Promise<string> {
  const table = random(2) === 0 ? 'inventory_items' : 'catalogue_items';
  const row = table === 'inventory_items' ? scanRow : catalogueRow;
  const existing = await ids(table);
  switch (random(6)) {
    case 0: await t.db.insertInto(table).values(row() as never).onConflict((oc) => oc.doNothing()).execute(); return `insert into ${table}`;
    case 1: {
      // A multi-row statement, as the import, sync and Add Items To move their staged rows.
      await t.db.insertInto(table).values(Array.from({ length: 2 + random(6) }, () => row()) as never).onConflict((oc) => oc.doNothing()).execute();
      return `multi-row insert into ${table}`;
    }
    case 2: {
      const id = pick(existing);
      await attempt(t.db.updateTable(table).set({ code: maybe('C') }).where('id', '=', id).execute());
      return `update code of ${table} ${id}`;
    }
    case 3: {
      const id = pick(existing);
      await attempt(t.db.updateTable(table).set({ object_id: maybe('E'), code: maybe('C') }).where('id', '=', id).execute());
      return `update code and objectId of ${table} ${id}`;
    }
    case 4: {
      const chosen = existing.filter(() => random(8) === 0);
      if (chosen.length) await t.db.deleteFrom(table).where('id', 'in', chosen).execute();
      return `delete ${chosen.length} from ${table}`;
    }
    default: {
      if (table === 'inventory_items') {
        // A scan moved to another section (and group).
        const id = pick(existing);
        const to = pick(sections);
        await attempt(t.db.updateTable('inventory_items').set({ inventory_id: to.id, group_id: to.group }).where('id', '=', id).execute());
        return `move scan ${id} to section ${to.id}`;
      }
      await attempt(t.db.updateTable('catalogue_items').set({ code: sql`code || 'x'` as never }).where('catalogue_id', '=', pick(catalogues)).where('code', 'like', 'C1%').execute());
      return 'update many catalogue codes';
    }
  }
}

async function addSection(group: number | null) {
  const { id } = await t.db.insertInto('inventories').values({ store_id: bib, group_id: group, comment: `S${sections.length}`, date: now, created_at: now } as never).returning('id').executeTakeFirstOrThrow();
  sections.push({ id, group });
}

beforeAll(async () => {
  t = await createTestApp();
  [bib, other] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  await t.db.updateTable('stores').set({ field_object_id: 'RFID' }).where('id', '=', bib).execute();
  for (const name of ['Delta A', 'Delta B']) {
    const pairs = new Map(Array.from({ length: 30 }, () => ({ code: maybe('C'), objectId: maybe('E') })).map((p) => [`${p.code}/${p.objectId}`, p]));
    catalogues.push(await addCatalogue(t.db, bib, name, [...pairs.values()]));
  }
  for (const name of ['Delta G1', 'Delta G2']) {
    groups.push((await t.call('POST', `/api/stores/${bib}/inventoryGroups`, { ...as, body: { name, catalogueId: catalogues[0] } })).json().tid);
  }
  for (const group of [groups[0], groups[0], groups[1], null]) await addSection(group);
  await t.db.insertInto('inventory_items').values(Array.from({ length: 40 }, scanRow) as never).onConflict((oc) => oc.doNothing()).execute();
});
afterAll(() => t.close());

describe('kept compare totals follow item writes', () => {
  it('stay valid and exact after random writes of every shape', async () => {
    await keepAll();
    await expectKeptTotalsExact('kept');
    for (let step = 0; step < 25; step += 1) await expectKeptTotalsExact(`${step}: ${await randomWrite()}`);
  });

  it('stay exact after API writes and another library\'s writes', async () => {
    const [section] = sections.filter((s) => s.group !== null);
    const res = await t.call('POST', `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}/items`, { ...as, body: { code: 'C3', objectId: 'E7' } });
    expect(res.statusCode).toBe(200);
    await expectKeptTotalsExact('API scan');
    await addCatalogue(t.db, other, 'Elsewhere', [{ code: 'C3' }, { objectId: 'E7' }]);
    await expectKeptTotalsExact('another library');
  });

  it('stay exact after an import of a real file and an Add Items To from a compare result', async () => {
    const section = sections.find((s) => s.group !== null)!;
    const sectionUrl = `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}`;
    const file = await uploadAs(t, 'librarian', 'scans.csv', 'C1,E1\nC11,\n,E3\nNEW1,E9\nNEW2,\n');
    const imported = await t.call('POST', `${sectionUrl}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0, objectId: 1 }] } });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().numItemsInserted).toBeGreaterThan(0);
    await expectKeptTotalsExact('import');
    const added = await t.call('POST', `/api/stores/${bib}/catalogues/${catalogues[0]}/items/compare`, { ...as, body: { parentId: catalogues[1], compareId: 'EXCEEDED/ALL_GROUPS', itemIds: [] } });
    expect(added.statusCode).toBe(200);
    expect(added.json().numItemsInserted).toBeGreaterThan(0);
    await expectKeptTotalsExact('Add Items To');
  });

  it('stay exact after a section, a group and a catalogue are deleted with their items', async () => {
    const section = sections.find((s) => s.group === groups[0])!;
    expect((await t.call('DELETE', `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}`, as)).statusCode).toBe(200);
    sections.splice(sections.indexOf(section), 1);
    await t.db.deleteFrom('compare_totals').where('scope', '=', `inventory/${section.id}`).execute();
    await expectKeptTotalsExact('section deleted');
    expect((await t.call('DELETE', `/api/stores/${bib}/inventoryGroups/${groups[1]}`, as)).statusCode).toBe(200);
    const gone = groups.pop()!;
    const goneSections = sections.filter((s) => s.group === gone);
    for (const s of goneSections) sections.splice(sections.indexOf(s), 1);
    await t.db.deleteFrom('compare_totals').where('scope', 'in', [`group/${gone}`, ...goneSections.map((s) => `inventory/${s.id}`)]).execute();
    await expectKeptTotalsExact('group deleted');
    const catalogue = catalogues.pop()!;
    await t.db.deleteFrom('catalogues').where('id', '=', catalogue).execute();
    await expectKeptTotalsExact('catalogue deleted');
  });

  it(`follow at most ${MOVED_CAP} written rows between two reads, then are counted again at the next read`, async () => {
    await t.db.deleteFrom('compare_totals').execute();
    const lists = MODES.map((mode) => `/api/stores/${bib}/compare/${catalogues[0]}/${mode}/ALL_GROUPS?limit=1`);
    const read = async () => { for (const url of lists) expect((await t.call('GET', url, as)).statusCode).toBe(200); };
    const state = async () => {
      const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
      const rows = await t.db.selectFrom('compare_totals').select(['version', 'moved']).where('catalogue_id', '=', catalogues[0]).execute();
      return rows.map((r) => (Number(r.version) === Number(version) ? `valid, moved ${r.moved}` : 'stale')).sort();
    };
    let next = 0;
    const bulk = async (n: number) => {
      const rows = Array.from({ length: n }, () => ({ ...scanRow(), code: `BULK${(next += 1)}`, object_id: null }));
      for (let i = 0; i < rows.length; i += 1000) await t.db.insertInto('inventory_items').values(rows.slice(i, i + 1000) as never).execute();
    };
    await read();
    const rowsPerStatement = 1000;
    await bulk(3 * rowsPerStatement);
    expect(await state()).toEqual(['valid, moved 3000', 'valid, moved 3000']);
    await read();
    expect(await state()).toEqual(['valid, moved 0', 'valid, moved 0']);
    await bulk(3 * rowsPerStatement);
    await bulk(3 * rowsPerStatement);
    expect(await state()).toEqual(['stale', 'stale']);
    await read();
    expect(await state()).toEqual(['valid, moved 0', 'valid, moved 0']);
    for (const mode of MODES) {
      const resolved = await resolveCompare(t.db, bib, catalogues[0], mode, { kind: 'ALL_GROUPS' });
      const kept = await t.db.selectFrom('compare_totals').select('total').where('catalogue_id', '=', catalogues[0]).where('mode', '=', mode).executeTakeFirstOrThrow();
      expect(Number(kept.total)).toBe((await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total);
    }
  });

  it('are counted again after the objectId column is unlabelled', async () => {
    await t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib).execute();
    await keepAll();
    await t.db.insertInto('inventory_items').values(Array.from({ length: 5 }, scanRow) as never).onConflict((oc) => oc.doNothing()).execute();
    await expectKeptTotalsExact('matching by code only');
  });
});
