/**
 * GET /api/statistics/capacities/{token} and /{token}/{storeCode} (data-areas §2, §7): the public capacity
 * displays. Public routes (no access token): the public token in the path names the user whose libraries
 * are shown; an unknown token or a library that user does not hold is 404 with a code, never other data.
 */
import { CapacitiesParams, CapacityRecord, CapacityRecords, ErrorBody, StoreCapacityParams } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../app';
import { CAPACITY_CACHE_MS, createCapacityService } from '../publicDisplays/capacities';
import type { Deps } from '../services/context';

/** Proxies and browsers may reuse an answer for as long as the server does. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${Math.floor(CAPACITY_CACHE_MS / 1000)}`;

/** A public display's answer, marked cacheable for the server's cache period. */
export function cacheable<T>(reply: FastifyReply, value: T): T {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  return value;
}

export function capacitiesRoutes(app: App, deps: Pick<Deps, 'db' | 'config'>): void {
  const service = createCapacityService(deps.db, deps.config.now);
  const config = { public: true };
  const tags = ['public displays'];

  app.get(
    '/api/statistics/capacities/:token',
    {
      config,
      schema: {
        tags,
        summary: "Occupancy of every area of the token user's libraries (public: the token is the user's public token)",
        operationId: 'getCapacities',
        params: CapacitiesParams,
        response: { 200: CapacityRecords, 404: ErrorBody },
        errors: { 404: 'CAPACITY_TOKEN_UNKNOWN: no user holds this public token (unknown, mistyped or replaced)' },
      },
    },
    async (request, reply) => cacheable(reply, await service.capacities(request.params.token)),
  );

  app.get(
    '/api/statistics/capacities/:token/:storeCode',
    {
      config,
      schema: {
        tags,
        summary: 'Occupancy of one library of the token user (the traffic light)',
        operationId: 'getStoreCapacity',
        params: StoreCapacityParams,
        response: { 200: CapacityRecord, 404: ErrorBody },
        errors: { 404: 'CAPACITY_TOKEN_UNKNOWN (no user holds this public token), or STORE_CODE_UNKNOWN (not a library of that user)' },
      },
    },
    async (request, reply) => cacheable(reply, await service.storeCapacity(request.params.token, request.params.storeCode)),
  );
}
