/**
 * Stored Compare totals (migrations 0018, 0031) through the real routes, on a real database (temp SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): a page without a search answers the stored total while its stamp is the
 * library's version (a visibly tampered total shows it was not counted again); any catalogue-item or scan write
 * and the objectId column's labelling make it stale, and the next total is counted, exact, and stored with the new
 * stamp; with a stale stamp count=skip answers the rows at once and count=only the exact total; pages equal the
 * engine's; searches always count. Exactness after random writes: compareTotalsAfterWrites.test.ts.
 */
import { sql } from 'kysely';
import { listPage } from '../lists/engine';
import { addCatalogue } from '../lists/testing/helpers';
import { resolveCompare } from './compare';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let bib1: number;
let bib2: number;
let fondo: number;
let group: number;
let section: number;
const as = { user: 'librarian' as const };
const groups = (storeId: number, rest = '') => `/api/stores/${storeId}/inventoryGroups${rest}`;

async function list(rest: string, query = '') {
  const res = await t.call('GET', `/api/stores/${bib1}/compare/${fondo}/${rest}${query}`, as);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ id: number; code: string | null; objectId: string | null }>; total: number };
}

const codes = (page: { items: Array<{ code: string | null; objectId: string | null }> }) => page.items.map((i) => i.code ?? i.objectId);

/** Makes every stored total visibly wrong at its stamp: only an answer not counted again shows 1000+. */
const tamper = () => sql`update compare_totals set total = total + 1000`.execute(t.db);

async function addScan(item: { code?: string; objectId?: string }) {
  const res = await t.call('POST', groups(bib1, `/${group}/inventories/${section}/items`), { ...as, body: item });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  fondo = await addCatalogue(t.db, bib1, 'Fondo', [
    { code: 'A1', objectId: 'E1' },
    { code: 'A2', objectId: 'E2' },
    { code: 'A3' },
    { objectId: 'E4' },
    { code: 'A5', objectId: 'E5' },
    { code: 'A6' },
  ]);
  group = (await t.call('POST', groups(bib1), { ...as, body: { name: 'G1', catalogueId: fondo } })).json().tid;
  section = (await t.call('POST', groups(bib1, `/${group}/inventories`), { ...as, body: { comment: 'S1', date: '2026-11-20 10:00:00' } })).json().tid;
  for (const item of [{ code: 'A1' }, { objectId: 'E2' }, { code: 'Z9' }, { code: 'Z8' }]) await addScan(item);
});
afterAll(() => t.close());

/** The library's version and the stored row of a list. */
async function storedRow(mode: string, scope: string) {
  const { version } = await t.db.selectFrom('list_item_versions').select('version').where('store_id', '=', bib1).executeTakeFirstOrThrow();
  const row = await t.db
    .selectFrom('compare_totals')
    .select(['version', 'total'])
    .where('catalogue_id', '=', fondo)
    .where('mode', '=', mode as 'MISSING')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row ? { total: Number(row.total), current: Number(row.version) === Number(version) } : null;
}

describe('stored compare totals', () => {
  it('a page without a search answers the stored total while its stamp is current, and counts again after a write', async () => {
    const scopes = ['ALL_GROUPS', `group/${group}`, 'group/UNGROUPED', `inventory/${section}`];
    const first: Record<string, number> = {};
    for (const mode of ['MISSING', 'EXCEEDED']) for (const scope of scopes) first[`${mode}/${scope}`] = (await list(`${mode}/${scope}`, '?limit=1')).total;
    expect(first).toEqual({
      'MISSING/ALL_GROUPS': 4,
      [`MISSING/group/${group}`]: 4,
      'MISSING/group/UNGROUPED': 6,
      [`MISSING/inventory/${section}`]: 4,
      'EXCEEDED/ALL_GROUPS': 2,
      [`EXCEEDED/group/${group}`]: 2,
      'EXCEEDED/group/UNGROUPED': 0,
      [`EXCEEDED/inventory/${section}`]: 2,
    });
    expect(await storedRow('MISSING', 'ALL_GROUPS')).toEqual({ total: 4, current: true });
    await tamper();
    expect((await list('MISSING/ALL_GROUPS', '?limit=1')).total).toBe(1004);
    expect((await list('MISSING/ALL_GROUPS', '?limit=1&count=skip')).total).toBe(1004);
    expect((await list('MISSING/ALL_GROUPS', '?count=only')).total).toBe(1004);
    // A search always counts.
    expect((await list('MISSING/ALL_GROUPS', `?limit=1&searchTexts=${encodeURIComponent(JSON.stringify({ code: 'a' }))}`)).total).toBe(3);
    // Another library's writes leave the stamps current.
    await addCatalogue(t.db, bib2, 'Otro', [{ code: 'A3' }]);
    expect((await list('MISSING/ALL_GROUPS', '?limit=1')).total).toBe(1004);
    // A scan through the API makes every stamp of the library stale: counted again, exact, and stored.
    await addScan({ code: 'A3' });
    expect(await storedRow('MISSING', 'ALL_GROUPS')).toEqual({ total: 1004, current: false });
    expect((await list('MISSING/ALL_GROUPS', '?limit=1')).total).toBe(3);
    expect(await storedRow('MISSING', 'ALL_GROUPS')).toEqual({ total: 3, current: true });
    expect((await list(`MISSING/inventory/${section}`, '?limit=1')).total).toBe(3);
  });

  it('with a stale stamp, count=skip answers the rows at once and count=only the exact total, then stored', async () => {
    await addScan({ code: 'Z7' });
    expect(await storedRow('EXCEEDED', 'ALL_GROUPS')).toMatchObject({ current: false });
    const page = (await list('EXCEEDED/ALL_GROUPS', '?limit=1&count=skip')) as { items: unknown[]; total: number; totalKnown?: boolean };
    expect(page.items).toHaveLength(1);
    expect([page.total, page.totalKnown]).toEqual([2, false]);
    // Not counted: the stamp is still stale.
    expect(await storedRow('EXCEEDED', 'ALL_GROUPS')).toMatchObject({ current: false });
    const counted = await list('EXCEEDED/ALL_GROUPS', '?count=only');
    expect([counted.items, counted.total]).toEqual([[], 3]);
    expect(await storedRow('EXCEEDED', 'ALL_GROUPS')).toEqual({ total: 3, current: true });
    const again = (await list('EXCEEDED/ALL_GROUPS', '?limit=1&count=skip')) as { total: number; totalKnown?: boolean };
    expect([again.total, again.totalKnown]).toEqual([3, undefined]);
    // A page that shows the end of the list knows its total without counting.
    await addScan({ code: 'Z6' });
    const whole = (await list('EXCEEDED/ALL_GROUPS', '?limit=25&count=skip')) as { items: unknown[]; total: number; totalKnown?: boolean };
    expect([whole.items.length, whole.total, whole.totalKnown]).toEqual([4, 4, undefined]);
  });

  it('counts again after catalogue and scan writes by any statement and after the objectId column changes', async () => {
    const check = async (change: () => Promise<unknown>, missing: number, exceeded: number) => {
      await list('MISSING/ALL_GROUPS', '?limit=1');
      await list('EXCEEDED/ALL_GROUPS', '?limit=1');
      await tamper();
      await change();
      // Tampered totals are stale after the write: counted again.
      expect([(await list('MISSING/ALL_GROUPS', '?limit=1')).total, (await list('EXCEEDED/ALL_GROUPS', '?limit=1')).total]).toEqual([missing, exceeded]);
    };
    // Now: missing E4, A5/E5, A6; exceeded Z9, Z8, Z7, Z6.
    await check(() => t.db.deleteFrom('inventory_items').where('code', 'in', ['Z7', 'Z6']).execute(), 3, 2);
    await check(() => t.db.updateTable('catalogue_items').set({ code: 'Z9' }).where('catalogue_id', '=', fondo).where('code', '=', 'A6').execute(), 2, 1);
    await check(() => t.db.deleteFrom('inventory_items').where('code', '=', 'Z8').execute(), 2, 0);
    await check(() => t.db.updateTable('inventory_items').set({ object_id: 'E4' }).where('code', '=', 'A3').execute(), 1, 0);
    // Without an objectId column items match by code only: E2, E4 and A5/E5 are missing, the E2 scan exceeds.
    await check(() => t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib1).execute(), 3, 1);
    await check(
      () =>
        t.db
          .insertInto('catalogue_items')
          .values([{ store_id: bib1, catalogue_id: fondo, code: 'A9', object_id: null, search_text: 'a9', created_at: '2026-11-20T10:00:00Z' } as never])
          .execute(),
      4,
      1,
    );
  });

  it("pages equal the list engine's, in any order and offset", async () => {
    await sql`delete from compare_totals`.execute(t.db);
    for (const mode of ['MISSING', 'EXCEEDED'] as const) {
      for (const order of [undefined, ['code', 'desc'] as ['code', 'desc'], ['objectId', 'asc'] as ['objectId', 'asc']]) {
        for (const [offset, limit] of [
          [0, 100],
          [1, 2],
        ]) {
          const resolved = await resolveCompare(t.db, bib1, fondo, mode, { kind: 'ALL_GROUPS' });
          const engine = await listPage(t.db, resolved.def, resolved.scope, { offset, limit, order });
          const query = `?offset=${offset}&limit=${limit}${order ? `&order=${encodeURIComponent(JSON.stringify(order))}` : ''}`;
          const page = await list(`${mode}/ALL_GROUPS`, query);
          expect([codes(page), page.total]).toEqual([codes(engine as never), engine.total]);
        }
      }
    }
  });
});
