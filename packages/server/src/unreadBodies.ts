/**
 * Answers sent before their request's body has arrived: a 401 for an upload without a token, a 413 or 429
 * refusing a file, a 400 for a bad multipart field. Node's HTTP server stops reading such a request and, once
 * the keep-alive timeout passes, destroys the socket while the client is still sending. A client that sends its
 * whole body before reading the answer (as many HTTP libraries and devices do) then gets a reset instead of the
 * answer, and the kernel may even discard an answer already received.
 *
 * So after such an answer the rest of the body is read and discarded, and the connection stays usable: the
 * client reads the 4xx and may send its next request on the same socket. A body larger than the server would
 * ever accept is not read: its answer says `Connection: close`.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** Discards at most this many bytes of a request body nobody reads; past it the connection is closed. */
export function registerUnreadBodies(app: FastifyInstance, maxDiscardBytes: number): void {
  app.addHook('onSend', async (request, reply) => {
    const req = request.raw;
    if (req.complete) return;
    if (declaredLength(req) > maxDiscardBytes) reply.header('connection', 'close');
    // Fastify closes after a body it could not parse (a 4xx); reading the rest keeps the answer readable instead.
    // A 5xx keeps its close (a 503 while the server stops).
    else if (reply.statusCode < 500 && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
  });
  app.addHook('onResponse', async (request, reply) => {
    const req = request.raw;
    if (req.complete || reply.getHeader('connection') === 'close') return;
    discardRest(req, maxDiscardBytes);
  });
}

const declaredLength = (req: IncomingMessage): number => {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) ? length : 0;
};

/** Reads the rest of the body into nothing; a body still coming after `maxBytes` closes the connection. */
function discardRest(req: IncomingMessage, maxBytes: number): void {
  // A body parser (busboy for multipart) may still be attached, paused on a file nobody reads.
  req.unpipe();
  req.removeAllListeners('data');
  let discarded = 0;
  // A client that gives up sending is no error of the server's.
  req.on('error', () => {});
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) req.socket.destroy();
  });
  req.resume();
}
