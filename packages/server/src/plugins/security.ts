import helmet from '@fastify/helmet';
import type { App } from '../app';

/**
 * Security headers, and `Cache-Control: no-store` on every answer that does not choose its own caching
 * (the portal's files and the public displays do): API answers, errors included, never land in a
 * browser's or proxy's cache. The CSP allows only the portal's own origin, plus inline styles (antd's CSS-in-JS
 * injects <style> elements) and data:/blob: images (avatars fetched as blobs, inline icons).
 */
export async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation headers would block nothing we serve but break opening public links in frames/tabs.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
