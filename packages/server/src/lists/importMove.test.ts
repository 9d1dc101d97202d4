/**
 * The final move of an import on the real database: on SQLite in steps of MOVE_CHUNK_ROWS, with other requests
 * served between them; stopped between two steps (a cancel) or by a failing step, what it moved and the list it
 * created are gone; the same on PostgreSQL's one transaction.
 */
import { sql } from 'kysely';
import { seedMinimal } from '../demo/seedMinimal';
import { TEST_ARGON2 } from '../auth/password';
import { createTestDb, type TestDb } from '../testing/testDb';
import { moveStaged, MOVE_CHUNK_ROWS, type SheetMove } from './importMove';
import { logScan } from './inventoryEvents';
import type { ItemValues } from './items';
import { withStaging } from './stagedItems';
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

const synchronous = async () =>
  t.dialect === 'sqlite' ? Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db)).rows[0]!.synchronous) : null;
let ownSynchronous: number | null;
beforeAll(async () => {
  ownSynchronous = await synchronous();
});
const records = async () => Number((await sql<{ n: number }>`select count(*) as n from import_moves`.execute(t.db)).rows[0]!.n);
// The steps commit without waiting for the disk; the connection's own setting is back after every move, and
// no record of a move in progress is left.
afterEach(async () => {
  expect(await synchronous()).toBe(ownSynchronous);
  expect(await records()).toBe(0);
});

const ROWS = 2 * MOVE_CHUNK_ROWS + 10;
const item = (i: number): ItemValues => ({
  code: `K${i}`,
  objectId: null,
  field1: `Título ${i}`,
  field2: null,
  field3: null,
  field4: null,
  field5: null,
  field6: null,
});
const into = (parentId: number) => ({ table: 'catalogue_items' as const, parentColumn: 'catalogue_id' as const, parentId, storeId: store });
const count = async (id: number) =>
  Number(
    (
      await t.db
        .selectFrom('catalogue_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('catalogue_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const catalogueNamed = (name: string) => t.db.selectFrom('catalogues').select('id').where('name', '=', name).executeTakeFirst();

/** Stages ROWS items (twice the first one) into group 0 and moves them with `moves`, checking with `check`. */
const stageAndMove = (moves: SheetMove[], check: () => void) =>
  withStaging(
    t.db,
    async (staged) => {
      await staged.add(0, item(0));
      for (let i = 0; i < ROWS; i += 1) await staged.add(0, item(i));
    },
    (conn, staged) => moveStaged(conn, staged, moves, '2026-11-23T00:00:00.000Z', check),
  );

/** A move into a new catalogue `name`, created by the move, removed by its undo. */
const newCatalogue = (name: string): SheetMove => ({
  group: 0,
  target: async (trx) =>
    into(
      (
        await trx
          .insertInto('catalogues')
          .values({ store_id: store, name, sync_url: null, auto_sync: 0, last_sync: null, created_at: 'now' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),
  undo: async (trx, target) => {
    await trx.deleteFrom('catalogues').where('id', '=', target.parentId).execute();
  },
});

it('moves every row (the repeated pair once) into the list; another request gets the connection between the steps on SQLite', async () => {
  const id = await addCatalogue(t.db, store, 'Move whole', [{ code: 'K1' }]);
  let checks = 0;
  let servedDuring = 0;
  const during: Array<number | null> = [];
  const result = await stageAndMove([{ group: 0, target: async () => into(id) }], () => {
    checks += 1;
    if (checks === 1) void synchronous().then((v) => during.push(v));
    // A small read issued now answers before the move's next step (SQLite) or alongside it (PostgreSQL).
    if (checks === 2)
      void t.db
        .selectFrom('stores')
        .select('id')
        .execute()
        .then(() => {
          servedDuring = checks;
        });
  });
  expect(result).toEqual([ROWS - 1]);
  expect(await count(id)).toBe(ROWS);
  if (t.dialect === 'sqlite') {
    expect(checks).toBeGreaterThanOrEqual(3);
    expect(servedDuring).toBeGreaterThan(0);
    expect(servedDuring).toBeLessThan(checks);
    if (ownSynchronous! > 1) expect(during).toEqual([1]);
  }
});

it('a cancel between two steps leaves nothing: the moved rows and the catalogue the import created are gone', async () => {
  let checks = 0;
  const stop = () => {
    checks += 1;
    if (checks === 3) throw new Error('cancelled');
  };
  const outcome = await stageAndMove([newCatalogue('Move cancelled')], stop).then(
    () => 'done',
    (e: Error) => e.message,
  );
  expect(outcome).toBe(t.dialect === 'sqlite' ? 'cancelled' : 'done');
  if (t.dialect === 'sqlite') expect(await catalogueNamed('Move cancelled')).toBeUndefined();
});

it('a step that fails (the second list) undoes the first list: nothing imported, other items kept', async () => {
  const id = await addCatalogue(t.db, store, 'Move kept', [{ code: 'OLD' }]);
  const outcome = await stageAndMove(
    [
      { group: 0, target: async () => into(id) },
      {
        group: 0,
        target: async () => {
          throw new Error('the second sheet fails');
        },
      },
    ],
    () => undefined,
  ).then(
    () => 'done',
    (e: Error) => e.message,
  );
  expect(outcome).toBe('the second sheet fails');
  expect(await count(id)).toBe(1);
  expect(await t.db.selectFrom('catalogue_items').select('code').where('catalogue_id', '=', id).execute()).toEqual([{ code: 'OLD' }]);
});

(process.env.TEST_DATABASE_URL ? it.skip : it)(
  'a move a stopped server left half done (its record) is undone by the next move: its rows and the catalogue it created',
  async () => {
    const kept = await addCatalogue(t.db, store, 'Half kept', [{ code: 'OLD' }]);
    const created = await addCatalogue(t.db, store, 'Half created', [{ code: 'N1' }, { code: 'N2' }]);
    const half = await t.db
      .insertInto('catalogue_items')
      .values([1, 2, 3].map((i) => ({ store_id: store, catalogue_id: kept, code: `H${i}`, search_text: `h${i}`, created_at: 'then' })))
      .returning('id')
      .execute();
    const ids = half.map((r) => r.id);
    const run = JSON.stringify([[Math.min(...ids), Math.max(...ids)]]);
    const createdIds = (await t.db.selectFrom('catalogue_items').select('id').where('catalogue_id', '=', created).execute()).map((r) => r.id);
    await sql`insert into import_moves (instance, items_table, created_table, parent_id, id_runs, started_at) values
    ('a stopped server', 'catalogue_items', null, ${kept}, ${run}, 'then'),
    ('a stopped server', 'catalogue_items', 'catalogues', ${created}, ${JSON.stringify([[Math.min(...createdIds), Math.max(...createdIds)]])}, 'then')`.execute(
      t.db,
    );
    const id = await addCatalogue(t.db, store, 'After restart');
    expect(await stageAndMove([{ group: 0, target: async () => into(id) }], () => undefined)).toEqual([ROWS]);
    expect(await t.db.selectFrom('catalogue_items').select('code').where('catalogue_id', '=', kept).execute()).toEqual([{ code: 'OLD' }]);
    expect(await catalogueNamed('Half created')).toBeUndefined();
    expect(await count(created)).toBe(0);
  },
);

it('a move into an inventory section writes an item event per scan; cancelled between two steps, scans and events are gone', async () => {
  const section = async (comment: string) =>
    (
      await t.db
        .insertInto('inventories')
        .values({ store_id: store, group_id: null, comment, date: '2026-11-20 10:30:00', created_at: 'now' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const scansOf = (id: number): SheetMove => ({
    group: 0,
    target: async () => ({
      table: 'inventory_items',
      parentColumn: 'inventory_id',
      parentId: id,
      storeId: store,
      extra: { group_id: null, date: '2026-11-20 10:30:00' },
    }),
  });
  const counts = async (id: number) =>
    Promise.all(
      ['inventory_items', 'item_events'].map(async (table) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where inventory_id = ${id}`.execute(t.db)).rows[0]!.n),
      ),
    );
  const whole = await section('Whole');
  expect(await stageAndMove([scansOf(whole)], () => undefined)).toEqual([ROWS]);
  expect(await counts(whole)).toEqual([ROWS, ROWS]);
  const cancelled = await section('Cancelled');
  let checks = 0;
  const outcome = await stageAndMove([scansOf(cancelled)], () => {
    checks += 1;
    if (checks === 3) throw new Error('cancelled');
  }).then(
    () => 'done',
    (e: Error) => e.message,
  );
  expect(outcome).toBe(t.dialect === 'sqlite' ? 'cancelled' : 'done');
  expect(await counts(cancelled)).toEqual(t.dialect === 'sqlite' ? [0, 0] : [ROWS, ROWS]);
});

(process.env.TEST_DATABASE_URL ? it.skip : it)(
  'a move into a section a stopped server left half done is undone with the item events of its scans',
  async () => {
    const { id: section } = await t.db
      .insertInto('inventories')
      .values({ store_id: store, group_id: null, comment: 'Half scanned', date: '2026-11-20 10:30:00', created_at: 'now' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scan = (code: string) => ({
      store_id: store,
      inventory_id: section,
      group_id: null,
      date: '2026-11-20 10:30:00',
      code,
      search_text: code.toLowerCase(),
      created_at: 'then',
    });
    const kept = (await t.db.insertInto('inventory_items').values(scan('KEPT')).returning('id').executeTakeFirstOrThrow()).id;
    const half = (
      await t.db
        .insertInto('inventory_items')
        .values([scan('H1'), scan('H2')])
        .returning('id')
        .execute()
    ).map((r) => r.id);
    for (const id of [kept, ...half]) await logScan(t.db, section, id);
    await sql`insert into import_moves (instance, items_table, created_table, parent_id, id_runs, started_at)
    values ('a stopped server', 'inventory_items', null, ${section}, ${JSON.stringify([[Math.min(...half), Math.max(...half)]])}, 'then')`.execute(t.db);
    const after = await addCatalogue(t.db, store, 'After the stop');
    expect(await stageAndMove([{ group: 0, target: async () => into(after) }], () => undefined)).toEqual([ROWS]);
    const codes = async (table: 'inventory_items' | 'item_events') =>
      (await t.db.selectFrom(table).select('code').where('inventory_id', '=', section).execute()).map((r) => r.code);
    expect(await codes('inventory_items')).toEqual(['KEPT']);
    expect(await codes('item_events')).toEqual(['KEPT']);
  },
);
