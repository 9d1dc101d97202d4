/**
 * Stopping an instance (SIGTERM from the orchestrator, SIGINT from a terminal): stop accepting connections,
 * let in-flight requests finish (requests arriving meanwhile on open keep-alive connections get 503 with
 * `Connection: close`, which a load balancer retries elsewhere), then close the database and exit. Bounded:
 * after SHUTDOWN_TIMEOUT_MS the remaining connections are cut and the process exits with status 1.
 */
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
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      options.log(`Stopping: no new connections, finishing requests in flight (at most ${options.timeoutMs} ms)`);
      let code = 0;
      const timer = setTimeout(() => {
        code = 1;
        options.log('Stopping: requests still running after the time limit are cut');
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
      await options.release().catch(() => { code = 1; });
      options.exit(code);
    })();
    return stopping;
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return stop;
}
