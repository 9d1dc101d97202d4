import helmet from '@fastify/helmet';
import type { App } from '../app';

/**
 * Security headers. The CSP allows only the portal's own origin, plus inline styles (antd's CSS-in-JS
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
}
