/** Staged item writes on the real database: first row of each pair, pairs already there counted, nothing left on failure. */
import { sql, type KyselyPlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { seedMinimal } from '../demo/seedMinimal';
import { TEST_ARGON2 } from '../auth/password';
import { createTestDb, type TestDb } from '../testing/testDb';
import type { ItemValues } from './items';
import { INSERT_BATCH as STAGE_BATCH } from './itemWrites';
import { StagedItems, withStagedItems } from './stagedItems';
import { addCatalogue } from './testing/helpers';

jest.setTimeout(60_000);

let t: TestDb;
let store: number;
beforeAll(async () => {
  t = await createTestDb();
  await seedMinimal(t.db, TEST_ARGON2);
  store = (await t.db.selectFrom('stores').select('id').where('code', '=', 'BIB-001').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.destroy());

const item = (code: string | null, objectId: string | null, field1: string | null = null): ItemValues => ({
  code,
  objectId,
  field1,
  field2: null,
  field3: null,
  field4: null,
  field5: null,
  field6: null,
});
const target = (parentId: number) => ({ table: 'catalogue_items' as const, parentColumn: 'catalogue_id' as const, parentId, storeId: store });
const rows = (id: number) => t.db.selectFrom('catalogue_items').select(['code', 'object_id', 'field1']).where('catalogue_id', '=', id).orderBy('id').execute();
const stagedTables = async () => {
  const query =
    t.dialect === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_temp_master where name like 'staged_items_%'`
      : sql<{ n: number }>`select count(*) as n from pg_class where relname like 'staged_items_%'`;
  return Number((await query.execute(t.db)).rows[0]!.n);
};

it('moves the first row of each new pair in file order; pairs in the list, also ones added while staging, are counted only', async () => {
  const id = await addCatalogue(t.db, store, 'Staged 1', [
    { code: 'A', objectId: 'E1', field1: 'was there' },
    { code: null, objectId: 'E9' },
  ]);
  const result = await withStagedItems(
    t.db,
    async (staged) => {
      for (const v of [
        item('A', 'E1'),
        item('B', null, 'first'),
        item('B', null, 'second'),
        item(null, 'E9'),
        item(null, 'E8'),
        item('A', 'E2'),
        item('C', 'E3'),
      ]) {
        await staged.add(0, v);
      }
      // Another user adds C/E3 between the staging steps and the final move.
      await t.db
        .insertInto('catalogue_items')
        .values({ store_id: store, catalogue_id: id, code: 'C', object_id: 'E3', search_text: 'c', created_at: '2026-01-01' })
        .execute();
    },
    async (trx, staged) => staged.moveInto(trx, 0, target(id), '2026-01-02T00:00:00.000Z'),
  );
  expect(result).toBe(3);
  expect(await rows(id)).toEqual([
    { code: 'A', object_id: 'E1', field1: 'was there' },
    { code: null, object_id: 'E9', field1: null },
    { code: 'C', object_id: 'E3', field1: null },
    { code: 'B', object_id: null, field1: 'first' },
    { code: null, object_id: 'E8', field1: null },
    { code: 'A', object_id: 'E2', field1: null },
  ]);
  expect(await stagedTables()).toBe(0);
});
it('carries every value exactly: quotes, backslashes, braces, commas, the word NULL, non-Latin text and empty fields', async () => {
  const id = await addCatalogue(t.db, store, 'Staged values');
  const values: ItemValues = {
    code: 'Q"1\\',
    objectId: '{E,1}',
    field1: 'NULL',
    field2: '"quoted", {braced} \\ back\\\\slash',
    field3: 'لكتاب — 書籍 ✓ tab\there\nnew line',
    field4: null,
    field5: ' ',
    field6: 'null',
  };
  const inserted = await withStagedItems(
    t.db,
    async (staged) => {
      await staged.add(0, values);
    },
    async (trx, staged) => staged.moveInto(trx, 0, target(id), 'now'),
  );
  expect(inserted).toBe(1);
  expect(
    await t.db
      .selectFrom('catalogue_items')
      .select(['code', 'object_id', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'])
      .where('catalogue_id', '=', id)
      .executeTakeFirstOrThrow(),
  ).toEqual({
    code: values.code,
    object_id: values.objectId,
    field1: 'NULL',
    field2: values.field2,
    field3: values.field3,
    field4: null,
    field5: ' ',
    field6: 'null',
  });
});

it('a failure after thousands of staged rows, or in the final transaction, leaves nothing in the list and no staging table', async () => {
  const id = await addCatalogue(t.db, store, 'Staged 2');
  const many = Array.from({ length: 5000 }, (_, i) => item(`K${i}`, null));
  await expect(
    withStagedItems(
      t.db,
      async (staged) => {
        for (const v of many) await staged.add(0, v);
        throw new Error('the last batch fails');
      },
      async (trx, staged) => staged.moveInto(trx, 0, target(id), 'now'),
    ),
  ).rejects.toThrow('the last batch fails');
  await expect(
    withStagedItems(
      t.db,
      async (staged) => {
        for (const v of many) await staged.add(0, v);
      },
      async (trx, staged) => {
        await staged.moveInto(trx, 0, target(id), 'now');
        throw new Error('the commit step fails');
      },
    ),
  ).rejects.toThrow('the commit step fails');
  expect(await rows(id)).toEqual([]);
  expect(await stagedTables()).toBe(0);
});

it('rows across staging batches: the first row of a pair wins across batch boundaries, and a failure in the second batch leaves nothing', async () => {
  const id = await addCatalogue(t.db, store, 'Staged 3');
  // STAGE_BATCH + 1 rows: the last one repeats the first pair (in another batch), with other values.
  const first = Array.from({ length: STAGE_BATCH }, (_, i) => item(`B${i}`, `O${i}`, `title ${i}`));
  const result = await withStagedItems(
    t.db,
    async (staged) => {
      for (const v of [...first, item('B0', 'O0', 'later copy'), item(null, 'only-object', 'ñandú "quoted", text\nwith a line break')]) await staged.add(0, v);
    },
    async (trx, staged) => staged.moveInto(trx, 0, target(id), 'now'),
  );
  expect(result).toBe(STAGE_BATCH + 1);
  const stored = await rows(id);
  expect(stored).toHaveLength(STAGE_BATCH + 1);
  expect(stored[0]).toEqual({ code: 'B0', object_id: 'O0', field1: 'title 0' });
  expect(stored[STAGE_BATCH]).toEqual({ code: null, object_id: 'only-object', field1: 'ñandú "quoted", text\nwith a line break' });

  const empty = await addCatalogue(t.db, store, 'Staged 4');
  const failing = withStagedItems(
    t.db,
    async (staged) => {
      for (const v of first) await staged.add(0, v); // the first batch is written …
      await staged.add(0, item('X1', null));
      throw new Error('the second batch fails'); // … and the second one fails
    },
    async (trx, staged) => staged.moveInto(trx, 0, target(empty), 'now'),
  );
  await expect(failing).rejects.toThrow('the second batch fails');
  expect(await rows(empty)).toEqual([]);
  expect(await stagedTables()).toBe(0);
});

it("a batch staged while another request's transaction is open is written after it ends (SQLite: never inside it, so its rollback keeps the batch)", async () => {
  let started!: () => void;
  const open = new Promise<void>((resolve) => {
    started = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const staged = await withStagedItems(
    t.db,
    async (s) => {
      const other = t.db
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('stores').select('id').execute();
          started();
          await held;
          throw new Error('rolled back');
        })
        .catch((e: Error) => e.message);
      await open;
      const adding = (async () => {
        for (let i = 0; i < STAGE_BATCH; i += 1) await s.add(0, item(`W${i}`, null));
      })();
      await new Promise<void>((resolve) => {
        setImmediate(resolve);
      });
      release();
      await adding;
      expect(await other).toBe('rolled back');
    },
    async (_trx, s) => s.range(0),
  );
  expect(staged.last - staged.first + 1).toBe(STAGE_BATCH);
});

/** Holds the answer of every staging insert until opened (or fails it): what the database answers when. */
function gate() {
  let open: (() => void) | null = null;
  let fail: ((e: Error) => void) | null = null;
  let opened = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  opened.catch(() => undefined);
  let inserts = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      inserts += 1;
      await opened;
      return args.result;
    },
  };
  return {
    plugin,
    inserts: () => inserts,
    open: () => open!(),
    fail: (e: Error) => fail!(e),
    reset: () => {
      opened = new Promise<void>((resolve, reject) => {
        open = resolve;
        fail = reject;
      });
      opened.catch(() => undefined);
    },
  };
}

const settledWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => 'settled',
      () => 'failed',
    ),
    new Promise((r) => {
      setTimeout(() => r('waiting'), ms);
    }),
  ]);

it('PostgreSQL: a staging batch is built while the one before it is inserted (one statement in flight), and its error is not lost; SQLite writes each batch before the next', async () => {
  await t.db.connection().execute(async (conn) => {
    const table = `staged_items_gate${Date.now()}`;
    await sql`create temporary table ${sql.table(table)} (seq integer primary key, grp integer not null, code text, object_id text, field1 text, field2 text, field3 text, field4 text, field5 text, field6 text, search_text text not null)`.execute(
      conn,
    );
    const g = gate();
    try {
      const staged = new StagedItems(conn.withPlugin(g.plugin), table);
      let completed: Promise<void> | undefined;
      for (let i = 0; i < STAGE_BATCH; i += 1) completed = staged.add(0, item(`G${i}`, null)) ?? completed;
      // The first batch's statement is sent and its answer held: PostgreSQL goes on building the next batch.
      expect(await settledWithin(completed!, 300)).toBe(t.dialect === 'postgres' ? 'settled' : 'waiting');
      g.open();
      await completed;
      await staged.flush();
      expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(conn)).rows[0]!.n)).toBe(STAGE_BATCH);
      if (t.dialect !== 'postgres') return;
      // A batch whose statement fails: the next batch (or the final flush) reports it.
      g.reset();
      for (let i = 0; i < STAGE_BATCH; i += 1) completed = staged.add(0, item(`H${i}`, null)) ?? completed;
      expect(await settledWithin(completed!, 300)).toBe('settled');
      g.fail(new Error('the insert failed'));
      await expect(staged.flush()).rejects.toThrow('the insert failed');
    } finally {
      g.open();
      await sql`drop table if exists ${sql.table(table)}`.execute(conn);
    }
  });
});
