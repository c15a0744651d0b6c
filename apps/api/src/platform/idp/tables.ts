import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/** oidc-provider models (sessions, grants, codes, tokens, interactions) keyed by model name + id. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: varchar('model', { length: 64 }).notNull(),
    id: varchar('id', { length: 255 }).notNull(),
    payload: jsonb('payload').notNull(),
    grantId: varchar('grant_id', { length: 255 }),
    userCode: varchar('user_code', { length: 255 }),
    uid: varchar('uid', { length: 255 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
    // A user's sessions and tokens, ended together (password change, access stopped).
    index('oidc_payloads_account_idx').on(sql`(${t.payload} ->> 'accountId')`),
  ],
);

/** Secrets generated on first start and shared by every API process (signing keys, cookie keys). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-in attempts, counted per username and per IP for rate limiting. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 255 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('sign_in_failures_username_at_idx').on(t.username, t.at),
    index('sign_in_failures_ip_at_idx').on(t.ip, t.at),
  ],
);
