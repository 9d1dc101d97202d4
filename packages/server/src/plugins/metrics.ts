/**
 * GET /metrics: Prometheus text format (prom-client). Per app: answer time per route pattern, method and status
 * (a histogram: its _count is the request rate), import/export/intake counters, the PostgreSQL pool. Per process:
 * Node's own metrics and the worker queues (slots busy and calls waiting). Served only to a scraper holding
 * METRICS_TOKEN (Authorization: Bearer), or, without one configured, to a direct connection from this machine
 * (loopback, no forwarding header: a local proxy's clients are refused). docs/operations.md#metrics.
 */
import { timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@portal/contract';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { App } from '../app';
import { passwordHashing } from '../auth/password';
import { postgresPool } from '../db/postgresPool';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { legacyParses } from '../lists/files/legacySheets';
import { laneGate } from '../lists/searchWorker';
import { scriptSlots } from '../sandbox/idScript';

type Stats = { running: number; waiting: number };

/** The process's queues, by the label they get. */
const QUEUES: Record<string, () => Stats> = {
  list_search: () => laneGate('search').stats,
  list_count: () => laneGate('count').stats,
  list_small: () => laneGate('small').stats,
  id_script: () => scriptSlots.stats,
  workbook_read_large: () => legacyParses.large.stats,
  workbook_read_small: () => legacyParses.small.stats,
  password_hashing: () => passwordHashing.stats,
};

let processRegistry: Registry | null = null;

/** Node's metrics and the worker queues: one registry per process, made at the first app's start. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const queueGauge = (name: string, help: string, of: (s: Stats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        for (const [queue, stats] of Object.entries(QUEUES)) this.set({ queue }, of(stats()));
      },
    });
  queueGauge(
    'portal_worker_slots_busy',
    'Slots in use of a worker queue (list search workers, ID-script sandbox, workbook reads, password hashing)',
    (s) => s.running,
  );
  queueGauge('portal_worker_queue_waiting', 'Calls waiting for a slot of a worker queue', (s) => s.waiting);
  processRegistry = registry;
  return registry;
}

const INTAKE_PREFIX = '/api/devices/';

export interface AppMetrics {
  /** Rows of one device batch by outcome (the intake answer). */
  intakeRows(kind: string, result: { accepted: number; duplicates: number; rejected: readonly unknown[] }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers the counters' hook and GET /metrics; before the routes, so every route is measured. */
export function registerMetrics(app: App, db: Kysely<Database>, token: string | null): void {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern ("unmatched": no route), method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const outcomes = (name: string, help: string) => new Counter({ name, help, labelNames: ['route', 'outcome'], registers: [registry] });
  const imports = outcomes('portal_imports_total', 'File imports by route and outcome (ok, refused: 4xx, failed: 5xx)');
  const exports = outcomes('portal_exports_total', 'Exports by route and outcome (ok, refused: 4xx, failed: 5xx)');
  const batches = outcomes('portal_intake_batches_total', 'Device intake batches by route and outcome (ok, refused: 4xx, failed: 5xx)');
  const rows = new Counter({
    name: 'portal_intake_rows_total',
    help: 'Device intake rows by kind and result (accepted, duplicate, rejected)',
    labelNames: ['kind', 'result'],
    registers: [registry],
  });
  const pool = postgresPool(db);
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.decorate('metrics', {
    intakeRows(kind, result) {
      rows.inc({ kind, result: 'accepted' }, result.accepted);
      rows.inc({ kind, result: 'duplicate' }, result.duplicates);
      rows.inc({ kind, result: 'rejected' }, result.rejected.length);
    },
  } satisfies AppMetrics);

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL: ids and unknown paths would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    const outcome = status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed';
    if (route.endsWith('/import')) imports.inc({ route, outcome });
    else if (route.endsWith('/export')) exports.inc({ route, outcome });
    else if (route.startsWith(INTAKE_PREFIX) && request.method === 'POST') batches.inc({ route, outcome });
  });

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (token !== null) {
      if (!bearerMatches(request.headers.authorization, token)) {
        throw new ApiError(
          401,
          request.headers.authorization ? ERROR_CODES.TOKEN_INVALID : ERROR_CODES.TOKEN_MISSING,
          'Send Authorization: Bearer <METRICS_TOKEN>',
        );
      }
    } else if (
      !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
      request.headers['x-forwarded-for'] !== undefined ||
      request.headers.forwarded !== undefined
    ) {
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, 'Metrics are served to this machine only, or with METRICS_TOKEN');
    }
    const merged = Registry.merge([processMetrics(), registry]);
    return reply
      .type(merged.contentType)
      .header('cache-control', 'no-store')
      .send(await merged.metrics());
  });
}
