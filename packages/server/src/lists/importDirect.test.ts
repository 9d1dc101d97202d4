/**
 * An import's rows written straight into their lists (./importDirect) on the real database: the first row of
 * each pair once, pairs already in the list counted and skipped; undone whole (rows and the list it created);
 * on SQLite in steps with other requests served between them, and a server stopped mid-import leaves records
 * that the next import undoes.
 */
import { sql } from 'kysely';
import { seedMinimal } from '../demo/seedMinimal';
import { TEST_ARGON2 } from '../auth/password';
import { createTestDb, type TestDb } from '../testing/testDb';
import { DIRECT_CHUNK_ROWS, withDirectWriter, type DirectWriter } from './importDirect';
import type { ItemValues } from './items';
import type { ItemTarget } from './itemWrites';
import { addCatalogue } from './testing/helpers';

jest.setTimeout(120_000);

let t: TestDb;
let store: number;
beforeAll(async () => {
  t = await createTestDb();
  await seedMinimal(t.db, TEST_ARGON2);
  store = (await t.db.selectFrom('stores').select('id').where('code', '=', 'BIB-001').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.destroy());

const synchronous = async () => (t.dialect === 'sqlite' ? Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db)).rows[0]!.synchronous) : null);
let ownSynchronous: number | null;
beforeAll(async () => { ownSynchronous = await synchronous(); });
const records = async () => Number((await sql<{ n: number }>`select count(*) as n from import_moves`.execute(t.db)).rows[0]!.n);

const ROWS = 2 * DIRECT_CHUNK_ROWS + 10;
const CREATED = '2026-11-23T00:00:00.000Z';
const item = (i: number): ItemValues => ({ code: `K${i}`, objectId: i % 3 ? null : `O${i}`, field1: `Título ${i}`, field2: null, field3: null, field4: null, field5: null, field6: null });
const into = (parentId: number): ItemTarget => ({ table: 'catalogue_items', parentColumn: 'catalogue_id', parentId, storeId: store });
const rowsOf = async (id: number) => t.db.selectFrom('catalogue_items').select(['code', 'object_id', 'field1', 'search_text', 'created_at']).where('catalogue_id', '=', id).orderBy('id').execute();
const catalogueNamed = (name: string) => t.db.selectFrom('catalogues').select('id').where('name', '=', name).executeTakeFirst();
const newCatalogue = (name: string) => async (trx: Parameters<Parameters<DirectWriter['open']>[0]>[0]) =>
  into((await trx.insertInto('catalogues').values({ store_id: store, name, sync_url: null, auto_sync: 0, last_sync: null, created_at: 'now' }).returning('id').executeTakeFirstOrThrow()).id);
const dropCatalogue = async (trx: Parameters<Parameters<DirectWriter['open']>[0]>[0], target: ItemTarget) => { await trx.deleteFrom('catalogues').where('id', '=', target.parentId).execute(); };

it('writes every row in file order, a repeated pair and a pair already in the list once; SQLite serves others between the steps', async () => {
  const id = await addCatalogue(t.db, store, 'Direct whole', [{ code: 'K1' }]);
  let servedDuring = 0;
  const inserted = await withDirectWriter(t.db, CREATED, async (writer) => {
    await writer.open(async () => into(id));
    await writer.add(item(0));
    for (let i = 0; i < ROWS; i += 1) {
      await writer.add(item(i));
      // Another request between two rows (on SQLite it runs between two steps).
      if (i === DIRECT_CHUNK_ROWS + 5 && t.dialect === 'sqlite') {
        servedDuring = Number((await t.db.selectFrom('catalogue_items').select((eb) => eb.fn.countAll<number>().as('n')).where('catalogue_id', '=', id).executeTakeFirstOrThrow()).n);
      }
    }
    await writer.finish();
    return writer.inserted;
  });
  // K0 twice in the file, K1 already in the list.
  expect(inserted).toEqual([ROWS - 1]);
  const rows = await rowsOf(id);
  expect(rows).toHaveLength(ROWS);
  expect(rows.slice(0, 3)).toEqual([
    { code: 'K1', object_id: null, field1: null, search_text: expect.any(String), created_at: expect.any(String) },
    { code: 'K0', object_id: 'O0', field1: 'Título 0', search_text: expect.stringContaining('titulo 0'), created_at: CREATED },
    { code: 'K2', object_id: null, field1: 'Título 2', search_text: expect.stringContaining('titulo 2'), created_at: CREATED },
  ]);
  expect(rows[rows.length - 1]!.code).toBe(`K${ROWS - 1}`);
  // The first step's rows (K0 twice and K1 already there among them: one less) and the K1 that was there.
  if (t.dialect === 'sqlite') expect(servedDuring).toBe(DIRECT_CHUNK_ROWS - 1);
  expect(await records()).toBe(0);
  expect(await synchronous()).toBe(ownSynchronous);
});

it('undone whole: the rows written and the list it created are gone, the connection as it was', async () => {
  await expect(withDirectWriter(t.db, CREATED, async (writer) => {
    try {
      await writer.open(newCatalogue('Direct undone'), dropCatalogue);
      for (let i = 0; i < ROWS; i += 1) await writer.add(item(i));
      throw new Error('refused at the end');
    } catch (e) {
      await writer.undo();
      throw e;
    }
  })).rejects.toThrow('refused at the end');
  expect(await catalogueNamed('Direct undone')).toBeUndefined();
  expect(Number((await sql<{ n: number }>`select count(*) as n from catalogue_items where field1 = ${'Título 7'}`.execute(t.db)).rows[0]!.n)).toBe(1);
  expect(await records()).toBe(0);
  expect(await synchronous()).toBe(ownSynchronous);
});

it('SQLite: a server stopped mid-import leaves records that the next import undoes', async () => {
  if (t.dialect !== 'sqlite') return;
  const writer = (await withDirectWriter(t.db, CREATED, async (w) => w));
  await writer.open(newCatalogue('Direct stopped'), dropCatalogue);
  for (let i = 0; i < DIRECT_CHUNK_ROWS + 3; i += 1) await writer.add(item(i));
  // Stopped here: one step committed, its record left (as another server instance's).
  const id = (await catalogueNamed('Direct stopped'))!.id;
  expect(await rowsOf(id)).toHaveLength(DIRECT_CHUNK_ROWS);
  await sql`update import_moves set instance = 'stopped'`.execute(t.db);
  await sql.raw(`pragma synchronous = ${ownSynchronous}`).execute(t.db);
  const next = await withDirectWriter(t.db, CREATED, async (w) => {
    await w.open(newCatalogue('Direct next'), dropCatalogue);
    await w.add(item(1));
    await w.finish();
    return w.inserted;
  });
  expect(next).toEqual([1]);
  expect(await catalogueNamed('Direct stopped')).toBeUndefined();
  expect(Number((await sql<{ n: number }>`select count(*) as n from catalogue_items where catalogue_id = ${id}`.execute(t.db)).rows[0]!.n)).toBe(0);
  expect(await records()).toBe(0);
});
