/**
 * Requests under way, so a long write on SQLite's one connection lets those that arrived during one of its steps
 * finish before its next step. A request that arrives while an import's move step holds the thread
 * starts once the step ends, but its token check and queries take several turns of the event loop: with one turn
 * between the steps it waited for two or three of them (the slowest other request during a 100,000-row import was
 * 0.2–0.45 s with steps of at most 0.17 s). Requests under way before the step (an export stream, the import's own)
 * are not waited for.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** Each request under way and when it arrived (performance.now()). */
const underWay = new Map<object, number>();

export function registerRequestsUnderWay(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    underWay.set(request, performance.now());
    // Answered or abandoned: 'close' comes either way.
    reply.raw.once('close', () => {
      underWay.delete(request);
    });
    done();
  });
}

/** The longest a write waits for the requests that arrived during its last step. */
export const ARRIVALS_WAIT_MS = 50;

const arrivedSince = (since: number): boolean => {
  for (const arrived of underWay.values()) if (arrived >= since) return true;
  return false;
};

/**
 * Waits while a request that arrived at or after `since` (the step's start) is under way, at most `maxWaitMs`;
 * at least one turn of the event loop.
 */
export async function letArrivalsThrough(since: number, maxWaitMs = ARRIVALS_WAIT_MS): Promise<void> {
  const until = performance.now() + maxWaitMs;
  await new Promise<void>((resolve) => {
    setImmediate(resolve);
  });
  while (arrivedSince(since) && performance.now() < until) {
    await new Promise<void>((resolve) => {
      setTimeout(resolve, 1);
    });
  }
}
