/**
 * ID modifications (data-areas §3, §8): per library, a catalogue-items script and an inventory-items script.
 * Saving test-runs both in the sandbox on the example id and refuses a failing one (400 SCRIPT_ERROR with the
 * script's error). Permission 'inventories' and the library held by the user (else 403, nothing changed).
 */
import { ERROR_CODES, ID_SCRIPT_EXAMPLE_ID, type IdModifications } from '@portal/contract';
import { badRequest } from '../errors';
import { capMessage } from '../errorLimits';
import { testIdScript } from '../sandbox/idScript';
import { assertStoreReachable, type AuthUser, type Deps } from './context';

export async function getIdModifications(deps: Pick<Deps, 'db'>, user: AuthUser, storeId: number): Promise<IdModifications> {
  assertStoreReachable(user, storeId);
  const row = await deps.db
    .selectFrom('id_modifications')
    .select(['catalogue_items_modification', 'inventory_items_modification'])
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return {
    storeId,
    catalogueItemsModification: row?.catalogue_items_modification ?? '',
    inventoryItemsModification: row?.inventory_items_modification ?? '',
  };
}

export async function saveIdModifications(deps: Pick<Deps, 'db'>, user: AuthUser, body: IdModifications): Promise<IdModifications> {
  assertStoreReachable(user, body.storeId);
  for (const field of ['catalogueItemsModification', 'inventoryItemsModification'] as const) {
    const run = await testIdScript(body[field], ID_SCRIPT_EXAMPLE_ID);
    if ('error' in run) throw badRequest(ERROR_CODES.SCRIPT_ERROR, capMessage(`${field}: ${run.error}`), { field, error: run.error });
  }
  const values = {
    catalogue_items_modification: body.catalogueItemsModification,
    inventory_items_modification: body.inventoryItemsModification,
    updated_at: new Date().toISOString(),
  };
  await deps.db
    .insertInto('id_modifications')
    .values({ store_id: body.storeId, ...values })
    .onConflict((c) => c.column('store_id').doUpdateSet(values))
    .execute();
  return getIdModifications(deps, user, body.storeId);
}
