/**
 * An import's rows written into their lists while the file is read (issue 19), every row or none.
 * - SQLite: straight into the lists (no staging table: each row is written once), DIRECT_CHUNK_ROWS per
 *   transaction, since one connection serves every request (others get it between two steps and every
 *   TURN_ROWS rows read). Each step records what it inserted (./importMoveRecord, migration 0020) and commits
 *   with synchronous=NORMAL; `finish` forgets the records in the last step with the connection's own
 *   durability. A refused row, a cancel or a failure deletes what was inserted and the lists created (`undo`);
 *   a server stopped meanwhile leaves records that the next import undoes. Readers may see a list fill while
 *   the file is read (and empty again when the import is refused).
 * - PostgreSQL: staged on the import's own connection (./stagedItems) and moved by `finish` in one
 *   transaction that also creates the lists: written straight in one transaction, the library's version row
 *   the delta triggers raise stayed locked for the whole read, and every other write of the library waited.
 * Each code/objectId pair is inserted once, its first row in file order: later rows of the pair, and pairs the
 * list holds already, are skipped by the pair's unique index (migration 0013), counted but not inserted.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { nextTurn } from './files/sheets';
import { itemRow, type ItemValues } from './items';
import type { ItemTarget } from './itemWrites';
import { STAGE_TURN_ROWS, withStaging, type StagedItems } from './stagedItems';
import { deferDurability, MOVE_CHUNK_ROWS, undoMoves, withRuns, type Moved } from './importMove';
import { forgetMoves, recordMove, recordRuns, undoAbandonedMoves } from './importMoveRecord';
import { startItemsMoving, type MovedList } from './itemsMoved';

/** Rows per SQLite transaction (as the staged move's steps: about 0.1 s each on an idle machine). */
export const DIRECT_CHUNK_ROWS = MOVE_CHUNK_ROWS;
/** SQLite: rows read between two turns of the event loop (as the staging of ./stagedItems). */
const TURN_ROWS = STAGE_TURN_ROWS;

const COLUMNS = ['code', 'object_id', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6', 'search_text'] as const;

interface Sheet extends Moved {
  inserted: number;
}

/**
 * SQLite's insert statement into `target` of rows given as one JSON array of [code, object_id, field1…6, search_text]
 * (parameters: store, parent, created_at, the extra columns' values, then the rows): one short statement text
 * per list, prepared fast, instead of thousands of bound values (their statement text cost SQLite ~5 ms to
 * prepare per 500 rows). The rows go in array order: the first of a pair is the one inserted.
 */
function insertText(target: ItemTarget): string {
  const extra = Object.keys(target.extra ?? {});
  const columns = ['store_id', target.parentColumn, ...COLUMNS, 'created_at', ...extra].map((c) => `"${c}"`).join(', ');
  const values = ['?', '?', ...COLUMNS.map((_, i) => `e.value->>${i}`), '?', ...extra.map(() => '?')].join(', ');
  return `insert into "${target.table}" (${columns}) select ${values} from json_each(?) e order by e.key on conflict do nothing returning id`;
}

export class DirectWriter {
  private readonly postgres: boolean;
  /** PostgreSQL: the sheets' lists, made by `finish`. */
  private readonly planned: Array<(trx: Transaction<Database>) => Promise<ItemTarget>> = [];
  private readonly movedInto: number[] = [];
  private readonly sheets: Sheet[] = [];
  private pending: ItemValues[] = [];
  private readonly texts = new Map<string, string>();
  private durable: { restore(): Promise<void> } | null = null;
  private started = false;

  constructor(private readonly conn: Kysely<Database>, private readonly createdAt: string, private readonly staged?: StagedItems) {
    this.postgres = dialectOf(conn) === 'postgres';
  }

  /** The lists written to (for lists/itemsMoved; PostgreSQL's staged move tells them itself). */
  get lists(): MovedList[] {
    return this.sheets.map(({ target }) => ({ storeId: target.storeId, table: target.table, parentId: target.parentId }));
  }

  /** Rows inserted into each list, in the order they were opened. */
  get inserted(): number[] {
    return this.postgres ? this.movedInto : this.sheets.map((s) => s.inserted);
  }

  /** Starts the next sheet's list (created here when the import makes one); rows added from now on go into it. */
  async open(target: (trx: Transaction<Database>) => Promise<ItemTarget>, undo?: (trx: Transaction<Database>, target: ItemTarget) => Promise<void>): Promise<void> {
    if (this.postgres) {
      this.planned.push(target);
      return;
    }
    await this.write();
    if (!this.started) {
      this.started = true;
      await undoAbandonedMoves(this.conn);
      this.durable = await deferDurability(this.conn);
    }
    const move = { group: this.sheets.length, target, ...(undo ? { undo } : {}) };
    this.sheets.push(await this.conn.transaction().execute(async (trx) => {
      const made = await target(trx);
      return { move, target: made, runs: [], record: await recordMove(trx, made, undo !== undefined, this.createdAt), inserted: 0 };
    }));
  }

  async add(item: ItemValues): Promise<void> {
    if (this.postgres) {
      await this.staged!.add(this.planned.length - 1, item);
      return;
    }
    this.pending.push(item);
    if (this.pending.length >= DIRECT_CHUNK_ROWS) await this.write();
    // Other requests get the connection while the rows are read, as between two steps.
    else if (this.pending.length % TURN_ROWS === 0) await nextTurn();
  }

  /** Writes the last rows; on SQLite the last step also forgets the records and makes every step durable. */
  async finish(): Promise<void> {
    if (this.postgres) {
      const staged = this.staged!;
      await staged.flush();
      await this.conn.transaction().execute(async (trx) => {
        for (const [group, target] of this.planned.entries()) this.movedInto.push(await staged.moveInto(trx, group, await target(trx), this.createdAt));
      });
      return;
    }
    if (!this.started) return;
    await this.durable!.restore();
    await this.write(true);
  }

  /** SQLite: deletes what was inserted and the lists created (PostgreSQL wrote nothing outside `finish`'s transaction). */
  async undo(): Promise<void> {
    if (this.postgres || !this.started) return;
    await this.durable!.restore();
    await undoMoves(this.conn, this.sheets);
  }

  private statement(target: ItemTarget): string {
    const key = `${target.table}/${Object.keys(target.extra ?? {}).join(',')}`;
    let text = this.texts.get(key);
    if (!text) {
      text = insertText(target);
      this.texts.set(key, text);
    }
    return text;
  }

  /** The statement's parameters for `rows`. */
  private params(target: ItemTarget, rows: readonly ItemValues[]): unknown[] {
    const json = JSON.stringify(rows.map((item) => { const r = itemRow(item); return COLUMNS.map((c) => r[c]); }));
    return [target.storeId, target.parentId, this.createdAt, ...Object.values(target.extra ?? {}), json];
  }

  private async write(final = false): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    const sheet = this.sheets[this.sheets.length - 1];
    if (!sheet) return;
    if (!rows.length && !final) return;
    const { target } = sheet;
    const { ids, runs } = await this.conn.transaction().execute(async (trx) => {
      const ids: number[] = [];
      if (rows.length) {
        // The kept Compare totals follow the step's inserts in its transaction (lists/itemsMoved).
        const moving = await startItemsMoving(trx, target);
        const { rows: out } = await trx.executeQuery<{ id: number }>(CompiledQuery.raw(this.statement(target), this.params(target, rows)));
        for (const o of out) ids.push(Number(o.id));
        await moving.end();
      }
      const runs = withRuns(sheet.runs, ids);
      // The record follows each step; the last step's commit forgets the records of every list at once.
      if (final) await forgetMoves(trx, this.sheets.map((s) => s.record));
      else await recordRuns(trx, sheet.record, runs);
      return { ids, runs };
    });
    sheet.runs = runs;
    sheet.inserted += ids.length;
    await nextTurn();
  }
}

/**
 * Runs `write` with a DirectWriter: on SQLite on the one connection; on PostgreSQL on a connection of its own
 * with the staging table (which tells lists/itemsMoved what it moved).
 */
export function withDirectWriter<R>(db: Kysely<Database>, createdAt: string, write: (writer: DirectWriter) => Promise<R>): Promise<R> {
  if (dialectOf(db) === 'postgres') return withStaging(db, async () => undefined, (conn, staged) => write(new DirectWriter(conn, createdAt, staged)));
  return write(new DirectWriter(db, createdAt));
}
