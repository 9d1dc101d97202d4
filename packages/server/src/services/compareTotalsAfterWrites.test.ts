/**
 * Stored Compare totals after item writes, on a real database (temp SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * after random inserts, updates (code, objectId, section moves), deletes, multi-row statements of the
 * import/sync/Add Items To shape, API writes (an import of a file, Add Items To from a compare result), the delete
 * of a whole section, group and catalogue and the objectId column's unlabelling, a stored total whose stamp is the
 * library's version always equals a full count, and each list's total through the route equals a full count and is
 * stored again with the current stamp.
 */
import { sql } from 'kysely';
import { UNGROUPED, type CompareMode, type CompareScope } from '@portal/contract';
import { listPage } from '../lists/engine';
import { addCatalogue, uploadAs } from '../lists/testing/helpers';
import { resolveCompare } from './compare';
import { scopeKey } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';

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
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const pick = <T>(list: readonly T[]) => list[random(list.length)];
const maybe = (prefix: string) => (random(5) === 0 ? null : `${prefix}${random(12)}`);
const now = '2026-11-22T10:00:00Z';

const MODES: CompareMode[] = ['MISSING', 'EXCEEDED'];
const scopes = (): CompareScope[] => [
  { kind: 'ALL_GROUPS' },
  { kind: 'group', groupId: UNGROUPED },
  ...groups.map((groupId) => ({ kind: 'group' as const, groupId })),
  ...sections.map((s) => ({ kind: 'inventory' as const, inventoryId: s.id })),
];

/** Each list's total through the route (limit 1, no count option: counted when its stamp is stale), checked against a full count. */
async function viewAll(step: string): Promise<Map<string, number>> {
  const found: string[] = [];
  const wanted: string[] = [];
  const totals = new Map<string, number>();
  for (const catalogueId of catalogues) {
    for (const mode of MODES) {
      for (const scope of scopes()) {
        const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogueId}/${mode}/${scopeKey(scope)}?limit=1`, as);
        expect(res.statusCode).toBe(200);
        const list = `${catalogueId} ${mode} ${scopeKey(scope)}`;
        totals.set(list, res.json().total);
        found.push(`${step} ${list}: ${res.json().total}`);
        wanted.push(`${step} ${list}: ${await fullCount(catalogueId, mode, scope)}`);
      }
    }
  }
  expect(found).toEqual(wanted);
  return totals;
}

async function fullCount(catalogueId: number, mode: CompareMode, scope: CompareScope): Promise<number> {
  const resolved = await resolveCompare(t.db, bib, catalogueId, mode, scope);
  return (await listPage(t.db, resolved.def, resolved.scope, { offset: 0, limit: 1 })).total;
}

/** The library's stored totals of lists that still exist, as `current` (stamp = the library's version) or `stale`. */
async function stored() {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib).executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('compare_totals as ct')
    .innerJoin('catalogues as c', 'c.id', 'ct.catalogue_id')
    .select(['ct.catalogue_id', 'ct.mode', 'ct.scope', 'ct.version', 'ct.total'])
    .where('c.store_id', '=', bib)
    .execute();
  return rows.flatMap((row) => {
    const scope = scopes().find((s) => scopeKey(s) === row.scope);
    return scope ? [{ ...row, scope, current: Number(row.version) === Number(version) }] : [];
  });
}

/**
 * A stored total with a current stamp equals a full count (a write never leaves a wrong one current); each list
 * viewed gives its exact total, and then every list has one stored, current and exact.
 */
async function expectTotalsExact(step: string) {
  const found: string[] = [];
  const wanted: string[] = [];
  for (const row of (await stored()).filter((r) => r.current)) {
    found.push(`${step} ${row.catalogue_id} ${row.mode} ${scopeKey(row.scope)}: ${Number(row.total)}`);
    wanted.push(`${step} ${row.catalogue_id} ${row.mode} ${scopeKey(row.scope)}: ${await fullCount(Number(row.catalogue_id), row.mode, row.scope)}`);
  }
  expect(found).toEqual(wanted);
  const totals = await viewAll(step);
  const after = await stored();
  expect(after.map((r) => `${r.catalogue_id} ${r.mode} ${scopeKey(r.scope)}: ${r.current ? 'current' : 'stale'} ${Number(r.total)}`).sort()).toEqual(
    [...totals].map(([list, total]) => `${list}: current ${total}`).sort(),
  );
}

const scanRow = () => {
  const section = pick(sections);
  return {
    store_id: bib,
    inventory_id: section.id,
    group_id: section.group,
    code: maybe('C'),
    object_id: maybe('E'),
    search_text: '',
    date: now,
    created_at: now,
  };
};
const catalogueRow = () => ({ store_id: bib, catalogue_id: pick(catalogues), code: maybe('C'), object_id: maybe('E'), search_text: '', created_at: now });

const ids = async (table: 'inventory_items' | 'catalogue_items') =>
  (
    await t.db
      .selectFrom(table)
      .select('id')
      .where('store_id', '=', bib)
      .where(table === 'catalogue_items' ? 'catalogue_id' : 'inventory_id', 'in', table === 'catalogue_items' ? catalogues : sections.map((s) => s.id))
      .execute()
  ).map((r) => r.id);

/** A write that may break the unique code/objectId pair of its list: refused, it changes nothing (checked all the same). */
const attempt = (write: Promise<unknown>) => write.catch(() => undefined);

/** One random write of any shape the services use. */
async function randomWrite(): Promise<string> {
  const table = random(2) === 0 ? 'inventory_items' : 'catalogue_items';
  const row = table === 'inventory_items' ? scanRow : catalogueRow;
  const existing = await ids(table);
  switch (random(6)) {
    case 0:
      await t.db
        .insertInto(table)
        .values(row() as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
      return `insert into ${table}`;
    case 1: {
      // A multi-row statement, as the import, sync and Add Items To move their staged rows.
      await t.db
        .insertInto(table)
        .values(Array.from({ length: 2 + random(6) }, () => row()) as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
      return `multi-row insert into ${table}`;
    }
    case 2: {
      const id = pick(existing);
      await attempt(
        t.db
          .updateTable(table)
          .set({ code: maybe('C') })
          .where('id', '=', id)
          .execute(),
      );
      return `update code of ${table} ${id}`;
    }
    case 3: {
      const id = pick(existing);
      await attempt(
        t.db
          .updateTable(table)
          .set({ object_id: maybe('E'), code: maybe('C') })
          .where('id', '=', id)
          .execute(),
      );
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
      await attempt(
        t.db
          .updateTable('catalogue_items')
          .set({ code: sql`code || 'x'` as never })
          .where('catalogue_id', '=', pick(catalogues))
          .where('code', 'like', 'C1%')
          .execute(),
      );
      return 'update many catalogue codes';
    }
  }
}

async function addSection(group: number | null) {
  const { id } = await t.db
    .insertInto('inventories')
    .values({ store_id: bib, group_id: group, comment: `S${sections.length}`, date: now, created_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
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
  await t.db
    .insertInto('inventory_items')
    .values(Array.from({ length: 40 }, scanRow) as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
});
afterAll(() => t.close());

describe('stored compare totals after item writes', () => {
  it('are exact after random writes of every shape', async () => {
    await expectTotalsExact('first views');
    for (let step = 0; step < 25; step += 1) await expectTotalsExact(`${step}: ${await randomWrite()}`);
  });

  it("are exact after API writes and another library's writes", async () => {
    const [section] = sections.filter((s) => s.group !== null);
    const res = await t.call('POST', `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}/items`, {
      ...as,
      body: { code: 'C3', objectId: 'E7' },
    });
    expect(res.statusCode).toBe(200);
    await expectTotalsExact('API scan');
    await addCatalogue(t.db, other, 'Elsewhere', [{ code: 'C3' }, { objectId: 'E7' }]);
    await expectTotalsExact('another library');
  });

  it('are exact after an import of a real file and an Add Items To from a compare result', async () => {
    const section = sections.find((s) => s.group !== null)!;
    const sectionUrl = `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}`;
    const file = await uploadAs(t, 'librarian', 'scans.csv', 'C1,E1\nC11,\n,E3\nNEW1,E9\nNEW2,\n');
    const imported = await t.call('POST', `${sectionUrl}/import`, { ...as, body: { fileName: file, sheetIndex: null, fields: [{ code: 0, objectId: 1 }] } });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().numItemsInserted).toBeGreaterThan(0);
    await expectTotalsExact('import');
    const added = await t.call('POST', `/api/stores/${bib}/catalogues/${catalogues[0]}/items/compare`, {
      ...as,
      body: { parentId: catalogues[1], compareId: 'EXCEEDED/ALL_GROUPS', itemIds: [] },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().numItemsInserted).toBeGreaterThan(0);
    await expectTotalsExact('Add Items To');
  });

  it('are exact after a section, a group and a catalogue are deleted with their items', async () => {
    const section = sections.find((s) => s.group === groups[0])!;
    expect((await t.call('DELETE', `/api/stores/${bib}/inventoryGroups/${section.group}/inventories/${section.id}`, as)).statusCode).toBe(200);
    sections.splice(sections.indexOf(section), 1);
    await expectTotalsExact('section deleted');
    expect((await t.call('DELETE', `/api/stores/${bib}/inventoryGroups/${groups[1]}`, as)).statusCode).toBe(200);
    const gone = groups.pop()!;
    const goneSections = sections.filter((s) => s.group === gone);
    for (const s of goneSections) sections.splice(sections.indexOf(s), 1);
    await expectTotalsExact('group deleted');
    const catalogue = catalogues.pop()!;
    await t.db.deleteFrom('catalogues').where('id', '=', catalogue).execute();
    await expectTotalsExact('catalogue deleted');
  });

  it('are exact after the objectId column is unlabelled', async () => {
    await t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib).execute();
    await expectTotalsExact('objectId unlabelled');
    await t.db
      .insertInto('inventory_items')
      .values(Array.from({ length: 5 }, scanRow) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await expectTotalsExact('matching by code only');
  });
});
