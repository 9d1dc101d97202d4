import { api } from '../client';
import type { ListParams, ListResponse, RegionNode, Store, StoreInput } from '../types';

/** GET /api/stores: the stores the user holds, as a generic list (items, total). */
export function getStores(params: ListParams = {}): Promise<ListResponse<Store>> {
  return api.get('/api/stores', { params });
}

/**
 * GET /api/stores?mode=tree[&levels=…]: the region tree. The dashboard filter asks for levels area,name;
 * the counters picker for area,name,sensor; without levels the server returns its full tree.
 */
export function getStoresTree(levels?: string[]): Promise<RegionNode[]> {
  return api.get('/api/stores', { params: { mode: 'tree', levels: levels && levels.length > 0 ? levels : undefined } });
}

export function createStore(store: StoreInput): Promise<Store> {
  return api.post('/api/stores', store);
}

export function updateStore(id: number, store: Partial<StoreInput>): Promise<Store> {
  return api.put(`/api/stores/${id}`, store);
}

/** DELETE /api/stores/{ids}: ids comma-joined. */
export function deleteStores(ids: number[]): Promise<unknown> {
  return api.delete(`/api/stores/${ids.join(',')}`);
}
