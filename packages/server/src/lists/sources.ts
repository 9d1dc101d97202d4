/**
 * Where Add Items To takes items from (POST {target}/items/{itemId}): each source resolves, for one library,
 * the list definition and scope of its items; unknown sources and lists of other libraries answer 400/403.
 * Other areas register their own sources (e.g. compare results) with registerItemSource.
 */
import type { Kysely } from 'kysely';
import { ERROR_CODES, type AddItemsFromBody } from '@portal/contract';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import type { ListDefinition, ListScope } from './definition';
import { CATALOGUE_ITEMS_LIST, INVENTORY_ITEMS_LIST, SEARCH_LIST_ITEMS_LIST } from './definitions';
import type { ApiItem } from './items';

export interface ResolvedSource {
  def: ListDefinition<ApiItem>;
  scope: ListScope;
}

export type ItemSourceResolver = (db: Kysely<Database>, storeId: number, body: AddItemsFromBody) => Promise<ResolvedSource>;

const notYours = () => forbidden(ERROR_CODES.FORBIDDEN, 'Source list not available');

function parentId(body: AddItemsFromBody): number {
  const id = typeof body.parentId === 'string' ? Number(body.parentId) : body.parentId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'parentId names the source list', { field: 'parentId' });
  return id;
}

async function owned(
  db: Kysely<Database>,
  table: 'catalogues' | 'search_lists' | 'inventories' | 'inventory_groups',
  id: number,
  storeId: number,
): Promise<void> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  if (!row) throw notYours();
}

const sources = new Map<string, ItemSourceResolver>([
  [
    'catalogue',
    async (db, storeId, body) => {
      const id = parentId(body);
      await owned(db, 'catalogues', id, storeId);
      return { def: CATALOGUE_ITEMS_LIST, scope: { catalogue_id: id } };
    },
  ],
  [
    'searchList',
    async (db, storeId, body) => {
      const id = parentId(body);
      await owned(db, 'search_lists', id, storeId);
      return { def: SEARCH_LIST_ITEMS_LIST, scope: { search_list_id: id } };
    },
  ],
  [
    'inventory',
    async (db, storeId, body) => {
      const id = parentId(body);
      await owned(db, 'inventories', id, storeId);
      return { def: INVENTORY_ITEMS_LIST, scope: { inventory_id: id } };
    },
  ],
  [
    'inventoryGroup',
    async (db, storeId, body) => {
      if (body.parentId === 'UNGROUPED') return { def: INVENTORY_ITEMS_LIST, scope: { store_id: storeId, group_id: null } };
      const id = parentId(body);
      await owned(db, 'inventory_groups', id, storeId);
      return { def: INVENTORY_ITEMS_LIST, scope: { store_id: storeId, group_id: id } };
    },
  ],
  ['allInventories', async (_db, storeId) => ({ def: INVENTORY_ITEMS_LIST, scope: { store_id: storeId } })],
]);

export function registerItemSource(from: string, resolver: ItemSourceResolver): void {
  sources.set(from, resolver);
}

export async function resolveItemSource(db: Kysely<Database>, storeId: number, from: string, body: AddItemsFromBody): Promise<ResolvedSource> {
  const resolver = sources.get(from);
  if (!resolver) throw badRequest(ERROR_CODES.VALIDATION_ERROR, `Unknown source: ${from}`, { from, known: [...sources.keys()] });
  return resolver(db, storeId, body);
}
