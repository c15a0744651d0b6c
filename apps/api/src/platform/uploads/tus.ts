import type { IncomingMessage } from 'node:http';
import type { Server } from '@tus/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal, RouteAccess } from '../http/access';
import { errorBody } from '../http/errors';

/*
 * What resumable (tus 1.0) uploads share — lesson videos (media) and lesson packages (scorm): our
 * error body in tus answers, the request's user and logger inside tus's hooks, the owner check,
 * and the routes that hand the raw requests to tus.
 */

/** What the tus hooks receive: a web Request whose Node request is reachable through srvx. */
export type TusRequest = { method: string; url: string; runtime?: { node?: { req: IncomingMessage } } };

export type TusError = { status_code: number; body: string };

export function tusError(status: number, message: string): TusError {
  return { status_code: status, body: JSON.stringify(errorBody(status, message)) };
}

/** A tus error as our error body (the web app shows `message`), with the upload kind's words. */
export function mapTusError(
  err: Error | TusError,
  messages: { tooLarge: string; notFound: string },
): TusError {
  const status = 'status_code' in err ? err.status_code : 500;
  const body = 'body' in err ? err.body : '';
  if (body.startsWith('{')) return { status_code: status, body };
  if (status === 413) return tusError(413, messages.tooLarge);
  if (status === 404 || status === 410) return tusError(status, messages.notFound);
  if (status >= 500) return tusError(500, 'The upload failed, please try again');
  return tusError(status, body.trim() || 'The upload request is not valid');
}

/** Only the person who started an upload (or an administrator) may continue it; 403 otherwise. */
export function assertMayContinue(owner: number | null, principal: Principal | undefined): void {
  if (!principal || (owner !== principal.id && principal.role !== 'ROLE_ADMIN')) {
    throw tusError(403, 'Only the person who started this upload may continue it');
  }
}

/**
 * Serves `tus` at `urls` under `access`: each request's user and logger are kept for the hooks
 * (`principalOf`, `logOf`: a failure is logged with its request id), and the raw request goes to
 * tus, which streams the body itself.
 */
export class TusEndpoint {
  private readonly principals = new WeakMap<IncomingMessage, Principal>();
  private readonly logs = new WeakMap<IncomingMessage, FastifyBaseLogger>();

  constructor(private readonly app: FastifyInstance) {}

  /** `req`: the Request a tus hook receives. */
  principalOf(req: object): Principal | undefined {
    const raw = (req as TusRequest).runtime?.node?.req;
    return raw ? this.principals.get(raw) : undefined;
  }

  logOf(req: object): FastifyBaseLogger {
    const raw = (req as TusRequest).runtime?.node?.req;
    return (raw && this.logs.get(raw)) ?? this.app.log;
  }

  async serve(tus: Server, urls: string[], access: RouteAccess): Promise<void> {
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.principal) this.principals.set(request.raw, request.principal);
      this.logs.set(request.raw, request.log);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    await this.app.register(async (scope) => {
      // tus streams the body itself: Fastify must not read it.
      scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
      const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
      for (const url of urls) {
        scope.route({
          method: [...methods],
          url,
          config: { access },
          schema: { hide: true },
          handler: handle,
        });
      }
    });
  }
}
