import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the API's per-field messages on the form's fields. Returns the message to show above
 * the form when the error is not about one field (or null when every message found a field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const known = error.fieldErrors.filter((fieldError) => fields.includes(fieldError.field));
  for (const fieldError of known) setError(fieldError.field as Path<T>, { message: fieldError.message });
  return known.length > 0 && known.length === error.fieldErrors.length ? null : error.message;
}
