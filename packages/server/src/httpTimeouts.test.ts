/** A client that sends part of a request and then nothing is disconnected (slow-loris), on a real socket. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './testing/testApp';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeouts } from './httpTimeouts';

// Server tests share a loaded 2-core machine: setting up the app on PostgreSQL alone can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  process.env.HTTP_IDLE_TIMEOUT_MS = '400';
  try {
    t = await createTestApp();
  } finally {
    delete process.env.HTTP_IDLE_TIMEOUT_MS;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('HTTP timeouts', () => {
  it('reads its settings from the environment, with bounded defaults', () => {
    expect(httpTimeouts({})).toEqual(DEFAULT_HTTP_TIMEOUTS);
    expect(httpTimeouts({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: 'x' })).toMatchObject({
      requestTimeout: 1000,
      connectionTimeout: DEFAULT_HTTP_TIMEOUTS.connectionTimeout,
    });
  });

  it('closes a connection that stops sending in the middle of its headers', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/version HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    // The server closes it (the test's limit is 400 ms); a connection left open would run into jest's timeout.
    await new Promise((resolve) => {
      socket.once('close', resolve);
      socket.resume();
    });
    expect(socket.destroyed).toBe(true);
  });
});
