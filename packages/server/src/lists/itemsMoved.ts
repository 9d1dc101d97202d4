/**
 * A large item write's inserts (each step of a staged move, inside its transaction) go through the one
 * wrapper registered with aroundItemsMoving: the Compare service makes the library's kept totals follow the
 * insert set-wise (services/compareMoveDeltas.ts). Listeners told after a large item write (an import's, sync's or Add Items To's final move, ./stagedItems)
 * has committed, with the lists it wrote to. The Compare service recounts the kept totals the write left
 * behind and counts the never-kept ones of the catalogue related to the list (services/compareTotals.ts).
 * Listeners start background work and return at once.
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
