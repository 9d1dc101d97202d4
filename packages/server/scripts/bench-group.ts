/** The large profile's inventory group with the most scans and its related catalogue (the compare benchmarks' lists). */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

export interface BenchGroup {
  groupId: number;
  storeId: number;
  catalogueId: number;
  scans: number;
}

export async function largestGroup(db: Kysely<Database>): Promise<BenchGroup> {
  const group = await db
    .selectFrom('inventory_items')
    .innerJoin('inventory_groups', 'inventory_groups.id', 'inventory_items.group_id')
    .select(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('inventory_groups.catalogue_id', 'is not', null)
    .groupBy(['inventory_items.group_id', 'inventory_items.store_id', 'inventory_groups.catalogue_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!group?.group_id || !group.catalogue_id) throw new Error('No inventory group with a related catalogue: generate the large profile first');
  return { groupId: group.group_id, storeId: group.store_id, catalogueId: group.catalogue_id, scans: Number(group.n) };
}
