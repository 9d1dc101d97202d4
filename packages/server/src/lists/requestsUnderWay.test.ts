/**
 * Between two steps of a long SQLite write, the requests that arrived during the step finish first (at most
 * ARRIVALS_WAIT_MS); those under way before it are not waited for. A real listening server and real requests,
 * each held by the test until it lets it answer, so no outcome depends on how fast the machine is.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ARRIVALS_WAIT_MS, letArrivalsThrough, registerRequestsUnderWay } from './requestsUnderWay';

/** Longer than any wait here can take: a wait that is not cut short by its rule runs into the test's timeout. */
const NO_LIMIT_MS = 10 * 60_000;

let app: FastifyInstance;
let base: string;
/** Called when the server has taken a request (after registerRequestsUnderWay's own hook). */
let onArrival: (() => void) | null = null;
/** The held requests' releases, by request id in the query. */
const releases = new Map<string, () => void>();
/** Every answer asked for, so none is left pending when a test fails. */
const answers: Array<Promise<unknown>> = [];

beforeAll(async () => {
  app = Fastify();
  registerRequestsUnderWay(app);
  app.addHook('onRequest', (_request, _reply, done) => {
    onArrival?.();
    done();
  });
  // Answers once the test releases it.
  app.get('/held/:id', async (request) => {
    await new Promise<void>((resolve) => {
      releases.set((request.params as { id: string }).id, resolve);
    });
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const release of releases.values()) release();
  releases.clear();
  await Promise.allSettled(answers.splice(0));
});
afterAll(() => app.close());

let next = 0;
/** A held request, resolved once the server has taken it. */
const arrived = async () => {
  const id = String(++next);
  const taken = new Promise<void>((resolve) => {
    onArrival = resolve;
  });
  let answered = false;
  const answer = fetch(`${base}/held/${id}`).then(async (res) => {
    await res.json();
    answered = true;
  });
  answers.push(answer);
  await taken;
  onArrival = null;
  return {
    answer,
    answered: () => answered,
    release: async () => {
      while (!releases.has(id))
        await new Promise((resolve) => {
          setImmediate(resolve);
        });
      releases.get(id)!();
    },
  };
};

/** The wait, and whether it has ended yet. */
const watched = (wait: Promise<void>) => {
  let ended = false;
  const done = wait.then(() => {
    ended = true;
  });
  return { done, ended: () => ended };
};

it('waits for a request that arrived since the step began, until it is answered', async () => {
  const since = performance.now();
  const request = await arrived();
  const wait = watched(letArrivalsThrough(since, NO_LIMIT_MS));
  // Held: the wait cannot end, however many turns pass.
  for (let turn = 0; turn < 20; turn += 1)
    await new Promise((resolve) => {
      setTimeout(resolve, 1);
    });
  expect(wait.ended()).toBe(false);
  await request.release();
  await wait.done;
  await request.answer;
  expect(request.answered()).toBe(true);
});

it('does not wait for a request under way before the step', async () => {
  const before = await arrived();
  await letArrivalsThrough(performance.now(), NO_LIMIT_MS);
  expect(before.answered()).toBe(false);
});

it('waits at most its limit (ARRIVALS_WAIT_MS unless given) for a request that is not answered', async () => {
  const since = performance.now();
  const during = await arrived();
  const t0 = performance.now();
  await letArrivalsThrough(since);
  expect(performance.now() - t0).toBeGreaterThanOrEqual(ARRIVALS_WAIT_MS - 1);
  expect(during.answered()).toBe(false);
});
