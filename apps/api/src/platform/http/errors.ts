import { MESSAGES, type TApiError } from '@academy/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailableReason } from '../db/errors';
import { isStorageFull, isStorageUnavailable } from '../storage/storage';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

export type FieldError = { field: string; message: string };

/** An error whose message is safe to show the user. Throw it from services and routes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new ApiError(400, message, fieldErrors);
/** The WWW-Authenticate challenge of the API. */
export const BEARER = 'Bearer realm="academy"';

export const unauthorized = (message: string = MESSAGES.unauthenticated) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);
export const conflict = (message: string, fieldErrors?: FieldError[]) =>
  new ApiError(409, message, fieldErrors);
export const unprocessable = (message: string) => new ApiError(422, message);

export function errorBody(status: number, message: string, fieldErrors?: FieldError[]): TApiError {
  return {
    status,
    error: REASONS[status] ?? 'Error',
    message,
    ...(fieldErrors?.length ? { fieldErrors } : {}),
  };
}

/** The `at …` lines of an error's stack, without its message. */
function framesOf(err: Error): string {
  return (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/** Seconds a client is asked to wait before trying again while the database is down. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One error shape for every failure; never a stack trace in the answer. The database or file
 * storage being down or unreachable answers 503 (it is not the request's fault and passes by
 * itself), a full disk 507, anything else 500. Every 5xx is logged as one `error` line with the
 * error's stack (and its causes: the storage client's own error) and the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      // RFC 6750: a 401 names the scheme it wants (the guard adds error="invalid_token" when a
      // token was sent and refused).
      if (err.status === 401 && !reply.hasHeader('www-authenticate'))
        reply.header('www-authenticate', BEARER);
      return reply.status(err.status).send(errorBody(err.status, err.message, err.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? MESSAGES.invalidRequest,
      }));
      const first = fieldErrors[0]?.message ?? MESSAGES.invalidRequest;
      return reply.status(400).send(errorBody(400, first, fieldErrors));
    }
    const clientError = Boolean(err.statusCode && err.statusCode >= 400 && err.statusCode < 500);
    // Before the database check, which would take the storage client's ECONNRESET for its own.
    if (!clientError && isStorageUnavailable(err)) {
      request.log.error({ err }, 'file storage unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody(503, MESSAGES.storageUnavailable));
    }
    const unavailable = clientError ? undefined : databaseUnavailableReason(err);
    if (unavailable) {
      // Decision 57: never the query (its parameters can be personal data): the frames only.
      request.log.error({ reason: unavailable, stack: framesOf(err) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody(503, MESSAGES.unavailable));
    }
    if (!clientError && isStorageFull(err)) {
      request.log.error({ err }, 'storage full: a file could not be written');
      return reply.status(507).send(errorBody(507, MESSAGES.storageFull));
    }
    const status = clientError ? (err.statusCode as number) : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody(500, MESSAGES.systemError));
    }
    const message =
      status === 429 ? MESSAGES.tooManyRequests : status === 400 ? MESSAGES.invalidRequest : err.message;
    return reply.status(status).send(errorBody(status, message));
  });
}
