/**
 * Stopping an instance (SIGTERM from the orchestrator, SIGINT from a terminal): stop accepting connections,
 * let in-flight requests finish (requests arriving meanwhile on open keep-alive connections get 503 with
 * `Connection: close`, which a load balancer retries elsewhere), then close the database and exit. Bounded:
 * after SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the process exits with status 1.
 * A cut is a reset (RST), never a plain close: a client that asked for `Connection: close` (undici's fetch
 * among them) takes a plain close after part of a chunked body as the end of a complete response, so a cut
 * export would look whole; a reset is always an error to the client.
 */
import type { Socket } from 'node:net';
import type { App } from './app';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000;

export interface ShutdownOptions {
  timeoutMs: number;
  /** Closes what the app does not own (the database). */
  release: () => Promise<void>;
  exit: (code: number) => void;
  log: (message: string) => void;
}

/** Returns the stop function (also what the signals call; a second signal changes nothing). */
export function installShutdown(app: App, options: ShutdownOptions): () => Promise<void> {
  const sockets = trackSockets(app);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      options.log(`Stopping: no new connections, finishing requests in flight (at most ${options.timeoutMs} ms)`);
      let code = 0;
      const timer = setTimeout(() => {
        code = 1;
        options.log('Stopping: requests still running after the time limit are cut');
        for (const socket of sockets) socket.resetAndDestroy();
        app.server.closeAllConnections();
      }, options.timeoutMs);
      try {
        await app.close();
      } catch (e) {
        code = 1;
        options.log(`Stopping: ${(e as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
      await options.release().catch(() => {
        code = 1;
      });
      options.exit(code);
    })();
    return stopping;
  };
  // `on`, not `once`: after the first signal a second one must not fall back to the default action (an
  // immediate exit that would cut the requests in flight); the stop is bounded by timeoutMs anyway.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return stop;
}

/** The server's open connections (from now on), so that a cut can reset them. */
function trackSockets(app: App): Set<Socket> {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}
