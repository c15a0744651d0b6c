import { MESSAGES } from '@academy/contract';
import type { z } from 'zod';
import { badRequest, type FieldError } from '../http/errors';

/** Validates form fields with a contract schema; failures answer 400 with field errors. */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw badRequest(fieldErrors[0]?.message ?? MESSAGES.invalidRequest, fieldErrors);
}
