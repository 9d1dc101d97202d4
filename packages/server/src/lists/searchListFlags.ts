/**
 * Search lists flag scanned items (data-areas §3 Inventory item: searchListId, searchListName): a scan whose
 * code, or else whose objectId, is on one of its library's search lists carries that list; when several lists
 * hold it, the oldest (lowest id). Another library's lists never flag it.
 *
 * Every way a scan arrives sets the flag right after it is written (services/inventoryItems): a manual add or
 * edit (that one scan), an import or Add Items To into a section (one set-based statement over the new scans).
 * The flag reflects the library's search lists as they are now: after a write to them (services/containers)
 * the scans it can concern are set again: those holding an entry's code or objectId (entries added, edited or
 * deleted, a list imported, synced or filled by Add Items To), or those a list flagged (its entries or the list
 * deleted). Each statement writes only the scans whose flag changes.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type Pair = { code: string | null; objectId: string | null };

/** Codes or objectIds per statement of a reflag by pairs (well under either database's parameter limit). */
const VALUES_PER_STATEMENT = 500;

/**
 * The list flagging a scan of library `storeId` with this code and objectId (SQL values or column refs), lists
 * in `excluding` left out (they are being emptied or deleted): two index probes at most (search_list_items
 * (store_id, code), then (search_list_id, object_id) per list).
 */
export function searchListOf(
  storeId: number,
  code: Expression<unknown>,
  objectId: Expression<unknown>,
  excluding: readonly number[] = [],
): RawBuilder<number | null> {
  const others = excluding.length ? sql` and l.search_list_id not in (${sql.join(excluding)})` : sql``;
  return sql<number | null>`coalesce(
    (select min(l.search_list_id) from search_list_items l where l.store_id = ${storeId} and l.code = ${code}${others}),
    (select min(l.search_list_id) from search_list_items l
      where l.search_list_id in (select sl.id from search_lists sl where sl.store_id = ${storeId}) and l.object_id = ${objectId}${others}))`;
}

/** Which of the library's scans a reflag sets again. */
export type ScansToFlag =
  /** One scan (added or edited by hand). */
  | { id: number }
  /** A section's scans above an id (those an import or Add Items To wrote). */
  | { inventoryId: number; after: number }
  /** Scans holding one of these codes or objectIds (search list entries added, edited or deleted). */
  | { pairs: readonly Pair[] }
  /** Scans holding a code or objectId of this list's entries (after an import, sync or Add Items To into it). */
  | { onList: number }
  /** Scans these lists flag (before their entries or the lists themselves are deleted: pass them as `excluding`). */
  | { flaggedBy: readonly number[] };

/** The statements' scopes: codes and objectIds apart, so that each reads its own index of the scans. */
function scopes(only: ScansToFlag): RawBuilder<unknown>[] {
  if ('id' in only) return [sql`id = ${only.id}`];
  if ('inventoryId' in only) return [sql`inventory_id = ${only.inventoryId} and id > ${only.after}`];
  if ('flaggedBy' in only) return only.flaggedBy.length ? [sql`search_list_id in (${sql.join(only.flaggedBy)})`] : [];
  if ('onList' in only) {
    return [
      sql`code in (select e.code from search_list_items e where e.search_list_id = ${only.onList} and e.code is not null)`,
      sql`object_id in (select e.object_id from search_list_items e where e.search_list_id = ${only.onList} and e.object_id is not null)`,
    ];
  }
  const codes = [...new Set(only.pairs.map((p) => p.code).filter((c): c is string => c !== null))];
  const objectIds = [...new Set(only.pairs.map((p) => p.objectId).filter((o): o is string => o !== null))];
  const out: RawBuilder<unknown>[] = [];
  for (let i = 0; i < codes.length; i += VALUES_PER_STATEMENT) out.push(sql`code in (${sql.join(codes.slice(i, i + VALUES_PER_STATEMENT))})`);
  for (let i = 0; i < objectIds.length; i += VALUES_PER_STATEMENT) out.push(sql`object_id in (${sql.join(objectIds.slice(i, i + VALUES_PER_STATEMENT))})`);
  return out;
}

/**
 * Sets the flag of the library's scans `only` names whose flag no longer matches its search lists (lists in
 * `excluding` left out); the others are not written.
 */
export async function reflagScans(db: Db, storeId: number, only: ScansToFlag, excluding: readonly number[] = []): Promise<void> {
  const flag = searchListOf(storeId, sql.ref('inventory_items.code'), sql.ref('inventory_items.object_id'), excluding);
  const differs = dialectOf(db) === 'sqlite' ? sql`search_list_id is not ${flag}` : sql`search_list_id is distinct from ${flag}`;
  for (const scope of scopes(only)) {
    await sql`update inventory_items set search_list_id = ${flag} where store_id = ${storeId} and ${scope} and ${differs}`.execute(db);
  }
}

/** The code/objectId pairs of a list's entries among ids (read before they are deleted). */
export async function entryPairs(db: Db, listId: number, ids: readonly number[]): Promise<Pair[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('search_list_items')
    .select(['code', 'object_id'])
    .where('search_list_id', '=', listId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ code: r.code, objectId: r.object_id }));
}
