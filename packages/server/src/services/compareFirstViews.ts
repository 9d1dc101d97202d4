/**
 * The never-kept Compare lists worth counting after a large write (services/compareTotals.ts FirstViews): the
 * stocktake path is create a group with its related catalogue (data-areas §3), a section, import scans, open
 * Compare for that catalogue. After a write into a section of a group with a related catalogue: that catalogue ×
 * {the group, ALL_GROUPS} × {MISSING, EXCEEDED}; after a catalogue write: the catalogue × {ALL_GROUPS, up to
 * RELATED_GROUPS of its related groups}. Nothing when no group is related.
 */
import type { Kysely } from 'kysely';
import type { CompareMode } from '@portal/contract';
import type { Database } from '../db/schema';
import type { MovedList } from '../lists/itemsMoved';
import type { LeftBehind } from './compareTotals';

/** Related groups of a written catalogue whose lists are counted. */
export const RELATED_GROUPS = 2;

const MODES: CompareMode[] = ['MISSING', 'EXCEEDED'];

/** MISSING before EXCEEDED (the Compare page opens on Missing), groups before ALL_GROUPS. */
function listsOf(pairs: Array<{ catalogueId: number; groupIds: number[] }>): LeftBehind[] {
  return MODES.flatMap((mode) => pairs.flatMap(({ catalogueId, groupIds }) => [
    ...groupIds.map((id) => ({ catalogueId, mode, scope: `group/${id}` })),
    { catalogueId, mode, scope: 'ALL_GROUPS' },
  ]));
}

export async function firstViewsAfter(db: Kysely<Database>, storeId: number, moved: readonly MovedList[]): Promise<LeftBehind[]> {
  const sections = moved.filter((l) => l.table === 'inventory_items').map((l) => l.parentId);
  const catalogues = moved.filter((l) => l.table === 'catalogue_items').map((l) => l.parentId);
  const pairs: Array<{ catalogueId: number; groupIds: number[] }> = [];
  if (sections.length) {
    const rows = await db.selectFrom('inventories as i').innerJoin('inventory_groups as g', 'g.id', 'i.group_id')
      .select(['g.id', 'g.catalogue_id']).distinct()
      .where('i.store_id', '=', storeId).where('i.id', 'in', sections).where('g.catalogue_id', 'is not', null)
      .orderBy('g.id').execute();
    for (const row of rows) pairs.push({ catalogueId: Number(row.catalogue_id), groupIds: [Number(row.id)] });
  }
  for (const catalogueId of catalogues) {
    const groups = await db.selectFrom('inventory_groups').select('id')
      .where('store_id', '=', storeId).where('catalogue_id', '=', catalogueId).orderBy('id').limit(RELATED_GROUPS).execute();
    if (groups.length) pairs.push({ catalogueId, groupIds: groups.map((g) => Number(g.id)) });
  }
  return listsOf(pairs);
}
