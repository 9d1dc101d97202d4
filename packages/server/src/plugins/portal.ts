/**
 * Serves the built portal from the same process (notes/interfaces.md): shell/dist at /, each remote's releases
 * (<app>/dist/<version>/) under /remotes/<app>/<version>/ (every release built stays servable: the registry
 * picks one), /registry.json, the public entry for /capacities/* and /sipOperations/{storeCode} (the mf-public
 * release the registry names),
 * and shell/dist/index.html as the SPA fallback. Hashed assets are cached for a year; html, registry.json
 * and mf-manifest.json are never cached; precompressed .br/.gz siblings are sent to browsers that accept them.
 * A missing build only makes those paths 404 (API-only mode).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@portal/contract';
import type { App } from '../app';
import { PUBLIC_APP, publicRelease } from './publicRelease';

export const REMOTE_APPS = ['mf-dashboard', 'mf-items', 'mf-statistics', 'mf-selfcheck', 'mf-settings', 'mf-public'] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(fileName: string): string {
  const base = path.basename(fileName);
  if (base.endsWith('.html') || base === 'registry.json' || base === 'mf-manifest.json') return 'no-cache';
  return HASHED.test(base) ? IMMUTABLE : 'no-cache';
}

/**
 * The file under root for a URL path, or null when it escapes root, is not a regular file, or has a dot
 * segment anywhere in its path (.env, .git/…, .DS_Store: build folders may hold such files, never served).
 */
async function existingFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\u0000') || decoded.includes('\\') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return (await fs.stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

function notBuilt(reply: FastifyReply, what: string) {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ code: ERROR_CODES.NOT_FOUND, message: `${what} is not built` });
}

/** The built portal's files are public (the shell signs in from them); API routes are not. */
const PUBLIC = { schema: { hide: true }, config: { public: true } } as const;

export async function registerPortal(app: App, portalRoot: string | null): Promise<void> {
  const root = portalRoot ? path.resolve(portalRoot) : null;
  // The builds write <file>.br and <file>.gz beside each file (packages/mf-config/src/precompress.ts): sent as they
  // are to a browser accepting them (Content-Encoding, Vary: Accept-Encoding), the plain file otherwise.
  await app.register(fastifyStatic, { root: root ?? process.cwd(), serve: false, preCompressed: true });

  const send = async (reply: FastifyReply, dir: string, urlPath: string, what: string) => {
    const base = root ? path.join(root, dir) : null;
    const file = base ? await existingFile(base, urlPath) : null;
    if (!base || !file) return notBuilt(reply, what);
    reply.header('cache-control', cacheControlFor(file));
    return reply.sendFile(path.relative(base, file), base, { cacheControl: false });
  };

  app.get('/registry.json', PUBLIC, (_req, reply) => send(reply, 'shell/dist', 'registry.json', 'registry.json'));

  app.get<{ Params: { app: string; '*': string } }>('/remotes/:app/*', PUBLIC, (request, reply) => {
    const remote = request.params.app;
    if (!(REMOTE_APPS as readonly string[]).includes(remote)) return notBuilt(reply, remote);
    return send(reply, `${remote}/dist`, request.params['*'], remote);
  });

  const publicEntry = async (_req: FastifyRequest, reply: FastifyReply) => {
    const release = root ? await publicRelease(root) : null;
    return release ? send(reply, `${PUBLIC_APP}/dist/${release}`, 'public.html', 'The public entry') : notBuilt(reply, 'The public entry');
  };
  app.get('/capacities', PUBLIC, publicEntry);
  app.get('/capacities/*', PUBLIC, publicEntry);
  app.get('/sipOperations/:storeCode', PUBLIC, publicEntry);

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'Not found' });
    }
    const shell = root ? path.join(root, 'shell/dist') : null;
    if (shell && urlPath !== '/' && (await existingFile(shell, urlPath.slice(1)))) return send(reply, 'shell/dist', urlPath.slice(1), 'The shell');
    // A missing asset (path with an extension) is a plain 404, not the app page.
    if (path.posix.extname(urlPath) && !urlPath.endsWith('.html')) {
      return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: 'Not found' });
    }
    return send(reply, 'shell/dist', 'index.html', 'The shell');
  });
}
