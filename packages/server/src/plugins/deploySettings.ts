import { DEPLOY_SETTINGS_URL, readDeploySettings } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/**
 * GET /portal-config.json: the deploy-time settings (PORTAL_PRODUCT_NAME, PORTAL_SUPPORT_EMAIL, PORTAL_NEWS_URL) read
 * from the environment at start, public (the login screen needs no session for them), never cached by the browser, so
 * a changed setting shows after a restart without rebuilding the portal. A file of the portal, not an API call: like
 * the portal's other files it stays out of the API description.
 */
export function registerDeploySettings(app: FastifyInstance, env: Record<string, string | undefined> = process.env): void {
  const settings = readDeploySettings(env);
  app.get(DEPLOY_SETTINGS_URL, { schema: { hide: true }, config: { public: true } }, (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return settings;
  });
}
