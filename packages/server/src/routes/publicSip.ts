/**
 * GET /api/public/sipOperations/{storeCode}: the public SIP page's data (today's self-service activity of
 * one library, counts by type and status). Public and unauthenticated: counts only, no identifiers.
 */
import { ErrorBody, PublicSipParams, PublicSipSummary } from '@portal/contract';
import type { App } from '../app';
import { createSipSummaryService } from '../publicDisplays/sipSummary';
import type { Deps } from '../services/context';
import { cacheable } from './capacities';

export function publicSipRoutes(app: App, deps: Pick<Deps, 'db' | 'config'>): void {
  const service = createSipSummaryService(deps.db, deps.config.now);
  app.get(
    '/api/public/sipOperations/:storeCode',
    {
      config: { public: true },
      schema: {
        tags: ['public displays'],
        summary: "Today's self-service (SIP) operations of a library by type and status (public, counts only)",
        operationId: 'getPublicSipOperations',
        params: PublicSipParams,
        response: { 200: PublicSipSummary, 404: ErrorBody },
        errors: { 404: 'STORE_CODE_UNKNOWN: no library has this code' },
      },
    },
    async (request, reply) => cacheable(reply, await service.summary(request.params.storeCode)),
  );
}
