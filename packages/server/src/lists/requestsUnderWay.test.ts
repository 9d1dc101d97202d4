/**
 * Between two steps of a long SQLite write, the requests that arrived during the step finish first (at most
 * ARRIVALS_WAIT_MS); those under way before it are not waited for. A real listening server and real requests.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ARRIVALS_WAIT_MS, letArrivalsThrough, registerRequestsUnderWay } from './requestsUnderWay';

let app: FastifyInstance;
let base: string;
/** Requests whose handler has finished (the server's side: the client may read the answer later). */
const handled = new Set<string>();
const pause = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Called when the server has taken a request (after registerRequestsUnderWay's own hook). */
let onArrival: (() => void) | null = null;

beforeAll(async () => {
  // Keep-alive connections of the test's fetch calls are closed with the server.
  app = Fastify({ forceCloseConnections: true });
  registerRequestsUnderWay(app);
  app.addHook('onRequest', (_request, _reply, done) => {
    onArrival?.();
    done();
  });
  // Answers after `ms`, in several turns of the event loop as a request's token check and queries take them.
  app.get('/slow/:ms', async (request) => {
    const ms = Number((request.params as { ms: string }).ms);
    for (let waited = 0; waited < ms; waited += 5) await pause(5);
    handled.add(request.id);
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** Resolves once the server has taken the request (its onRequest hook ran); `answered`: its handler finished. */
const arrived = async (url: string) => {
  const before = new Set(handled);
  const taken = new Promise<void>((resolve) => { onArrival = resolve; });
  const answer = fetch(`${base}${url}`).then((res) => res.json());
  await taken;
  onArrival = null;
  return { answer, answered: () => [...handled].some((id) => !before.has(id)) };
};

it('waits for a request that arrived since the step began, until it is answered', async () => {
  const since = performance.now();
  const request = await arrived('/slow/30');
  expect(request.answered()).toBe(false);
  await letArrivalsThrough(since);
  expect(request.answered()).toBe(true);
});

it('does not wait for requests under way before the step, and waits at most ARRIVALS_WAIT_MS', async () => {
  const before = await arrived('/slow/1000');
  const since = performance.now();
  let t0 = performance.now();
  await letArrivalsThrough(since);
  expect(performance.now() - t0).toBeLessThan(ARRIVALS_WAIT_MS);
  const during = await arrived('/slow/1000');
  t0 = performance.now();
  await letArrivalsThrough(since);
  const waited = performance.now() - t0;
  expect(waited).toBeGreaterThanOrEqual(ARRIVALS_WAIT_MS - 1);
  expect(waited).toBeLessThan(ARRIVALS_WAIT_MS + 500);
  expect([before.answered(), during.answered()]).toEqual([false, false]);
  await Promise.all([before.answer, during.answer]);
});
