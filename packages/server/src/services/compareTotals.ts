/**
 * Stored totals of the Compare lists without a search. `list_item_versions` holds one number per library, raised
 * by triggers on every write of its catalogue items or scans and on a change of its objectId label (migrations
 * 0018, 0031); `compare_totals` holds a list's total stamped with the version it was counted at. A stamp equal to
 * the library's version is current: the total is answered at once. Otherwise the list is counted: the count reads
 * the version in the same statement (one snapshot), and its total is stored with that stamp only if the version
 * is still the library's (a write during the count leaves nothing stale stored).
 */
import { sql, type Kysely } from 'kysely';
import { UNGROUPED, type CompareMode, type CompareScope } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

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

/** A list's total and the library's version, read in one statement (so of one snapshot). */
export interface CountedTotal {
  version: number;
  total: number;
}

export type TotalCounter = () => Promise<CountedTotal>;

const listId = (key: CompareTotalKey) => `${key.catalogueId}/${key.mode}/${scopeKey(key.scope)}`;

/** The stored total of the list if its stamp is the library's version now, else null. */
export async function storedTotal(db: Db, key: CompareTotalKey): Promise<number | null> {
  const row = await db
    .selectFrom('compare_totals as ct')
    .leftJoin('list_item_versions as v', (join) => join.on('v.store_id', '=', key.storeId))
    .select(['ct.total', 'ct.version', 'v.version as current'])
    .where('ct.catalogue_id', '=', key.catalogueId)
    .where('ct.mode', '=', key.mode)
    .where('ct.scope', '=', scopeKey(key.scope))
    .executeTakeFirst();
  return row && Number(row.version) === Number(row.current ?? 0) ? Number(row.total) : null;
}

/**
 * Stores `counted` if its version is still the library's (on PostgreSQL with the library's version row locked,
 * so a write in flight is waited for); answers whether it was stored.
 */
async function storeIfCurrent(database: Db, key: CompareTotalKey, counted: CountedTotal): Promise<boolean> {
  const lock = dialectOf(database) === 'postgres' ? sql` for share` : sql``;
  try {
    return await database.transaction().execute(async (db) => {
      const { rows } = await sql<{ version: number | string }>`select version from list_item_versions where store_id = ${key.storeId}${lock}`.execute(db);
      if (Number(rows[0]?.version ?? 0) !== counted.version) return false;
      await db
        .insertInto('compare_totals')
        .values({ catalogue_id: key.catalogueId, mode: key.mode, scope: scopeKey(key.scope), version: counted.version, total: counted.total })
        .onConflict((oc) =>
          oc.columns(['catalogue_id', 'mode', 'scope']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), total: eb.ref('excluded.total') })),
        )
        .execute();
      return true;
    });
  } catch {
    // The catalogue may have been deleted meanwhile (its stored totals go with it).
    return false;
  }
}

/** Counts running per database and list: a second request for the same list waits for the first count. */
const running = new WeakMap<object, Map<string, Promise<{ total: number; stored: boolean }>>>();

function countOnce(db: Db, key: CompareTotalKey, counter: TotalCounter): { joined: boolean; done: Promise<{ total: number; stored: boolean }> } {
  let map = running.get(db);
  if (!map) running.set(db, (map = new Map()));
  const id = listId(key);
  const already = map.get(id);
  if (already) return { joined: true, done: already };
  const done = (async () => {
    const counted = await counter();
    return { total: counted.total, stored: await storeIfCurrent(db, key, counted) };
  })().finally(() => {
    if (map.get(id) === done) map.delete(id);
  });
  map.set(id, done);
  return { joined: false, done };
}

/**
 * Counts the list and stores its total with its stamp. A request arriving while the same list is counted waits
 * for that count; its answer is used only if it was stored (nothing was written since its snapshot), else this
 * request counts again.
 */
export async function countAndStore(db: Db, key: CompareTotalKey, counter: TotalCounter): Promise<number> {
  const first = countOnce(db, key, counter);
  if (!first.joined) return (await first.done).total;
  const result = await first.done.catch(() => null);
  if (result?.stored) return result.total;
  return (await countOnce(db, key, counter).done).total;
}
