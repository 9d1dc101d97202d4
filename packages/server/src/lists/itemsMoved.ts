/**
 * A large item write's inserts (each step of a staged move, inside its transaction) go through the one
 * wrapper registered with aroundItemsMoving: the Compare service makes the library's kept totals follow the
 * insert set-wise (services/compareMoveDeltas.ts). Listeners told after a large item write (an import's, sync's or Add Items To's final move, ./stagedItems)
 * has committed, with the lists it wrote to. The Compare service recounts the kept totals the write left
 * behind and counts the never-kept ones of the catalogue related to the list (services/compareTotals.ts).
 * Listeners start background work and return at once. Deletes of catalogue items and scans (a group's, a
 * section's, a list's items) go through itemsDeleting the same way.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ItemTarget } from './itemWrites';

/** A list rows were moved into: a catalogue, a search list or an inventory section (parentId) of a library. */
export type MovedList = Pick<ItemTarget, 'storeId' | 'table' | 'parentId'>;

type Listener = (db: Kysely<Database>, lists: readonly MovedList[]) => void;

const listeners: Listener[] = [];

/**
 * Called before a large write's inserts into `target` inside its transaction `trx`; the answer's `end()` after
 * them, in the same transaction (before it commits).
 */
export type StartMoving = (trx: Kysely<Database>, target: ItemTarget) => Promise<{ end(): Promise<void> }>;

let starter: StartMoving | null = null;

export function aroundItemsMoving(start: StartMoving): void {
  starter = start;
}

/**
 * For a large write that inserts in several statements (e.g. batches of an import written as the file is
 * read): call before the first insert into `target` of a transaction and `end()` after its last, before the
 * transaction commits (on SQLite once per step's transaction).
 */
export function startItemsMoving(trx: Kysely<Database>, target: ItemTarget): Promise<{ end(): Promise<void> }> {
  return starter ? starter(trx, target) : Promise.resolve({ end: async () => undefined });
}

/**
 * Rows a delete removes from one list kind: a catalogue's items (`ids` null: every one), the scans of sections
 * (`ids`: only these of them) or of whole groups.
 */
export type DeletedItems =
  | { table: 'catalogue_items'; catalogueId: number; ids: readonly number[] | null }
  | { table: 'inventory_items'; sections: readonly number[]; ids: readonly number[] | null }
  | { table: 'inventory_items'; groups: readonly number[] };

/** Called inside the delete's transaction before it; the answer's `end()` after it, before the commit. */
export type StartDeleting = (trx: Kysely<Database>, deleted: DeletedItems) => Promise<{ end(): Promise<void> }>;

let deleteStarter: StartDeleting | null = null;

export function aroundItemsDeleting(start: StartDeleting): void {
  deleteStarter = start;
}

/**
 * A delete of catalogue items or scans (`remove`, its statements on `trx`) inside the transaction `trx`: the
 * Compare service makes the library's kept totals follow it set-wise (services/compareDeleteDeltas.ts).
 */
export async function itemsDeleting<R>(trx: Kysely<Database>, deleted: DeletedItems, remove: () => Promise<R>): Promise<R> {
  const deleting = deleteStarter ? await deleteStarter(trx, deleted) : { end: async () => undefined };
  const result = await remove();
  await deleting.end();
  return result;
}

/** A staged move's insert (lists/stagedItems.ts) between startItemsMoving and its end. */
export async function itemsMoving<R>(trx: Kysely<Database>, target: ItemTarget, insert: () => Promise<R>): Promise<R> {
  const moving = await startItemsMoving(trx, target);
  const result = await insert();
  await moving.end();
  return result;
}

export function onItemsMoved(listener: Listener): void {
  listeners.push(listener);
}

export function itemsMoved(db: Kysely<Database>, lists: readonly MovedList[]): void {
  if (!lists.length) return;
  for (const listener of listeners) listener(db, lists);
}
