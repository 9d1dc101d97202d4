import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { ERROR_CODES, IMAGE_MAX_BYTES } from '@portal/contract';
import { createTokenService } from './auth/tokens';
import { fastifyTrustProxy, type ServerConfig } from './config';
import type { Database } from './db/schema';
import { ApiError } from './errors';
import { httpTimeouts } from './httpTimeouts';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerDocs } from './plugins/docs';
import { inputProblem, MAX_INPUT_DEPTH, registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerPortal } from './plugins/portal';
import { registerRequestId, requestIdOptions } from './plugins/requestId';
import { registerSecurityHeaders } from './plugins/security';
import { registerValidation } from './plugins/validation';
import { authRoutes } from './routes/auth';
import { capacitiesRoutes } from './routes/capacities';
import { cataloguesRoutes } from './routes/catalogues';
import { searchListsRoutes } from './routes/searchLists';
import { inventoriesRoutes } from './routes/inventories';
import { compareRoutes } from './routes/compare';
import { additionalOperationsRoutes } from './routes/additionalOperations';
import { imagesetsRoutes } from './routes/imagesets';
import { sipOperationsRoutes } from './routes/sipOperations';
import { alarmsRoutes } from './routes/alarms';
import { itemEventsRoutes } from './routes/itemEvents';
import { idModificationsRoutes } from './routes/idModifications';
import { dashboardRoutes } from './routes/dashboard';
import { devicesRoutes } from './routes/devices';
import { formatRoutes } from './routes/format';
import { miscRoutes } from './routes/misc';
import { healthRoutes } from './routes/health';
import { miscFilesRoutes } from './routes/misc-files';
import { recordsRoutes } from './routes/records';
import { publicSipRoutes } from './routes/publicSip';
import { storesRoutes } from './routes/stores';
import { usersRoutes } from './routes/users';
import type { Deps } from './services/context';
import { createFilesDeps } from './services/files';
import { startAutoSync } from './jobs/autoSync';
import { Lockout } from './services/lockout';
import type { FileStorage } from './storage/files';
import { fileStorageFor } from './storage/select';
import { parseQueryString } from './plugins/queryString';
import { registerDeploySettings } from './plugins/deploySettings';
import { checkpointsSettled } from './lists/importCheckpoint';
import { registerCountCancellation } from './lists/countCancel';
import { resolveListsConfig } from './lists/config';
import { registerUnreadBodies } from './unreadBodies';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse<IncomingMessage>, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: ServerConfig;
  /** Defaults to the store config.fileStore names (local disk under <dataDir>/files, or the database). */
  storage?: FileStorage;
}

/** Builds the Fastify app (not listening): tests use app.inject, main.ts calls listen. */
export async function buildApp({ db, config, storage }: BuildAppOptions): Promise<App> {
  const app: App = Fastify({
    logger: config.logger,
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 12000, querystringParser: parseQueryString },
    ...requestIdOptions,
    ...httpTimeouts(),
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerRequestId(app);
  registerValidation(app);
  // The API speaks JSON (and multipart for uploads): a text/plain body is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  // Counts nobody waits for (client gone, superseded by a newer count of the same list) stop.
  registerCountCancellation(app);
  // The largest body any route takes (an upload, its multipart envelope included).
  registerUnreadBodies(app, Math.max(config.bodyLimit, resolveListsConfig(config.lists).maxUploadBytes, IMAGE_MAX_BYTES) + 1024 * 1024);

  const deps: Deps = {
    db,
    config,
    tokens: await createTokenService(db, config.tokenTtlSeconds, config.now),
    lockout: new Lockout(db, config.lockout, config.now),
    storage: storage ?? fileStorageFor(db, config),
  };

  await registerSecurityHeaders(app);
  await registerCompression(app);
  // Before any route: routes registered earlier (plugins included) would not get the token check.
  registerAuth(app, deps);
  // Before the routes: the answer time and the import/export/intake counters of every route.
  registerMetrics(app, db, config.metricsToken ?? null);
  await app.register(multipart, { limits: { fileSize: config.bodyLimit, files: 1, fields: 10, parts: 11 } });
  await registerDocs(app, config.version);
  app.addHook('preValidation', async (request) => {
    // An unmatched path is the not-found handler's plain 404, whatever it contains.
    if (request.is404) return;
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    if (problem === 'nul') throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'Text must not contain NUL characters');
    if (problem === 'depth') {
      throw new ApiError(400, ERROR_CODES.INPUT_TOO_DEEP, `Objects and arrays may be nested at most ${MAX_INPUT_DEPTH} levels deep`, {
        maxDepth: MAX_INPUT_DEPTH,
      });
    }
  });

  authRoutes(app, deps);
  usersRoutes(app, deps);
  storesRoutes(app, deps);
  dashboardRoutes(app, deps);
  recordsRoutes(app, deps);
  // Sensors and device keys of a library; device intake (x-device-key, never an access token).
  devicesRoutes(app, deps);
  // Public displays (no access token): capacities by public token, the public SIP summary.
  capacitiesRoutes(app, deps);
  publicSipRoutes(app, deps);
  formatRoutes(app, deps);
  miscRoutes(app, deps);
  healthRoutes(app, deps);
  // Lists: temporary files, import/export/sync, catalogues and search lists (one list engine, lists/).
  const filesDeps = createFilesDeps(deps);
  const stopAutoSync = startAutoSync(filesDeps, config.autoSyncCron, (message, e) => app.log.warn({ err: e }, message));
  app.addHook('onClose', async () => stopAutoSync());
  // An import's WAL checkpoint runs on a worker with its own connection: it ends before the caller closes the
  // database (a worker opening the file after that would recreate its -wal and -shm files).
  app.addHook('onClose', async () => checkpointsSettled(db));
  miscFilesRoutes(app, filesDeps);
  cataloguesRoutes(app, filesDeps);
  searchListsRoutes(app, filesDeps);
  inventoriesRoutes(app, filesDeps);
  compareRoutes(app, filesDeps);
  additionalOperationsRoutes(app, filesDeps);
  imagesetsRoutes(app, deps);
  sipOperationsRoutes(app, filesDeps);
  alarmsRoutes(app, filesDeps);
  itemEventsRoutes(app, filesDeps);
  idModificationsRoutes(app, deps);

  registerDeploySettings(app);
  await registerPortal(app, config.portalRoot);
  return app;
}
