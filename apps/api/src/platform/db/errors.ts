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
