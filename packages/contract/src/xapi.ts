import { z } from 'zod';

/**
 * Keys to the learning record store (issue 26): an administrator makes a key/secret pair per
 * integration, allowed to read, write or both; the secret is shown once, when it is made.
 */
export const ZXapiCredentialInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  read: z.boolean().default(true),
  write: z.boolean().default(true),
});
export type TXapiCredentialInput = z.infer<typeof ZXapiCredentialInput>;

export const ZXapiCredential = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  read: z.boolean(),
  write: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
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
