/**
 * A request id on every request: Fastify's logger (pino, one JSON object a line) writes it as `reqId` on every line
 * logged for the request (request.log: "incoming request", "request completed", errors), and the answer carries it
 * in X-Request-Id, so a user's report or a proxy's log finds the server's lines. An incoming X-Request-Id (a proxy's
 * or a client's) is kept when it is a short plain token; otherwise, or without one, the server makes a UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { App } from '../app';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: letters, digits and . _ : - (UUIDs, nginx's $request_id, trace ids), at most 128. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: its sane X-Request-Id, else a new UUID (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Fastify options: our id instead of its counter (logged as reqId), the header read by requestIdOf only (never taken as is). */
export const requestIdOptions = { genReqId: requestIdOf, requestIdHeader: false } as const;

/** Echoes the id on every answer, errors and 404s included. */
export function registerRequestId(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
