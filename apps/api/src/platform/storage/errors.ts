/**
 * File storage could not be reached or refused an operation (the S3 endpoint is down, refuses the
 * credentials, answers 5xx…). The error handler answers 503 with a message that says so and logs
 * this error, whose cause is the storage client's own error, with its stack.
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly operation: 'put' | 'stat' | 'get' | 'delete' | 'list' | 'abort',
    readonly key: string | undefined,
    cause: unknown,
  ) {
    super(`file storage failed to ${operation}${key ? ` ${key}` : ''}: ${describe(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { Code?: unknown; code?: unknown }).Code ?? (cause as { code?: unknown }).code;
  const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return [
    cause.name,
    code && code !== cause.name ? String(code) : '',
    status ? `HTTP ${status}` : '',
    cause.message,
  ]
    .filter(Boolean)
    .join(' ');
}

/** True when `err`, or one of its causes, is a storage outage. */
export function isStorageUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof StorageUnavailableError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
