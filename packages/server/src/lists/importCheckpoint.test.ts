/**
 * The WAL checkpoints of an import's move on SQLite, on the real database file: the steps only append to the
 * WAL (no checkpoint on the main thread), one checkpoint on a worker's own connection follows the move (also
 * one that failed), the connection's automatic checkpoint comes back after it, and the next write starts the
 * WAL over. PostgreSQL: the move as it was.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { seedMinimal } from '../demo/seedMinimal';
import { TEST_ARGON2 } from '../auth/password';
import { createTestApp } from '../testing/testApp';
import { createTestDb, type TestDb } from '../testing/testDb';
import { checkpointRuns, checkpointsSettled } from './importCheckpoint';
import { moveStaged, MOVE_CHUNK_ROWS, type SheetMove } from './importMove';
import type { ItemValues } from './items';
import { openSqliteReader, sqliteFile } from './sqlite';
import { withStaging } from './stagedItems';
import { addCatalogue, uploadAs } from './testing/helpers';

jest.setTimeout(120_000);

let t: TestDb;
let store: number;
beforeAll(async () => {
  t = await createTestDb();
  await seedMinimal(t.db, TEST_ARGON2);
  store = (await t.db.selectFrom('stores').select('id').where('code', '=', 'BIB-001').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.destroy());

const sqlite = () => t.dialect === 'sqlite';
const autocheckpoint = async () => Number((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.db)).rows[0]!.wal_autocheckpoint);
const walBytes = () => {
  try {
    return fs.statSync(`${sqliteFile(t.db)}-wal`).size;
  } catch {
    return 0;
  }
};

// Six steps of about 2 MB of WAL each: with the automatic checkpoint (1,000 pages) the WAL starts over meanwhile.
const ROWS = 6 * MOVE_CHUNK_ROWS;
const item = (i: number): ItemValues => ({
  code: `C${i}`,
  objectId: `E${String(i).padStart(24, '0')}`,
  field1: `Título número ${i}, edición ${i % 7}`,
  field2: `García ${i % 1000}`,
  field3: String(1950 + (i % 70)),
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

const stageAndMove = (moves: SheetMove[], check: () => void) =>
  withStaging(
    t.db,
    async (staged) => {
      for (let i = 0; i < ROWS; i += 1) await staged.add(0, item(i));
    },
    (conn, staged) => moveStaged(conn, staged, moves, '2026-11-23T00:00:00.000Z', check),
  );

it('the steps only append to the WAL; one checkpoint on a worker follows the move, then the automatic one is back and the WAL starts over', async () => {
  const own = sqlite() ? await autocheckpoint() : null;
  const id = await addCatalogue(t.db, store, 'Checkpoint whole');
  const started = checkpointRuns.started;
  const complete = checkpointRuns.complete;
  const sizes: number[] = [];
  const during: number[] = [];
  let checks = 0;
  const result = await stageAndMove([{ group: 0, target: async () => into(id) }], () => {
    checks += 1;
    sizes.push(walBytes());
    if (checks === 2 && sqlite()) void autocheckpoint().then((v) => during.push(v));
  });
  expect(result).toEqual([ROWS]);
  expect(await count(id)).toBe(ROWS);
  if (!sqlite()) return;
  // Every step appended to the WAL (a checkpoint in a step's commit would have started it over: no growth).
  expect(checks).toBeGreaterThanOrEqual(6);
  for (let i = 2; i < sizes.length; i += 1) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]!);
  expect(during).toEqual([0]);
  await checkpointsSettled(t.db);
  expect(checkpointRuns.started).toBe(started + 1);
  expect(checkpointRuns.complete).toBe(complete + 1);
  expect(await autocheckpoint()).toBe(own);
  // The worker copied the whole WAL: the next write starts it over (a few frames, not the move's thousands).
  await addCatalogue(t.db, store, 'After the checkpoint', [{ code: 'X1' }]);
  const { rows } = await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(passive)`.execute(t.db);
  expect(rows[0]!.log).toBeLessThan(100);
  expect(await count(id)).toBe(ROWS);
});

it('a move that fails is undone and checkpointed the same way', async () => {
  const own = sqlite() ? await autocheckpoint() : null;
  const started = checkpointRuns.started;
  const outcome = await stageAndMove(
    [
      {
        group: 0,
        target: async () => {
          throw new Error('the sheet fails');
        },
      },
    ],
    () => undefined,
  ).then(
    () => 'done',
    (e: Error) => e.message,
  );
  expect(outcome).toBe('the sheet fails');
  if (!sqlite()) return;
  await checkpointsSettled(t.db);
  expect(checkpointRuns.started).toBe(started + 1);
  expect(await autocheckpoint()).toBe(own);
});

it('moves running at once share one hold: the automatic checkpoint is back only after the last one and its checkpoint', async () => {
  const own = sqlite() ? await autocheckpoint() : null;
  const a = await addCatalogue(t.db, store, 'At once A');
  const b = await addCatalogue(t.db, store, 'At once B');
  const seen: number[] = [];
  const both = await Promise.all([
    stageAndMove([{ group: 0, target: async () => into(a) }], () => undefined),
    stageAndMove([{ group: 0, target: async () => into(b) }], () => {
      if (sqlite()) void autocheckpoint().then((v) => seen.push(v));
    }),
  ]);
  expect(both).toEqual([[ROWS], [ROWS]]);
  expect(await count(a)).toBe(ROWS);
  expect(await count(b)).toBe(ROWS);
  if (!sqlite()) return;
  expect(seen.length).toBeGreaterThan(0);
  expect(new Set(seen)).toEqual(new Set([0]));
  await checkpointsSettled(t.db);
  expect(await autocheckpoint()).toBe(own);
});

it('a reader holding an older snapshot: the worker tries again until it has ended, then copies the whole WAL', async () => {
  const id = await addCatalogue(t.db, store, 'Checkpoint after a reader');
  const reader = openSqliteReader(t.db);
  if (!reader) {
    expect(await stageAndMove([{ group: 0, target: async () => into(id) }], () => undefined)).toEqual([ROWS]);
    return;
  }
  const complete = checkpointRuns.complete;
  try {
    // A read transaction started before the move (as a Compare count or an export's reader may be).
    reader.exec('begin');
    expect(reader.prepare('select count(*) as n from catalogue_items where catalogue_id = ?').get(id)).toEqual({ n: 0 });
    expect(await stageAndMove([{ group: 0, target: async () => into(id) }], () => undefined)).toEqual([ROWS]);
    let settled = false;
    void checkpointsSettled(t.db).then(() => {
      settled = true;
    });
    await new Promise((resolve) => {
      setTimeout(resolve, 400);
    });
    expect(settled).toBe(false);
    expect(checkpointRuns.complete).toBe(complete);
  } finally {
    reader.exec('commit');
    reader.close();
  }
  await checkpointsSettled(t.db);
  expect(checkpointRuns.complete).toBe(complete + 1);
  expect(await count(id)).toBe(ROWS);
});

it('closing the app waits for the checkpoint an import started, so the database can be removed at once', async () => {
  const app = await createTestApp();
  try {
    const storeId = await app.storeId('BIB-001');
    const file = await uploadAs(app, 'librarian', 'items.csv', `code\n${Array.from({ length: 50 }, (_, i) => `K${i}`).join('\n')}\n`);
    const catalogue = (await app.call('POST', `/api/stores/${storeId}/catalogues`, { user: 'librarian', body: { name: 'Closed after' } })).json().tid;
    const started = checkpointRuns.started;
    const res = await app.call('POST', `/api/stores/${storeId}/catalogues/${catalogue}/import`, {
      user: 'librarian',
      body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] },
    });
    expect(res.json()).toMatchObject({ numItemsInserted: 50 });
    await app.app.close();
    if (app.dialect === 'sqlite') expect(checkpointRuns.started).toBe(started + 1);
    expect(checkpointRuns.complete + checkpointRuns.failed).toBe(checkpointRuns.started);
  } finally {
    await app.close();
  }
});
