import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id given by a proxy is kept when it is short and plain (it ends up in every log line). */
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id when it is safe to log, else a fresh UUID.
 * Fastify logs it as `reqId` on every line a request writes.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the id in the response. Set on the raw response so replies written outside Fastify
 * (tus uploads, the identity provider) carry it too.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}
