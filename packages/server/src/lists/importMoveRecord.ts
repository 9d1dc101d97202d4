/**
 * The record of an import's final move in progress on SQLite (migration 0020, import_moves): which items it
 * inserted so far, and the list it created, so that a server stopped mid-move (crash, kill) leaves nothing
 * imported: the next move undoes every record another server instance left.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { unlogScans } from './inventoryEvents';
import type { ItemTarget } from './itemWrites';

/** This server process (records of another one are abandoned: SQLite has one server per file). */
const INSTANCE = randomBytes(8).toString('hex');

const PARENT_TABLE: Readonly<Record<ItemTarget['parentColumn'], string>> = {
  catalogue_id: 'catalogues',
  search_list_id: 'search_lists',
  inventory_id: 'inventories',
};
const ITEM_TABLES = new Set<string>(['catalogue_items', 'search_list_items', 'inventory_items']);
const PARENT_TABLES = new Set<string>(Object.values(PARENT_TABLE));

export type IdRuns = Array<[number, number]>;

/** Records a move into `target` (that the move created when `created`); returns the record's id. */
export async function recordMove(trx: Kysely<Database>, target: ItemTarget, created: boolean, startedAt: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into import_moves (instance, items_table, created_table, parent_id, id_runs, started_at)
    values (${INSTANCE}, ${target.table}, ${created ? PARENT_TABLE[target.parentColumn] : null}, ${target.parentId}, '[]', ${startedAt}) returning id`.execute(
    trx,
  );
  return Number(rows[0]!.id);
}

export async function recordRuns(trx: Kysely<Database>, record: number, runs: IdRuns): Promise<void> {
  await sql`update import_moves set id_runs = ${JSON.stringify(runs)} where id = ${record}`.execute(trx);
}

export async function forgetMoves(trx: Kysely<Database>, records: readonly number[]): Promise<void> {
  if (records.length) await sql`delete from import_moves where id in (${sql.join(records)})`.execute(trx);
}

/** Deletes what moves of stopped server instances inserted (scans with their item events) and the lists they created; returns how many. */
export async function undoAbandonedMoves(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ id: number; items_table: string; created_table: string | null; parent_id: number; id_runs: string }>`
    select id, items_table, created_table, parent_id, id_runs from import_moves where instance <> ${INSTANCE}`.execute(db);
  for (const row of rows) {
    await db.transaction().execute(async (trx) => {
      if (ITEM_TABLES.has(row.items_table)) {
        for (const [from, to] of JSON.parse(row.id_runs) as IdRuns) {
          if (row.items_table === 'inventory_items') await unlogScans(trx, row.parent_id, from, to);
          await sql`delete from ${sql.table(row.items_table)} where id >= ${from} and id <= ${to}`.execute(trx);
        }
      }
      if (row.created_table && PARENT_TABLES.has(row.created_table)) {
        await sql`delete from ${sql.table(row.created_table)} where id = ${row.parent_id}`.execute(trx);
      }
      await forgetMoves(trx, [row.id]);
    });
  }
  return rows.length;
}
