import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '../app';

/** OpenAPI document built from the route schemas, browsable at /api/docs (JSON at /api/docs/json). */
export async function registerDocs(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Library portal API', version },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } },
      },
      security: [{ accessToken: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
