import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { XapiError } from './errors';
import { fromHttp, type LrsRequest } from './lrs-request';
import {
  about,
  activities,
  agents,
  documents,
  type LrsContext,
  type LrsReply,
  statements,
  XAPI_VERSION,
} from './resources';
import type { StatementGuard } from './statement-store';

export const XAPI_PREFIX = '/services/core/xapi';
/** Statements with attachments can be large; documents too. */
const BODY_LIMIT = 64 * 1024 * 1024;

type Handler = (ctx: LrsContext, request: LrsRequest) => Promise<LrsReply>;

const RESOURCES: Record<string, Handler> = {
  '/about': (_ctx, request) => about(request),
  '/statements': statements,
  '/activities/state': (ctx, request) => documents(ctx, 'state', request),
  '/activities/profile': (ctx, request) => documents(ctx, 'activity', request),
  '/agents/profile': (ctx, request) => documents(ctx, 'agent', request),
  '/activities': activities,
  '/agents': agents,
};

function send(reply: FastifyReply, answer: LrsReply) {
  reply.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.send(answer.body ?? null);
}

/**
 * The learning record store (xAPI 1.0.3) at /services/core/xapi: its own authentication (HTTP
 * Basic key/secret), its own body handling (any content type, read as bytes), the version
 * header on every answer, and plain-text errors.
 */
export async function lrsRoutes(
  app: FastifyInstance,
  options: { db: Db; publicUrl: string; guard?: StatementGuard },
): Promise<void> {
  const ctx: LrsContext = {
    db: options.db,
    publicUrl: options.publicUrl,
    prefix: XAPI_PREFIX,
    guard: options.guard,
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-experience-api-version', XAPI_VERSION);
    // Every answer of the statement resource says how far it is consistent, errors too.
    if (
      request.routeOptions.url === `${XAPI_PREFIX}/statements` &&
      !reply.hasHeader('x-experience-api-consistent-through')
    ) {
      reply.header('x-experience-api-consistent-through', new Date().toISOString());
    }
    reply.header('access-control-allow-origin', '*');
    reply.header(
      'access-control-expose-headers',
      'ETag, Last-Modified, X-Experience-API-Version, X-Experience-API-Consistent-Through',
    );
  });
  app.setErrorHandler((err: FastifyError | XapiError, request, reply) => {
    const status = err instanceof XapiError ? err.status : (err.statusCode ?? 500);
    if (status >= 500) request.log.error({ err }, 'xAPI request failed');
    if (status === 401) reply.header('www-authenticate', 'Basic realm="xAPI"');
    const message = status >= 500 ? 'The LRS could not answer; try again later' : err.message;
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error: message }));
  });

  for (const [path, handler] of Object.entries(RESOURCES)) {
    app.route({
      method: ['GET', 'PUT', 'POST', 'DELETE'],
      url: path,
      bodyLimit: BODY_LIMIT,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const lrsRequest = fromHttp({
          method: request.method,
          query: request.query as Record<string, string | string[] | undefined>,
          headers: request.headers,
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
        });
        return send(reply, await handler(ctx, lrsRequest));
      },
    });
    app.options(path, async (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, HEAD, PUT, POST, DELETE')
        .header(
          'access-control-allow-headers',
          'Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match, Accept-Language',
        )
        .header('access-control-max-age', '600')
        .send(),
    );
  }
}
