/**
 * ID modification scripts applied to ids entering a library's items (data-areas §3 ID modification):
 * catalogue items get the catalogue script, inventory items the inventory script (search lists have none).
 * The script turns an item's code (its id) into the stored one; every write path runs it here, batched:
 * one sandbox run per batch of ids (lists/itemIntake), never one per row.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { runIdScript, SCRIPT_POOL, warmScriptWorkers, type RunOptions, type ScriptResult } from '../sandbox/idScript';
import type { ItemTarget } from './itemWrites';

/** The library's script for items of `table`; '' when none applies (an empty script keeps every id). */
export async function idScriptFor(db: Kysely<Database>, storeId: number, table: ItemTarget['table']): Promise<string> {
  if (table === 'search_list_items') return '';
  const row = await db
    .selectFrom('id_modifications')
    .select(['catalogue_items_modification', 'inventory_items_modification'])
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (!row) return '';
  return table === 'catalogue_items' ? row.catalogue_items_modification : row.inventory_items_modification;
}

/**
 * Runs the script once on every id of the batch (null ids are not run); one answer per id, in order. `options`:
 * the run's owner, cancel signal and the import's script budget (../sandbox/idScript).
 */
export async function modifyIds(script: string, ids: ReadonlyArray<string | null>, options?: RunOptions): Promise<Array<ScriptResult | null>> {
  const given = ids.filter((id): id is string => id !== null);
  const answers = await runIdScript(script, given, options);
  let next = 0;
  return ids.map((id) => (id === null ? null : answers[next++]!));
}

/**
 * Warms the sandbox's workers when a library of `storeIds` has a script: called once a file was read for an
 * import's preview, so the import that follows finds QuickJS loaded. As many as one user's runs take at once
 * (SCRIPT_POOL.perUser): a second worker loading beside the first slowed the import's first batch and its reading.
 */
export async function warmIfScripted(db: Kysely<Database>, storeIds: readonly number[]): Promise<void> {
  if (!storeIds.length) return;
  const row = await db
    .selectFrom('id_modifications')
    .select('store_id')
    .where('store_id', 'in', storeIds)
    .where((eb) => eb.or([eb(eb.fn('trim', ['catalogue_items_modification']), '<>', ''), eb(eb.fn('trim', ['inventory_items_modification']), '<>', '')]))
    .limit(1)
    .executeTakeFirst();
  if (row) warmScriptWorkers(SCRIPT_POOL.perUser);
}
