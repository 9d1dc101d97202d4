/**
 * Kept totals of the Compare lists without a search (migration 0018): a total is used while the library's
 * item version (raised by triggers on every catalogue-item and scan write and on the objectId column's
 * labelling) equals the one it was counted at; otherwise it is counted again and kept. The triggers of
 * migration 0019 add what each item write changed to the library's valid kept totals and move them to the new
 * version, up to MOVED_CAP (5,000) written rows between two reads of a total (0021), so only a first view, a
 * labelling of the objectId column or a larger write leads to a count.
 *
 * The version is read before counting: a write that lands in between raises it past the kept one, so the
 * kept total is counted again at the next read instead of being wrong.
 */
import type { Kysely } from 'kysely';
import { UNGROUPED, type CompareMode, type CompareScope } from '@portal/contract';
import type { Database } from '../db/schema';

/** 'ALL_GROUPS', 'group/12', 'group/UNGROUPED', 'inventory/5' (as in compareId). */
export function scopeKey(scope: CompareScope): string {
  if (scope.kind === 'inventory') return `inventory/${scope.inventoryId}`;
  if (scope.kind === 'group') return `group/${scope.groupId === UNGROUPED ? UNGROUPED : scope.groupId}`;
  return 'ALL_GROUPS';
}

export interface CompareTotalKey {
  storeId: number;
  catalogueId: number;
  mode: CompareMode;
  scope: CompareScope;
}

/** The list's total, kept or counted by `count` (and then kept). */
export async function keptCompareTotal(database: Kysely<Database>, key: CompareTotalKey, count: () => Promise<number>): Promise<number> {
  const db = database as unknown as Kysely<any>;
  const scope = scopeKey(key.scope);
  const current = await db.selectFrom('list_item_versions').select('version').where('store_id', '=', key.storeId).executeTakeFirst() as { version: number | string } | undefined;
  const version = Number(current?.version ?? 0);
  const kept = await db.selectFrom('compare_totals').select(['version', 'total', 'moved'])
    .where('catalogue_id', '=', key.catalogueId).where('mode', '=', key.mode).where('scope', '=', scope)
    .executeTakeFirst() as { version: number | string; total: number | string; moved: number | string } | undefined;
  if (kept && Number(kept.version) === version) {
    // Read: the triggers may move it by MOVED_CAP more written rows (migration 0021); a write since makes this a no-op.
    if (Number(kept.moved) > 0) {
      await db.updateTable('compare_totals').set({ moved: 0 })
        .where('catalogue_id', '=', key.catalogueId).where('mode', '=', key.mode).where('scope', '=', scope).where('version', '=', kept.version)
        .execute();
    }
    return Number(kept.total);
  }
  const total = await count();
  // Keeping is best effort: the catalogue may have been deleted meanwhile (its kept totals go with it).
  await db.insertInto('compare_totals').values({ catalogue_id: key.catalogueId, mode: key.mode, scope, version, total, moved: 0 })
    .onConflict((oc) => oc.columns(['catalogue_id', 'mode', 'scope']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), total: eb.ref('excluded.total'), moved: 0 })))
    .execute().catch(() => undefined);
  return total;
}
