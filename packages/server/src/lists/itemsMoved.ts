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

/** Runs a staged move's `insert` into `target` inside the move's transaction `trx`. */
export type AroundMove = <R>(trx: Kysely<Database>, target: ItemTarget, insert: () => Promise<R>) => Promise<R>;

let around: AroundMove | null = null;

export function aroundItemsMoving(wrapper: AroundMove): void {
  around = wrapper;
}

/** A staged move's insert (lists/stagedItems.ts), through the registered wrapper. */
export function itemsMoving<R>(trx: Kysely<Database>, target: ItemTarget, insert: () => Promise<R>): Promise<R> {
  return around ? around(trx, target, insert) : insert();
}

export function onItemsMoved(listener: Listener): void {
  listeners.push(listener);
}

export function itemsMoved(db: Kysely<Database>, lists: readonly MovedList[]): void {
  if (!lists.length) return;
  for (const listener of listeners) listener(db, lists);
}
