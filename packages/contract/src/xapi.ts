import { z } from 'zod';
import { ZPageQuery } from './common';

/**
 * Keys to the learning record store (issue 26): an administrator makes a key/secret pair per
 * integration, allowed to read, write or both; the secret is shown once, when it is made.
 */
export const ZXapiCredentialInput = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    read: z.boolean().default(true),
    write: z.boolean().default(true),
  })
  .refine((key) => key.read || key.write, { message: 'A key reads, writes or both', path: ['read'] });
export type TXapiCredentialInput = z.infer<typeof ZXapiCredentialInput>;

export const ZXapiCredential = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  read: z.boolean(),
  write: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** When the key last reached the LRS (to the minute); null if never. */
  lastUsedAt: z.string().nullable(),
});
export type TXapiCredential = z.infer<typeof ZXapiCredential>;

/** The answer to making a key: the only time the secret is shown. */
export const ZXapiCredentialCreated = z.object({
  id: z.number().int(),
  key: z.string(),
  secret: z.string(),
  /** Where the LRS answers (the xAPI endpoint to configure in the other system). */
  endpoint: z.string(),
});
export type TXapiCredentialCreated = z.infer<typeof ZXapiCredentialCreated>;

/**
 * The statements report (issue 26, point 5; administrators): what the learning record store holds,
 * newest stored first, voided statements left out as the LRS leaves them out.
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalInstant = z.preprocess(
  blankToUndefined,
  z.iso
    .datetime({ offset: true, message: 'Give a date and time in ISO 8601, e.g. 2026-11-27T00:00:00Z' })
    .optional(),
);

export const ZXapiStatementFilters = z.object({
  /** The actor: an employee code (an account on the academy), an email, or an agent as JSON. */
  actor: optionalText(1000),
  /** The verb's IRI. */
  verb: optionalText(2000),
  /** The object activity's IRI. */
  activity: optionalText(2000),
  /** Stored after this instant. */
  since: optionalInstant,
  /** Stored at or before this instant. */
  until: optionalInstant,
});
export type TXapiStatementFilters = z.infer<typeof ZXapiStatementFilters>;

export const ZXapiStatementQuery = ZXapiStatementFilters.extend(
  ZPageQuery.pick({ page: true, size: true }).shape,
);
export type TXapiStatementQuery = z.infer<typeof ZXapiStatementQuery>;

export const XAPI_EXPORT_FORMATS = ['xlsx', 'json'] as const;
export const ZXapiStatementExportQuery = ZXapiStatementFilters.extend({
  format: z.enum(XAPI_EXPORT_FORMATS).default('xlsx'),
});

/** A stored statement as the report lists it: the parts a person reads, and the statement itself. */
export const ZXapiStatementRow = z.object({
  id: z.string(),
  stored: z.string(),
  timestamp: z.string().nullable(),
  actor: z.object({ name: z.string().nullable(), id: z.string() }),
  verb: z.object({ id: z.string(), display: z.string().nullable() }),
  object: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  result: z
    .object({
      success: z.boolean().nullable(),
      completion: z.boolean().nullable(),
      scaled: z.number().nullable(),
      duration: z.string().nullable(),
    })
    .nullable(),
  registration: z.string().nullable(),
  /** The key that stored it; null for the academy's own statements. */
  source: z.string().nullable(),
  statement: z.record(z.string(), z.unknown()),
});
export type TXapiStatementRow = z.infer<typeof ZXapiStatementRow>;

/** The export stops at this many statements; narrow the filters for more. */
export const XAPI_EXPORT_LIMIT = 100_000;
