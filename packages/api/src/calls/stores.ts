import { encodeListParams } from '@portal/contract';
import { api } from '../client';
import type { ListParams, ListResponse, RegionNode, Store, StoreInput, StoreUpdate } from '../types';

/** GET /api/stores: the libraries the user reaches, as a generic list (items, total). */
export function getStores(params: ListParams = {}): Promise<ListResponse<Store>> {
  return api.get('/api/stores', { params: encodeListParams(params) });
}

/** Every library the user reaches, page after page (the list call may cap its page size). */
export async function getAllStores(pageSize = 1000): Promise<Store[]> {
  const stores: Store[] = [];
  for (;;) {
    const page = await getStores({ offset: stores.length, limit: pageSize });
    stores.push(...page.items);
    if (page.items.length === 0 || stores.length >= page.total) return stores;
  }
}

/**
 * GET /api/stores?mode=tree[&levels=…]: the region tree. Without levels it has the four levels
 * area > province > city > name; the dashboard filter asks for area,name, the counters for area,name,sensor.
 */
export function getStoresTree(levels?: readonly string[]): Promise<RegionNode[]> {
  return api.get('/api/stores', {
    params: { mode: 'tree', levels: levels && levels.length > 0 ? levels.join(',') : undefined },
  });
}

export function createStore(store: StoreInput): Promise<Store> {
  return api.post('/api/stores', store);
}

export function updateStore(id: number, store: StoreUpdate): Promise<Store> {
  return api.put(`/api/stores/${id}`, store);
}

/** DELETE /api/stores/{ids}: ids comma-joined. */
export function deleteStores(ids: readonly number[]): Promise<{ ids: number[] }> {
  return api.delete(`/api/stores/${ids.join(',')}`);
}
