import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { MESSAGES } from './messages';

/** Trims, then requires at least one character, with the SPEC's "This field is required". */
export const zRequiredText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `Must be at most ${max} characters`);

export const zEmail = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .pipe(z.email(MESSAGES.emailInvalid));

/** Error body of every failed API call (DESIGN.md "API conventions"). */
export const ZApiError = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** `page` (0-based), `size`, `sort=field,dir` and free-text `q` for list endpoints. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[a-zA-Z_]+(,(asc|desc))?$/, 'sort must look like field,asc or field,desc')
    .optional(),
  q: z.string().trim().max(255).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
