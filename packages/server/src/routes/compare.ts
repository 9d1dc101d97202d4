/**
 * Compare calls (data-areas §7) under /api/stores/{storeId}/compare/{catalogueId}/{MISSING|EXCEEDED}: /ALL_GROUPS,
 * /group/{groupId} (UNGROUPED included), /inventory/{inventoryId}; a paged list with total, and /export.
 * Permission 'inventories'.
 */
import type { FastifyRequest } from 'fastify';
import {
  CompareAllParams,
  CompareGroupParams,
  CompareItem,
  CompareSectionParams,
  ExportBody,
  ListQuery,
  ListResponse,
  UNGROUPED,
  type CompareScope,
} from '@portal/contract';
import type { App } from '../app';
import { currentUser as user } from '../plugins/auth';
import { ERRORS, EXPORT_FILE } from '../plugins/docs';
import { comparePage, exportCompare } from '../services/compare';
import type { FilesDeps } from '../services/files';
import { exportBodyFromQuery, ExportQuery, sendFile } from './containers';

const config = { requirement: 'inventories' as const };
const tags = ['compare'];
const BASE = '/api/stores/:storeId/compare/:catalogueId/:mode';

type Params = { storeId: number; catalogueId: number; mode: 'MISSING' | 'EXCEEDED'; groupId?: string; inventoryId?: number };

function scopeOf(params: Params): CompareScope {
  if (params.inventoryId !== undefined) return { kind: 'inventory', inventoryId: params.inventoryId };
  if (params.groupId !== undefined) return { kind: 'group', groupId: params.groupId === UNGROUPED ? UNGROUPED : Number(params.groupId) };
  return { kind: 'ALL_GROUPS' };
}

export function compareRoutes(app: App, deps: FilesDeps): void {
  for (const [suffix, params, what] of [
    ['/ALL_GROUPS', CompareAllParams, 'every inventory'],
    ['/group/:groupId', CompareGroupParams, 'one group (or UNGROUPED)'],
    ['/inventory/:inventoryId', CompareSectionParams, 'one section'],
  ] as const) {
    const path = `${BASE}${suffix}`;
    const args = (r: FastifyRequest) => {
      const p = r.params as Params;
      return [deps, user(r), p.storeId, p.catalogueId, p.mode, scopeOf(p)] as const;
    };
    app.get(
      path,
      {
        config,
        schema: {
          tags,
          summary: `Catalogue items missing from, or scans exceeding, ${what} (generic list)`,
          params,
          querystring: ListQuery,
          response: { 200: ListResponse(CompareItem) },
        },
      },
      (r) => comparePage(...args(r), r.query),
    );
    app.post(
      `${path}/export`,
      {
        config,
        schema: { tags, summary: `Export the compare list against ${what}`, params, body: ExportBody, response: { 200: EXPORT_FILE }, errors: ERRORS.export },
      },
      async (r, reply) => sendFile(reply, await exportCompare(...args(r), r.body)),
    );
    app.get(
      `${path}/export`,
      {
        config,
        schema: {
          tags,
          summary: `Export the compare list against ${what} with the saved format`,
          params,
          querystring: ExportQuery,
          response: { 200: EXPORT_FILE },
          errors: ERRORS.export,
        },
      },
      async (r, reply) => sendFile(reply, await exportCompare(...args(r), exportBodyFromQuery(r.query))),
    );
  }
}
