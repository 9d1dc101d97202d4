/**
 * Listeners told after a large item write (an import's, sync's or Add Items To's final move, ./stagedItems)
 * has committed, with the libraries it wrote to. The Compare service recounts the kept totals the write left
 * behind (services/compareTotals.ts). Listeners start background work and return at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Listener = (db: Kysely<Database>, storeIds: readonly number[]) => void;

const listeners: Listener[] = [];

export function onItemsMoved(listener: Listener): void {
  listeners.push(listener);
}

export function itemsMoved(db: Kysely<Database>, storeIds: readonly number[]): void {
  if (!storeIds.length) return;
  for (const listener of listeners) listener(db, storeIds);
}
