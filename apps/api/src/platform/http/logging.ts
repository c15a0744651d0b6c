import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../../config';
import { routeLabel } from '../observability/metrics';

/** Query parameters that carry secrets: OIDC codes and tokens, reset and media tokens, passwords. */
const SECRET_QUERY_PARAMETERS =
  /([?&](?:code|token|access_token|refresh_token|id_token|id_token_hint|code_verifier|password|state)=)[^&#]*/gi;

const REDACTED = '[redacted]';

/** The URL as it may be logged: every secret-bearing query value replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, `$1${REDACTED}`);
}

type LoggedRequest = {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * Logger settings: the level from config, requests logged without secrets in their URL, and
 * credentials redacted wherever a log line would carry them (headers, bodies, error details).
 */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.newPassword',
        '*.oldPassword',
        '*.confirmPassword',
        '*.accessToken',
        '*.refreshToken',
        '*.access_token',
        '*.refresh_token',
        '*.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}

/**
 * One line per request at `info`: method, route pattern (never the raw URL, which can hold ids and
 * secrets), status, duration, the signed-in user's id; the request id comes with every line of
 * the request (`reqId`). A 5xx also gets its own `error` line with the stack (errors.ts).
 */
export function registerRequestLog(app: FastifyInstance): void {
  // At a level above `info` (LOG_LEVEL=warn or error) there is no line to build.
  if (!['trace', 'debug', 'info'].includes(app.log.level)) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.principal?.id ?? null,
      },
      'request',
    );
  });
}
