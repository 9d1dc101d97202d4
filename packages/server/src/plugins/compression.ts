import compress from '@fastify/compress';
import type { App } from '../app';
import { EXPORT_FILE } from './docs';

/**
 * Answers are compressed (brotli, else gzip) for clients that accept it: JSON over 1 KB, registry.json and any
 * other compressible file without a precompressed sibling (the builds' .br/.gz siblings are sent as they are).
 * List exports are streamed uncompressed: they keep their framing and their cut-short reset (routes/containers.ts
 * sendFile) exactly as a download client sees them.
 */
export async function registerCompression(app: App): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response?.[200] === EXPORT_FILE) route.compress = false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
