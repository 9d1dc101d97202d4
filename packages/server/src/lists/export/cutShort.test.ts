/**
 * An export cut short must never look complete: a csv export read slowly over a real socket while the
 * instance stops (SIGTERM's stop function), its database is closed under the running stream, or the stream
 * fails. The client is fetch with `Connection: close`, as in the e2e scale test: undici takes a plain close
 * of such a connection as the end of a whole response even in the middle of a chunked body, so the server
 * must reset (RST) whatever it cuts. The client gets every line and a clean end, or an error — never a short
 * body that ends cleanly. Both databases (TEST_DATABASE_URL selects PostgreSQL).
 */
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { installShutdown } from '../../lifecycle';
import { sendFile } from '../../routes/containers';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { addCatalogue } from '../testing/helpers';

jest.setTimeout(120_000);

const ROWS = 12_000;
const padding = 'x'.repeat(180);
const format = { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' };
const columns = [
  { id: 'code', title: 'code' },
  { id: 'field1', title: 'field1' },
];

interface Outcome {
  kind: 'complete' | 'broken';
  lines: number;
  detail: string;
}

/** Starts the export and reads its first chunk; the rest is read only by `readRest` (the server is then mid-stream). */
async function slowExport(port: number, token: string, store: number, catalogueId: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/stores/${store}/catalogues/${catalogueId}/export`, {
    method: 'POST',
    headers: { connection: 'close', 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify({ format, columns, order: null, searchTexts: {} }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const chunks: Buffer[] = [Buffer.from((await reader.read()).value ?? [])];
  const readRest = async (): Promise<Outcome> => {
    let kind: Outcome['kind'] = 'complete';
    let detail = 'end';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(Buffer.from(value));
      }
    } catch (e) {
      kind = 'broken';
      detail = String((e as Error).cause ?? e);
    }
    return { kind, lines: Buffer.concat(chunks).toString('utf8').split('\r\n').filter(Boolean).length, detail };
  };
  return { readRest };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A test app with a large catalogue, listening on a real port. */
async function setup(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(overrides);
  t = app;
  const store = await app.storeId('BIB-001');
  const catalogueId = await addCatalogue(
    app.db,
    store,
    'Large',
    Array.from({ length: ROWS }, (_, i) => ({ code: String(i).padStart(6, '0'), field1: padding })),
  );
  const token = await app.token('librarian');
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  return { app, start: () => slowExport(port, token, store, catalogueId) };
}

/** installShutdown as main.ts does (release: the database), without exiting the test process or keeping its signal handlers. */
function shutdown(app: TestApp, timeoutMs: number) {
  const before = { term: process.listeners('SIGTERM'), int: process.listeners('SIGINT') };
  const exited: number[] = [];
  const stop = installShutdown(app.app, {
    timeoutMs,
    release: () => app.db.destroy(),
    exit: (code) => {
      exited.push(code);
    },
    log: () => undefined,
  });
  for (const [signal, kept] of [
    ['SIGTERM', before.term],
    ['SIGINT', before.int],
  ] as const) {
    for (const l of process.listeners(signal)) if (!kept.includes(l)) process.removeListener(signal, l);
  }
  return { stop, exited };
}

const brokenNotShortAndClean = (o: Outcome) => {
  expect(o).toMatchObject({ kind: 'broken' });
  expect(o.detail).toMatch(/ECONNRESET|terminated|aborted|reset|closed/i);
  expect(o.lines).toBeLessThan(ROWS + 1);
};

describe('an export cut short never looks complete', () => {
  it('stopping the instance lets the export in flight finish whole before the database is closed', async () => {
    const { app, start } = await setup();
    const { stop, exited } = shutdown(app, 60_000);
    const run = await start();
    const stopped = stop();
    await new Promise((r) => setTimeout(r, 300));
    const outcome = await run.readRest();
    await stopped;
    expect(outcome).toEqual({ kind: 'complete', lines: ROWS + 1, detail: 'end' });
    expect(exited).toEqual([0]);
  });

  it('an export still running at the time limit is cut with a reset: an error to the client, and exit status 1', async () => {
    const { app, start } = await setup();
    const { stop, exited } = shutdown(app, 200);
    const run = await start();
    await stop();
    brokenNotShortAndClean(await run.readRest());
    expect(exited).toEqual([1]);
  });

  it('an export whose stream fails after its first bytes ends with a reset, not a clean end (sendFile)', async () => {
    const server = Fastify();
    server.post('/file', (_req, reply) => {
      const stream = new Readable({ read() {} });
      stream.push(Buffer.from('code\r\n000001\r\n'));
      setTimeout(() => stream.destroy(new Error('The database went away')), 200);
      return sendFile(reply, { stream, fileName: 'cut.csv', contentType: 'text/csv; charset=utf-8' });
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/file`, { method: 'POST', headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      const outcome = await res.text().then(
        (text) => ({ kind: 'complete', text }),
        (e: Error) => ({ kind: 'broken', text: String(e.cause ?? e) }),
      );
      expect(outcome).toEqual({ kind: 'broken', text: expect.stringMatching(/ECONNRESET|terminated|closed/i) });
    } finally {
      await server.close();
    }
  });

  it('the database closed under a running export: the export still completes whole', async () => {
    const { app, start } = await setup();
    const run = await start();
    const closing = app.db.destroy();
    const outcome = await run.readRest();
    await closing;
    expect(outcome).toEqual({ kind: 'complete', lines: ROWS + 1, detail: 'end' });
  });
});
