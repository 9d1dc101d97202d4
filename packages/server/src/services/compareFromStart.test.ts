/**
 * Every Compare list of a catalogue against ALL_GROUPS, UNGROUPED or a group is kept from the creation of its
 * catalogue or group (migration 0025), on a real database (temp SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * after scans and catalogue items written every way (API adds, Add Items To of more than MOVED_CAP rows, a
 * statement) the FIRST view of each of those lists, never viewed before, answers its kept total, exact and
 * without a count (totals shifted beforehand stay shifted in the answer). A deleted group's or section's kept
 * totals go with it.
 */
import { sql } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { addCatalogue, addSearchList } from '../lists/testing/helpers';
import { recountsSettled } from './compareTotals';
import { createTestApp, type TestApp } from '../testing/testApp';
import { compareFullCount, createThroughApi } from './compareTesting';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';

jest.setTimeout(300_000);

let t: TestApp;
let bib: number;
const as = { user: 'librarian' as const };
const SHIFT = 1000;

const fullCount = (catalogueId: number, list: string) => compareFullCount(t.db, bib, catalogueId, list);

const keptScopes = async (catalogueId: number) => (await t.db.selectFrom('compare_totals').select(['mode', 'scope'])
  .where('catalogue_id', '=', catalogueId).execute()).map((r) => `${r.mode}/${r.scope}`).sort();

const groupUrl = (group: number | string) => `/api/stores/${bib}/inventoryGroups/${group}`;
const create = (url: string, body: object) => createThroughApi(t, url, body);
const addScan = async (url: string, code: string) => expect((await t.call('POST', `${url}/items`, { ...as, body: { code } })).statusCode).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  bib = await t.storeId('BIB-001');
});
afterAll(async () => {
  await recountsSettled(t.db);
  await t.close();
});

describe('Compare lists kept from the start', () => {
  it('the first view of a list nobody viewed answers its exact kept total, without a count', async () => {
    const fondo = await addCatalogue(t.db, bib, 'Fondo inicial', Array.from({ length: 30 }, (_, i) => ({ code: `K${i}` })));
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta nueva', catalogueId: fondo });
    const section = await create(`${groupUrl(group)}/inventories`, { comment: 'Estante 1', date: '2026-11-23 09:00:00' });
    const loose = await create(`${groupUrl(UNGROUPED)}/inventories`, { comment: 'Suelto', date: '2026-11-23 09:30:00' });
    for (const code of ['K1', 'K2', 'Z1']) await addScan(`${groupUrl(group)}/inventories/${section}`, code);
    await addScan(`${groupUrl(UNGROUPED)}/inventories/${loose}`, 'K3');
    // A catalogue created after the scans; more than MOVED_CAP rows added to the section and to it by Add Items To.
    const donaciones = await addCatalogue(t.db, bib, 'Donaciones nuevas');
    const source = await addSearchList(t.db, bib, 'Lista grande', [{ code: 'K4' }, ...Array.from({ length: MOVED_CAP + 5 }, (_, i) => ({ code: `D${i}` }))]);
    for (const url of [`${groupUrl(group)}/inventories/${section}`, `/api/stores/${bib}/catalogues/${donaciones}`]) {
      const added = await t.call('POST', `${url}/items/searchList`, { ...as, body: { parentId: source, itemIds: [] } });
      expect(added.statusCode).toBe(200);
      expect(added.json().numItemsInserted).toBeGreaterThan(MOVED_CAP);
    }
    await t.db.insertInto('catalogue_items').values({ store_id: bib, catalogue_id: fondo, code: 'Z1', object_id: null, search_text: '', created_at: '2026-11-23T10:00:00Z' } as never).execute();

    const lists = ['MISSING', 'EXCEEDED'].flatMap((mode) => ['ALL_GROUPS', `group/${group}`, `group/${UNGROUPED}`].map((scope) => `${mode}/${scope}`)).sort();
    for (const catalogueId of [fondo, donaciones]) {
      expect(await keptScopes(catalogueId)).toEqual(expect.arrayContaining(lists));
      await sql`update compare_totals set total = total + ${SHIFT} where catalogue_id = ${catalogueId}`.execute(t.db);
      for (const list of lists) {
        const res = await t.call('GET', `/api/stores/${bib}/compare/${catalogueId}/${list}?limit=1`, as);
        expect(res.statusCode).toBe(200);
        expect(`${catalogueId} ${list}: ${res.json().total - SHIFT}`).toBe(`${catalogueId} ${list}: ${await fullCount(catalogueId, list)}`);
      }
      await sql`update compare_totals set total = total - ${SHIFT} where catalogue_id = ${catalogueId}`.execute(t.db);
    }
    expect(await fullCount(fondo, `MISSING/group/${group}`)).toBe(31 - 4);
    expect(await fullCount(donaciones, 'EXCEEDED/ALL_GROUPS')).toBeGreaterThanOrEqual(3);
  });

  it('a deleted group\'s or section\'s kept totals go with it', async () => {
    const fondo = await addCatalogue(t.db, bib, 'Fondo breve', [{ code: 'B1' }]);
    const group = await create(`/api/stores/${bib}/inventoryGroups`, { name: 'Planta breve', catalogueId: fondo });
    const section = await create(`${groupUrl(group)}/inventories`, { comment: 'Estante breve', date: '2026-11-23 09:00:00' });
    expect((await t.call('GET', `/api/stores/${bib}/compare/${fondo}/MISSING/inventory/${section}?limit=1`, as)).json().total).toBe(1);
    expect(await keptScopes(fondo)).toContain(`MISSING/inventory/${section}`);
    expect((await t.call('DELETE', `${groupUrl(group)}/inventories/${section}`, as)).statusCode).toBe(200);
    expect(await keptScopes(fondo)).not.toContain(`MISSING/inventory/${section}`);
    expect(await keptScopes(fondo)).toContain(`MISSING/group/${group}`);
    expect((await t.call('DELETE', groupUrl(group), as)).statusCode).toBe(200);
    expect((await keptScopes(fondo)).filter((s) => s.endsWith(`group/${group}`))).toEqual([]);
  });
});
