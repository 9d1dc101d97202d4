/**
 * Search lists flag scanned items (data-areas §3 Inventory item: searchListId, searchListName): a scan whose
 * code, or else whose objectId, is on one of its library's search lists carries that list; when several lists
 * hold it, the oldest (lowest id). Another library's lists never flag it.
 *
 * Every way a scan arrives sets the flag right after it is written (services/inventoryItems): a manual add or
 * edit (that one scan), an import or Add Items To into a section (one set-based statement over the section). The
 * flag reflects the library's search lists as they are now: after any write to them (items added, edited,
 * imported, synced or deleted, lists deleted) reflagScans sets the library's scans again in one statement,
 * so a scan made before its title was put on a list is flagged too, and one whose entry was removed is not.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The list flagging a scan of library `storeId` with this code and objectId (SQL values or column refs): two
 * index probes at most (search_list_items (store_id, code), then (search_list_id, object_id) per list).
 */
export function searchListOf(storeId: number, code: Expression<unknown>, objectId: Expression<unknown>): RawBuilder<number | null> {
  return sql<number | null>`coalesce(
    (select min(l.search_list_id) from search_list_items l where l.store_id = ${storeId} and l.code = ${code}),
    (select min(l.search_list_id) from search_list_items l
      where l.search_list_id in (select sl.id from search_lists sl where sl.store_id = ${storeId}) and l.object_id = ${objectId}))`;
}

/** Which of the library's scans to set again: one, one section's, those holding one of these codes or objectIds, or all. */
export type ScansToFlag = { id: number } | { inventoryId: number } | { pairs: ReadonlyArray<{ code: string | null; objectId: string | null }> };

function scopeOf(only: ScansToFlag | undefined): RawBuilder<unknown> | null {
  if (!only) return sql``;
  if ('id' in only) return sql` and id = ${only.id}`;
  if ('inventoryId' in only) return sql` and inventory_id = ${only.inventoryId}`;
  const codes = [...new Set(only.pairs.map((p) => p.code).filter((c): c is string => c !== null))];
  const objectIds = [...new Set(only.pairs.map((p) => p.objectId).filter((o): o is string => o !== null))];
  const tests = [
    ...(codes.length ? [sql`code in (${sql.join(codes)})`] : []),
    ...(objectIds.length ? [sql`object_id in (${sql.join(objectIds)})`] : []),
  ];
  return tests.length ? sql` and (${sql.join(tests, sql` or `)})` : null;
}

/**
 * Sets the flag of the library's scans (all, or those `only` names) whose flag no longer matches its search
 * lists; the others are not written.
 */
export async function reflagScans(db: Db, storeId: number, only?: ScansToFlag): Promise<void> {
  const scope = scopeOf(only);
  if (scope === null) return;
  const flag = searchListOf(storeId, sql.ref('inventory_items.code'), sql.ref('inventory_items.object_id'));
  const differs = dialectOf(db) === 'sqlite' ? sql`search_list_id is not ${flag}` : sql`search_list_id is distinct from ${flag}`;
  await sql`update inventory_items set search_list_id = ${flag} where store_id = ${storeId}${scope} and ${differs}`.execute(db);
}
