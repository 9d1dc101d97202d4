import { Type } from 'typebox';
import { CreateStoreBody, DeleteStoresResponse, ListResponse, Store, StoreIdParams, StoreIdsParams, StoresQuery, UpdateStoreBody } from '@portal/contract';
import type { App } from '../app';
import { badRequest } from '../errors';
import { currentUser } from '../plugins/auth';
import { ERRORS } from '../plugins/docs';
import type { Deps } from '../services/context';
import { createStore, deleteStores, listStores, storesTree, updateStore } from '../services/stores';

const LIST_PARAMS = ['searchTexts', 'order', 'offset', 'limit'] as const;

export function storesRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/stores',
    {
      config: { requirement: 'manager' },
      schema: {
        tags: ['stores'],
        summary: "The caller's libraries: a list ({items,total}) or, with mode=tree, the region tree (levels e.g. area,name,sensor)",
        querystring: StoresQuery,
        response: { 200: Type.Union([ListResponse(Store), Type.Array(Type.Unknown())]) },
      },
    },
    async (request) => {
      const { mode, levels, ...list } = request.query;
      if (mode === 'tree') {
        if (LIST_PARAMS.some((p) => list[p] !== undefined)) throw badRequest(undefined, 'List parameters do not apply to mode=tree');
        return storesTree(deps, currentUser(request), levels);
      }
      if (levels !== undefined) throw badRequest(undefined, 'levels applies to mode=tree only', { param: 'levels' });
      return listStores(deps, currentUser(request), list);
    },
  );

  app.post(
    '/api/stores',
    {
      config: { requirement: 'admin' },
      schema: {
        tags: ['stores'],
        summary: 'Add a library (admin)',
        body: CreateStoreBody,
        response: { 200: Store },
        errors: ERRORS.taken('STORE_CODE_EXISTS'),
      },
    },
    (request) => createStore(deps, currentUser(request), request.body),
  );

  app.put(
    '/api/stores/:storeId',
    {
      config: { requirement: 'manager' },
      schema: {
        tags: ['stores'],
        summary: 'Edit a library (country, area, province, city, name, expirationDate: admin only)',
        params: StoreIdParams,
        body: UpdateStoreBody,
        response: { 200: Store },
        errors: { ...ERRORS.taken('STORE_CODE_EXISTS'), 403: 'FORBIDDEN, or FIELD_NOT_EDITABLE (a field only an administrator may change)' },
      },
    },
    (request) => updateStore(deps, currentUser(request), request.params.storeId, request.body),
  );

  app.delete(
    '/api/stores/:storeId',
    {
      config: { requirement: 'admin' },
      schema: { tags: ['stores'], summary: 'Delete libraries (admin), ids comma-separated', params: StoreIdsParams, response: { 200: DeleteStoresResponse } },
    },
    (request) => deleteStores(deps, currentUser(request), request.params.storeId),
  );
}
