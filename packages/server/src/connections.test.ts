/**
 * HTTP connections on real sockets: an answer sent before its request's body arrived is read by a client that
 * sends its whole body first, and the connection stays usable; a client reusing a keep-alive connection at the
 * announced timeout, or with its event loop blocked past it, is answered.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { multipartBody } from './testing/multipart';
import { createTestApp, type TestApp } from './testing/testApp';

jest.setTimeout(60_000);

const ANNOUNCED_MS = 3_000;
/** Node's server keeps an idle keep-alive socket open this long past the announced timeout. */
const NODE_KEEPALIVE_BUFFER_MS = 1_000;
const MAX_UPLOAD = 1024 * 1024;

let t: TestApp;
let port: number;
beforeAll(async () => {
  process.env.HTTP_KEEPALIVE_TIMEOUT_MS = String(ANNOUNCED_MS);
  try {
    t = await createTestApp({ lists: { maxUploadBytes: MAX_UPLOAD } });
  } finally {
    delete process.env.HTTP_KEEPALIVE_TIMEOUT_MS;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A plain HTTP/1.1 client on one socket: it writes a whole request before it reads anything. */
class RawClient {
  readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  readonly closed: Promise<number>;

  constructor() {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', () => {
        this.waiting?.();
        resolve(performance.now());
      });
    });
    this.socket.on('error', () => {});
  }

  /** Writes the request in 64 KiB chunks, each after the one before was taken (fails if the server resets). */
  async send(head: string, body: Buffer = Buffer.alloc(0)): Promise<void> {
    const write = (data: Buffer) =>
      new Promise<void>((resolve, reject) => {
        this.socket.write(data, (e) => {
          if (e) reject(e);
          else resolve();
        });
      });
    await write(Buffer.from(`${head}\r\n`));
    for (let at = 0; at < body.length; at += 64 * 1024) await write(body.subarray(at, at + 64 * 1024));
  }

  /** The next answer (a Content-Length body). */
  async read(): Promise<Answer> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers, body };
        }
      }
      if (this.socket.destroyed) throw new Error('the server closed the connection before answering');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

const health = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n';

describe('an answer sent before the request body arrived', () => {
  const upload = async (field: string, size: number, token: string | null) => {
    const { payload, headers } = multipartBody(field, 'big.csv', 'text/csv', Buffer.alloc(size, 'a'));
    return {
      head: `POST /api/misc/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n${token ? `X-Access-Token: ${token}\r\n` : ''}`,
      payload,
    };
  };

  it.each([
    ['no token', 401, 'TOKEN_MISSING', 'file', null],
    ['a file over the upload cap', 413, 'FILE_TOO_LARGE', 'file', 'admin'],
    ['the file in the wrong field', 400, 'INVALID_FILE', 'other', 'admin'],
  ] as const)('%s: a client sending its whole 8 MB body first reads %i, then uses the same connection', async (_name, status, code, field, user) => {
    const { head, payload } = await upload(field, 8 * MAX_UPLOAD, user && (await t.token(user)));
    const client = new RawClient();
    try {
      await client.send(head, payload);
      const answer = await client.read();
      expect([answer.status, JSON.parse(answer.body).code, answer.headers.connection]).toEqual([status, code, 'keep-alive']);
      await client.send(health);
      expect((await client.read()).status).toBe(200);
    } finally {
      client.close();
    }
  });

  it('a JSON body over the body limit: 413 read after the whole body, and the connection stays usable', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(3 * t.config.bodyLimit) }));
    const client = new RawClient();
    try {
      await client.send(
        `POST /api/stores HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Access-Token: ${await t.token('admin')}\r\n`,
        body,
      );
      expect((await client.read()).status).toBe(413);
      await client.send(health);
      expect((await client.read()).status).toBe(200);
    } finally {
      client.close();
    }
  });

  it('a body declared larger than any route takes is not read: the answer says Connection: close', async () => {
    const client = new RawClient();
    try {
      await client.send(
        `POST /api/misc/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${1024 ** 3}\r\n`,
      );
      const answer = await client.read();
      expect([answer.status, answer.headers.connection]).toEqual([401, 'close']);
      await client.closed;
    } finally {
      client.close();
    }
  });
});

describe('keep-alive connections', () => {
  const pause = (ms: number) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    });

  it('announces the configured timeout, answers a request sent 100 ms after it, and closes an idle connection a second after it', async () => {
    const client = new RawClient();
    try {
      await client.send(health);
      const first = await client.read();
      expect(first.headers['keep-alive']).toBe(`timeout=${ANNOUNCED_MS / 1000}`);
      // A client whose timer fired late reuses the connection just after the announced time.
      await pause(ANNOUNCED_MS + 100);
      // The server's idle time starts when its answer is done, after this.
      const sentAt = performance.now();
      await client.send(health);
      expect((await client.read()).status).toBe(200);
      const closedAt = await client.closed;
      expect(closedAt - sentAt).toBeGreaterThanOrEqual(ANNOUNCED_MS + NODE_KEEPALIVE_BUFFER_MS);
    } finally {
      client.close();
    }
  });

  it('fetch reusing its pooled connection after its event loop was blocked for the announced time is answered', async () => {
    const get = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.text();
      return res.status;
    };
    expect(await get()).toBe(200);
    // The server shares this thread: both its timers and the client's are held, as in a busy process.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ANNOUNCED_MS);
    expect(await get()).toBe(200);
  });
});
