/**
 * Timeouts of the HTTP server (Fastify turns Node's request timeout off by default), from the environment:
 *   HTTP_REQUEST_TIMEOUT_MS    the whole request (headers and body, uploads included) must arrive within it
 *                              (default 300,000: a 50 MB upload at 1.5 Mbit/s)
 *   HTTP_IDLE_TIMEOUT_MS       a connection with no byte either way for this long is closed (default 300,000;
 *                              longer than the slowest import's silence, exports stop their own idle readers)
 *   HTTP_KEEPALIVE_TIMEOUT_MS  the keep-alive timeout announced to clients (default 5,000); Node closes an idle
 *                              keep-alive connection 1 s after it, so a client reusing one at the announced time
 *                              is still answered
 */
export interface HttpTimeouts {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestTimeout: 300_000, connectionTimeout: 300_000, keepAliveTimeout: 5_000 };

const positive = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Fastify options for the timeouts. */
export function httpTimeouts(env: NodeJS.ProcessEnv = process.env): HttpTimeouts {
  return {
    requestTimeout: positive(env.HTTP_REQUEST_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.requestTimeout),
    connectionTimeout: positive(env.HTTP_IDLE_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.connectionTimeout),
    keepAliveTimeout: positive(env.HTTP_KEEPALIVE_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.keepAliveTimeout),
  };
}
