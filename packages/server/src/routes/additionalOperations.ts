/**
 * Additional operations (data-areas §7): GET/POST/PUT/DELETE
 * /api/stores/{storeId}/inventoryGroups/{inventoryGroupId}/additionalOperations and POST .../exists.
 * Permission 'inventories'.
 */
import {
  AdditionalOperation,
  AdditionalOperationExistsBody,
  AdditionalOperationIdParams,
  AdditionalOperationIdsParams,
  AdditionalOperationInput,
  AdditionalOperationParams,
  DeletedIds,
  ExistsResponse,
  ListQuery,
  ListResponse,
} from '@portal/contract';
import type { App } from '../app';
import { currentUser as user } from '../plugins/auth';
import { ERRORS } from '../plugins/docs';
import * as s from '../services/additionalOperations';
import type { FilesDeps } from '../services/files';

const config = { requirement: 'inventories' as const };
const tags = ['additionalOperations'];
const BASE = '/api/stores/:storeId/inventoryGroups/:groupId/additionalOperations';

export function additionalOperationsRoutes(app: App, deps: FilesDeps): void {
  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: "The group's additional operations (generic list)",
        params: AdditionalOperationParams,
        querystring: ListQuery,
        response: { 200: ListResponse(AdditionalOperation) },
      },
    },
    (r) => s.listOperations(deps, user(r), r.params.storeId, r.params.groupId, r.query),
  );

  app.post(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: 'Add an operation (name unique in the group; http(s) URL; POST, PUT or DELETE)',
        params: AdditionalOperationParams,
        body: AdditionalOperationInput,
        response: { 200: AdditionalOperation },
        errors: ERRORS.taken('NameAlreadyExistsMessage'),
      },
    },
    (r) => s.createOperation(deps, user(r), r.params.storeId, r.params.groupId, r.body),
  );

  app.post(
    `${BASE}/exists`,
    {
      config,
      schema: {
        tags,
        summary: 'Is the name taken in the group by another operation?',
        params: AdditionalOperationParams,
        body: AdditionalOperationExistsBody,
        response: { 200: ExistsResponse },
      },
    },
    (r) => s.operationExists(deps, user(r), r.params.storeId, r.params.groupId, r.body.name, r.body.additionalOperationId ?? null),
  );

  app.put(
    `${BASE}/:operationId`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit an operation',
        params: AdditionalOperationIdParams,
        body: AdditionalOperationInput,
        response: { 200: AdditionalOperation },
        errors: ERRORS.taken('NameAlreadyExistsMessage'),
      },
    },
    (r) => s.updateOperation(deps, user(r), r.params.storeId, r.params.groupId, r.params.operationId, r.body),
  );

  app.delete(
    `${BASE}/:operationId`,
    {
      config,
      schema: { tags, summary: 'Delete operations (ids comma-separated)', params: AdditionalOperationIdsParams, response: { 200: DeletedIds } },
    },
    (r) => s.deleteOperations(deps, user(r), r.params.storeId, r.params.groupId, r.params.operationId),
  );
}
