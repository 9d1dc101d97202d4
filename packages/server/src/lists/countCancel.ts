/**
 * Counts nobody waits for stop. A list's exact total (count=only, a page's total, export and
 * add-to counts) can read a million rows for seconds; a person typing in a column filter asks for a new
 * count at every keystroke. Each request carries an AbortSignal (AsyncLocalStorage, set by an onRequest
 * hook) that aborts when the client goes away before its answer, and for count=only also when the same
 * caller (session: user and token) asks for a newer count of the same list (path): that one supersedes it. The engine
 * stops an aborted count where it runs: PostgreSQL cancels the backend's statement (pg_cancel_backend),
 * the SQLite count worker throws from its per-row check (./searchWorker). A superseded count answers
 * 409 CONFLICT (the client drops answers of older queries anyway).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { ACCESS_TOKEN_HEADER, ERROR_CODES } from '@portal/contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** A count stopped because nobody waits for it: 409 wherever it surfaces (the engine, Compare's totals). */
export class CountCancelled extends ApiError {
  constructor(message: string) {
    super(409, ERROR_CODES.CONFLICT, message);
  }
}

const requestSignal = new AsyncLocalStorage<AbortSignal>();

interface Running {
  controller: AbortController;
  /** Arrival order: a count asked later supersedes one asked earlier, whichever passes the token check first. */
  seq: number;
}
/** The latest count=only request of each caller and list. */
const latestCounts = new Map<string, Running>();
let arrivals = 0;

/** Counts stopped since the process started (tests observe it). */
export const cancelledCounts = { n: 0 };

/** The signal of the request being served (undefined outside a request: scripts, jobs). */
export const countSignal = (): AbortSignal | undefined => requestSignal.getStore();

/** The signed-in user of each request, by its signal: whose share a worker slot comes from (../lists/fairGate). */
const owners = new WeakMap<AbortSignal, number>();

/** The user of the request being served (undefined outside a request or before its token check). */
export const requestOwner = (): number | undefined => {
  const signal = requestSignal.getStore();
  return signal ? owners.get(signal) : undefined;
};

/** Runs `work` as a request with `signal` would (benchmarks). */
export const withCountSignal = <R>(signal: AbortSignal, work: () => Promise<R>): Promise<R> => requestSignal.run(signal, work);

const requests = new WeakMap<object, Running>();

const superseded = () => new CountCancelled('Superseded by a newer count of this list');

export function registerCountCancellation(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const running: Running = { controller: new AbortController(), seq: ++arrivals };
    requests.set(request, running);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) running.controller.abort(new CountCancelled('The client went away'));
    });
    requestSignal.run(running.controller.signal, done);
  });
  // Once the caller is known (the token check runs in a later onRequest hook): of the same user's counts of
  // the same list, the one asked last runs; any other stops.
  app.addHook('preHandler', (request, reply, done) => {
    const running = requests.get(request);
    const owner = (request as { authUser?: { id?: unknown } | null }).authUser?.id;
    if (running && typeof owner === 'number') owners.set(running.controller.signal, owner);
    if (running && (request.query as { count?: unknown } | undefined)?.count === 'only') {
      // The caller is the session (its token), not the user: two desks signed in as one account each keep
      // their counts (keyed by user, one desk's count stopped the other's, whose total then never came).
      const user = (request as { authUser?: { id?: unknown } | null }).authUser?.id ?? '';
      const key = `${String(user)} ${String(request.headers[ACCESS_TOKEN_HEADER] ?? '')} ${request.url.split('?')[0]}`;
      const latest = latestCounts.get(key);
      if (latest && latest.seq > running.seq) {
        running.controller.abort(superseded());
      } else {
        latest?.controller.abort(superseded());
        latestCounts.set(key, running);
        reply.raw.once('close', () => {
          if (latestCounts.get(key) === running) latestCounts.delete(key);
        });
      }
    }
    done();
  });
}

const reason = (signal: AbortSignal) => (signal.reason instanceof CountCancelled ? signal.reason : new CountCancelled('Count cancelled'));

/**
 * Runs a count query on PostgreSQL so that an abort of `signal` cancels it in the database: the query runs
 * on one connection (the transaction's, or one taken from the pool) whose backend is cancelled from another.
 */
export async function cancellablePostgres<R>(
  root: Kysely<Database>,
  conn: Kysely<Database> | Transaction<Database>,
  query: RawBuilder<R>,
  signal: AbortSignal | undefined,
): Promise<R[]> {
  if (!signal) return (await query.execute(conn)).rows;
  if (signal.aborted) throw reason(signal);
  const run = async (c: Kysely<Database>) => {
    const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(c)).rows[0].pid);
    const cancel = () => {
      cancelledCounts.n += 1;
      void sql`select pg_cancel_backend(${pid})`.execute(root).catch(() => undefined);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      // Aborted while the backend's pid was read: the listener came too late to hear it.
      if (signal.aborted) throw reason(signal);
      return (await query.execute(c)).rows;
    } catch (e) {
      throw signal.aborted ? reason(signal) : e;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };
  return conn.isTransaction ? run(conn) : root.connection().execute(run);
}

/** The SQLite worker's side: a count stopped because of `signal`. */
export function countCancelledBy(signal: AbortSignal): CountCancelled {
  cancelledCounts.n += 1;
  return reason(signal);
}
