/** A PostgreSQL error as both drivers (pg and PGlite) report it, found through drizzle's wrapper. */
export type PgErrorInfo = { code: string; constraint: string | undefined; table: string | undefined };

export function pgErrorInfo(err: unknown): PgErrorInfo | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; table?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        table: typeof e.table === 'string' ? e.table : undefined,
      };
    }
    current = e.cause;
  }
  return undefined;
}

/** The unique constraint or index a write broke (23505), if that is what happened. */
export function uniqueViolation(err: unknown): string | undefined {
  const info = pgErrorInfo(err);
  return info?.code === '23505' ? (info.constraint ?? '') : undefined;
}

/** True when a row could not be deleted or changed because other rows still point at it (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgErrorInfo(err)?.code === '23503';
}

/**
 * PostgreSQL codes that mean "the database cannot serve now", not "this request is wrong":
 * class 08 (connection exception), shutting down or starting up (57P01–57P03), too many
 * connections (53300).
 */
const UNAVAILABLE_CODES = /^(08...|57P0[123]|53300)$/;
/** Node socket errors when the database server is not reachable. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** What pg says when a connection attempt timed out or a connection dropped mid-query. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'timeout expired',
];

/**
 * Why the database cannot serve, when that is what a failure means (answer 503, not 500): the
 * error code or pg's message, safe to log (never the query or its parameters). Else undefined.
 */
export function databaseUnavailableReason(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.test(e.code) || UNREACHABLE.has(e.code)))
      return e.code;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return message.slice(0, 200);
    current = e.cause;
  }
  return undefined;
}
