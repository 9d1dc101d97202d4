/**
 * The final move of an import's staged rows (./stagedItems) into its lists, every row or none.
 * PostgreSQL: one transaction (other requests go on meanwhile on their own connections).
 * SQLite: one connection serves every request, and one transaction moving 100,000 rows held all of them for
 * seconds; the rows go MOVE_CHUNK_ROWS per transaction with a turn of the event loop between, so others get
 * the connection between two steps. Readers may see a list fill during those steps. An import stopped
 * meanwhile (cancelled between two steps, or a failed statement) deletes the rows it moved and the lists it
 * created before it answers: nothing imported. A server stopped mid-move leaves a record (./importMoveRecord)
 * that the next move undoes. The steps' commits copy nothing into the database file (no WAL checkpoint on the
 * main thread): one checkpoint on a worker follows the move (./importCheckpoint).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { nextTurn } from './files/sheets';
import type { ItemTarget } from './itemWrites';
import { holdCheckpoints } from './importCheckpoint';
import { unlogScans } from './inventoryEvents';
import { forgetMoves, recordMove, recordRuns, undoAbandonedMoves, type IdRuns } from './importMoveRecord';
import type { StagedItems } from './stagedItems';

/** Rows per move transaction on SQLite: short transactions, so other writers wait little between them. */
export const MOVE_CHUNK_ROWS = 5000;

export interface SheetMove {
  /** The staged group (sheet index). */
  group: number;
  /** The list the group goes into (created in this transaction when the import makes one). */
  target(trx: Transaction<Database>): Promise<ItemTarget>;
  /** Removes a list `target` created (its moved rows are deleted first). */
  undo?(trx: Transaction<Database>, target: ItemTarget): Promise<void>;
}

interface Moved {
  move: SheetMove;
  target: ItemTarget;
  /** Ids inserted, as [first, last] runs. */
  runs: IdRuns;
  /** Its import_moves record (./importMoveRecord). */
  record: number;
}

/** `runs` with `ids` added (a new array: a step that rolls back leaves the move's runs as they were). */
function withRuns(runs: IdRuns, ids: readonly number[]): IdRuns {
  const out = runs.map(([a, b]): [number, number] => [a, b]);
  for (const id of ids) {
    const last = out[out.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else out.push([id, id]);
  }
  return out;
}

/** Moves every group into its list; returns how many rows were inserted in all (pairs already there are not). */
export async function moveStaged(
  conn: Kysely<Database>,
  staged: StagedItems,
  moves: readonly SheetMove[],
  createdAt: string,
  check: () => void,
): Promise<number[]> {
  if (dialectOf(conn) === 'postgres') {
    return conn.transaction().execute(async (trx) => {
      const inserted: number[] = [];
      for (const m of moves) inserted.push(await staged.moveInto(trx, m.group, await m.target(trx), createdAt));
      return inserted;
    });
  }
  // The steps only append to the WAL; one checkpoint on a worker follows the move (./importCheckpoint).
  return holdCheckpoints(conn, () => moveInSteps(conn, staged, moves, createdAt, check));
}

async function moveInSteps(conn: Kysely<Database>, staged: StagedItems, moves: readonly SheetMove[], createdAt: string, check: () => void): Promise<number[]> {
  await undoAbandonedMoves(conn);
  const ranges: Array<{ first: number; last: number }> = [];
  for (const move of moves) ranges.push(await staged.range(move.group));
  const steps = ranges.reduce((n, { first, last }) => n + Math.max(1, Math.ceil((last - first + 1) / MOVE_CHUNK_ROWS)), 0);
  const moved: Moved[] = [];
  const durable = await deferDurability(conn);
  try {
    const inserted: number[] = [];
    let step = 0;
    for (const [i, move] of moves.entries()) {
      const { first, last } = ranges[i]!;
      const entry: Moved = await conn.transaction().execute(async (trx) => {
        const target = await move.target(trx);
        return { move, target, runs: [], record: await recordMove(trx, target, move.undo !== undefined, createdAt) };
      });
      moved.push(entry);
      let count = 0;
      for (let after = first - 1; after < last || after === first - 1; after += MOVE_CHUNK_ROWS) {
        check();
        step += 1;
        // The last step's commit makes every step before it durable too (one WAL, written in order).
        if (step === steps) await durable.restore();
        const final = step === steps;
        const { ids, runs } = await conn.transaction().execute(async (trx) => {
          const ids = await staged.moveRange(trx, move.group, entry.target, createdAt, after, after + MOVE_CHUNK_ROWS);
          const runs = withRuns(entry.runs, ids);
          // The record follows each step; the last step's commit forgets the records of every list at once.
          if (final)
            await forgetMoves(
              trx,
              moved.map((m) => m.record),
            );
          else await recordRuns(trx, entry.record, runs);
          return { ids, runs };
        });
        entry.runs = runs;
        count += ids.length;
        await nextTurn();
      }
      inserted.push(count);
    }
    return inserted;
  } catch (e) {
    await durable.restore();
    await undoMoves(conn, moved);
    throw e;
  } finally {
    await durable.restore();
  }
}

/**
 * With synchronous=FULL every commit waits for the disk (fsync of the WAL): 40 steps waited 10+ s on a busy
 * disk. The steps commit with synchronous=NORMAL (no wait; a power cut may lose them, never corrupt the file)
 * and the last one with the connection's own setting, which makes the whole move durable at once. Requests
 * committing between the steps are made durable by that last commit too.
 */
async function deferDurability(conn: Kysely<Database>): Promise<{ restore(): Promise<void> }> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(conn);
  const own = Number(rows[0]?.synchronous ?? 1);
  if (own <= 1) return { restore: async () => undefined };
  await sql.raw('pragma synchronous = normal').execute(conn);
  let restored = false;
  return {
    async restore() {
      if (restored) return;
      restored = true;
      await sql.raw(`pragma synchronous = ${own}`).execute(conn);
    },
  };
}

/** Deletes what the moves inserted (a run per step, scans with their item events) and the lists they created, newest first. */
async function undoMoves(conn: Kysely<Database>, moved: Moved[]): Promise<void> {
  for (const { move, target, runs, record } of moved.reverse()) {
    for (const [from, to] of runs) {
      await conn.transaction().execute(async (trx) => {
        if (target.table === 'inventory_items') await unlogScans(trx, target.parentId, from, to);
        await trx.deleteFrom(target.table).where('id', '>=', from).where('id', '<=', to).execute();
      });
      await nextTurn();
    }
    await conn.transaction().execute(async (trx) => {
      if (move.undo) await move.undo(trx, target);
      await forgetMoves(trx, [record]);
    });
  }
}
