/** GET /api/health: public, for load balancers (200 when the database answers and is migrated, else 503). */
import { Type } from 'typebox';
import type { App } from '../app';
import type { Deps } from '../services/context';
import { checkHealth } from '../services/health';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  migrations: Type.Union([Type.Literal('current'), Type.Literal('pending'), Type.Literal('unknown')]),
});

export function healthRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'Health for load balancers: database reachable and migrations current (503 otherwise, and while the instance stops)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(deps.db, (e) => request.log.warn({ err: e }, 'health check failed'));
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
}
