import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { authorizations } from '../authorizations/tables';
import { branches, departments, services } from '../org/tables';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    employeeCode: varchar('employee_code', { length: 64 }).notNull(),
    fullName: varchar('full_name', { length: 255 }),
    email: varchar('email', { length: 255 }).notNull(),
    /** scrypt hash "scrypt$N$r$p$salt$hash"; null for users who only sign in through an external IdP. */
    passwordHash: text('password_hash'),
    /** False until the user has chosen their own password (first sign-in or after an admin reset). */
    activePassword: boolean('active_password').notNull().default(true),
    role: varchar('role', { length: 32 }).notNull().default('ROLE_STUDENT'),
    authorizationId: integer('authorization_id').references(() => authorizations.id),
    dateOfBirth: date('date_of_birth'),
    gender: varchar('gender', { length: 16 }),
    phone: varchar('phone', { length: 32 }),
    authorizedOn: date('authorized_on'),
    workplace: varchar('workplace', { length: 255 }),
    position: varchar('position', { length: 255 }),
    serviceId: integer('service_id').references(() => services.id),
    branchId: integer('branch_id').references(() => branches.id),
    departmentId: integer('department_id').references(() => departments.id),
    avatarUrl: text('avatar_url'),
    access: varchar('access', { length: 16 }).notNull().default('ALLOWED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_employee_code_lower_uq').on(sql`lower(${t.employeeCode})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_service_id_idx').on(t.serviceId),
    index('users_branch_id_idx').on(t.branchId),
    index('users_department_id_idx').on(t.departmentId),
    index('users_authorization_id_idx').on(t.authorizationId),
    index('users_full_name_lower_idx').on(sql`lower(${t.fullName})`),
    check('users_role_check', sql`${t.role} IN ('ROLE_ADMIN', 'ROLE_STUDENT')`),
    check('users_access_check', sql`${t.access} IN ('ALLOWED', 'STOPPED')`),
  ],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_history_user_at_idx').on(t.userId, t.at.desc())],
);

/** Single-use password reset links: only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Where a user is signed in: one row per sign-in session of the embedded provider (its session
 * uid), written when the provider issues tokens for it. Access tokens carry the id (`sid`) and
 * stop working once the row is ended: password changes, access stopped, "sign out everywhere".
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

/**
 * Who a user is at an external sign-in provider: (issuer, subject) — the provider's stable pair,
 * never a name that can change. Written on the first sign-in (linked to an existing user by employee
 * code or verified email, or to a learner created then); after that the link never moves. One
 * identity per user and issuer.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: varchar('issuer', { length: 512 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the first sign-in found the user: `employee_code`, `email` or `created`. */
    linkedBy: varchar('linked_by', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('external_identities_user_issuer_uq').on(t.userId, t.issuer),
    check('external_identities_linked_by_check', sql`${t.linkedBy} IN ('employee_code', 'email', 'created')`),
  ],
);
