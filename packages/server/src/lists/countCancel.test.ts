/**
 * Counts nobody waits for stop: a count=only superseded by a newer one of the same list and
 * caller answers 409 and stops where it runs (SQLite: the count worker's query, running or queued;
 * PostgreSQL: the backend's statement, cancelled), a request whose client went away aborts its signal,
 * and the newer count still answers its exact total. Every wait here waits on the thing (a lane's query
 * count, pg_stat_activity, the handler being entered), never on a fixed time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { addCatalogue } from './testing/helpers';
import { cancelledCounts, CountCancelled, countSignal, registerCountCancellation } from './countCancel';
import { laneQueries, runInWorker } from './searchWorker';
import { sqliteFile } from './sqlite';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** Resolves once `condition` holds (checked every 10 ms; the test's own time-out bounds it). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A query that runs until it is cancelled: a billion-row recursive count with the per-row check. */
const FOREVER =
  'with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000000000) select count(*) as n from c where ((x & 255) <> 0 or portal_alive())';

describe('the request signal (onRequest hook)', () => {
  it('a newer count=only of the same list and token aborts the older one; other lists and callers are left alone', async () => {
    const app = Fastify();
    registerCountCancellation(app);
    // Every caller is the same user (as the token check would set it): tokenA and tokenB are two sign-ins of one
    // account (two desks), whose counts must not stop each other's.
    app.decorateRequest('authUser', null);
    app.addHook('onRequest', async (request) => {
      (request as unknown as { authUser: { id: number } }).authUser = { id: 7 };
    });
    const entered: string[] = [];
    const stopped: string[] = [];
    app.get('/lists/:id', async (request) => {
      const signal = countSignal()!;
      const name = (request.query as { name: string }).name;
      entered.push(name);
      // Waits until aborted, or answers at once for the requests named 'quick'.
      if (name.startsWith('quick')) return { name, aborted: signal.aborted };
      await new Promise<void>((resolve) =>
        signal.addEventListener(
          'abort',
          () => {
            stopped.push(name);
            resolve();
          },
          { once: true },
        ),
      );
      return { name, aborted: true, superseded: (signal.reason as Error).message };
    });
    const get = (path: string, name: string, token: string) =>
      app.inject({ method: 'GET', url: `${path}?count=only&name=${name}`, headers: { 'x-access-token': token } });
    const first = get('/lists/1', 'first', 'tokenA');
    await until(() => entered.includes('first'));
    // Another list and another sign-in of the same user do not supersede it.
    expect((await get('/lists/2', 'quick-other-list', 'tokenA')).json()).toEqual({ name: 'quick-other-list', aborted: false });
    expect((await get('/lists/1', 'quick-other-caller', 'tokenB')).json()).toEqual({ name: 'quick-other-caller', aborted: false });
    expect(entered).toEqual(['first', 'quick-other-list', 'quick-other-caller']);
    expect(stopped).toEqual([]);
    const newer = await get('/lists/1', 'quick-newer', 'tokenA');
    expect(newer.json()).toEqual({ name: 'quick-newer', aborted: false });
    expect((await first).json()).toEqual({ name: 'first', aborted: true, superseded: 'Superseded by a newer count of this list' });
    await app.close();
  });

  it('the count asked last runs, even when an earlier one passes the token check after it', async () => {
    const app = Fastify();
    registerCountCancellation(app);
    // Holds the earlier request between arrival and its handler (as a slow token check would).
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const arrived: string[] = [];
    app.addHook('onRequest', async (request) => {
      const name = (request.query as { name: string }).name;
      arrived.push(name);
      if (name === 'earlier') await gate;
    });
    const entered: string[] = [];
    app.get('/lists/1', async (request) => {
      const signal = countSignal()!;
      const name = (request.query as { name: string }).name;
      entered.push(name);
      if (name === 'third') return { name, aborted: signal.aborted };
      if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      return { name, reason: (signal.reason as Error).message };
    });
    const get = (name: string) => app.inject({ method: 'GET', url: `/lists/1?count=only&name=${name}`, headers: { 'x-access-token': 'same' } });
    const earlier = get('earlier');
    await until(() => arrived.includes('earlier'));
    const later = get('later');
    await until(() => entered.includes('later'));
    release();
    // The earlier one stops at once; the later one is still running (then stopped here by a third count).
    expect((await earlier).json()).toEqual({ name: 'earlier', reason: 'Superseded by a newer count of this list' });
    expect(entered).toEqual(['later', 'earlier']);
    expect((await get('third')).json()).toEqual({ name: 'third', aborted: false });
    expect((await later).json()).toEqual({ name: 'later', reason: 'Superseded by a newer count of this list' });
    await app.close();
  });

  it('a client that goes away before its answer aborts its request', async () => {
    const app = Fastify();
    registerCountCancellation(app);
    let aborted: Promise<string> | null = null;
    app.get('/slow', async () => {
      const signal = countSignal()!;
      aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve((signal.reason as Error).message), { once: true }));
      await aborted;
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const request = http.get({ host: '127.0.0.1', port, path: '/slow' });
    request.on('error', () => undefined);
    await until(() => aborted !== null);
    request.destroy();
    expect(await aborted).toBe('The client went away');
    await app.close();
  });
});

describe(`counts stop where they run (${POSTGRES ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    const store = await t.storeId('BIB-001');
    const rows = Array.from({ length: 300 }, (_, i) => ({ code: `K${i}`, field1: i % 3 ? `Élan ${i}` : `mar ${i}` }));
    url = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Cancel', rows)}/items`;
  }, 60_000);
  afterAll(() => t.close());

  /** One sign-in (token) of the librarian's: the same session's newer count supersedes its older one. */
  let session: string;
  beforeAll(async () => {
    session = await t.token('librarian');
  });
  const count = (needle: string, caller: { token: string } | { user: 'librarian' | 'admin' } = { token: session }) =>
    t.call('GET', `${url}?count=only&searchTexts=${encodeURIComponent(JSON.stringify({ field1: needle }))}`, caller);

  (POSTGRES ? it.skip : it)('SQLite: a running count is stopped and the worker serves the next query', async () => {
    const file = sqliteFile(t.db)!;
    const controller = new AbortController();
    const forever = runInWorker(file, FOREVER, [], Infinity, 'count', controller.signal);
    const before = cancelledCounts.n;
    controller.abort(new CountCancelled('test'));
    await expect(forever).rejects.toBeInstanceOf(CountCancelled);
    expect(cancelledCounts.n).toBe(before + 1);
    expect(await runInWorker(file, 'select 1 as one', [], Infinity, 'count')).toEqual([{ one: 1 }]);
  });

  (POSTGRES ? it.skip : it)('SQLite: a count superseded while it waits in the count worker answers 409; the newer one its total', async () => {
    const file = sqliteFile(t.db)!;
    // Keeps the count worker busy, so the list's counts wait behind it in its queue.
    const holder = new AbortController();
    const held = runInWorker(file, FOREVER, [], Infinity, 'count', holder.signal).catch((e: unknown) => e);
    const sent = laneQueries('count');
    const older = count('el');
    await until(() => laneQueries('count') === sent + 1);
    const newer = count('élan');
    await until(() => laneQueries('count') === sent + 2);
    holder.abort(new CountCancelled('test'));
    expect(await held).toBeInstanceOf(CountCancelled);
    const res = await older;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await newer).json()).toMatchObject({ total: 200 });
  });

  (POSTGRES ? it.each : it.skip.each)([
    ['el', 'élan'],
    ['/el/', '/lan/'],
  ])('PostgreSQL: a superseded count (%s) is cancelled in its backend; the newer one (%s) answers its total', async (olderNeedle, newerNeedle) => {
    // A lock the counts wait for, held by another connection: the older count is running in its backend.
    await t.db.connection().execute(async (locker) => {
      await sql`begin`.execute(locker);
      await sql`lock table catalogue_items in access exclusive mode`.execute(locker);
      const waiting = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like 'select count(*)%'`.execute(t.db)
          ).rows[0].n,
        );
      const before = cancelledCounts.n;
      const older = count(olderNeedle);
      await until(async () => (await waiting()) === 1);
      const newer = count(newerNeedle);
      const res = await older;
      expect(res.statusCode).toBe(409);
      expect(cancelledCounts.n).toBe(before + 1);
      // The older count's backend no longer runs it: only the newer count waits for the lock.
      await until(async () => (await waiting()) === 1);
      await sql`commit`.execute(locker);
      expect((await newer).json()).toMatchObject({ total: 200 });
      expect(await waiting()).toBe(0);
    });
  });

  it('counts of the same list by two callers at once both answer their totals', async () => {
    const [a, b] = await Promise.all([count('el'), count('mar', { user: 'admin' })]);
    expect(a.json()).toMatchObject({ total: 200 });
    expect(b.json()).toMatchObject({ total: 100 });
  });

  it('two sign-ins of one user (two desks) counting the same list both answer their totals', async () => {
    let other = await t.token('librarian');
    // Tokens carry their second of issue: a sign-in in the same second as the first one is the same token.
    if (other === session) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      other = await t.token('librarian');
    }
    expect(other).not.toBe(session);
    const [a, b] = await Promise.all([count('el'), count('mar', { token: other })]);
    expect(a.json()).toMatchObject({ total: 200 });
    expect(b.json()).toMatchObject({ total: 100 });
  });
});
