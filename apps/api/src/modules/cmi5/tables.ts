import type { TCmi5Au } from '@academy/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { lessons } from '../courses/tables';
import { users } from '../users/tables';
import type { JsonObject } from '../xapi';
import type { StoredNode } from './course-structure';

/**
 * A lesson's cmi5 course (issue 26, point 3): what cmi5.xml said, one per lesson; a new upload
 * replaces it. Its files (none for cmi5.xml alone) are in file storage under generated keys.
 */
export const cmi5Courses = pgTable(
  'cmi5_courses',
  {
    id: uuid('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The publisher's course id (cmi5.xml). */
    publisherId: text('publisher_id').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    aus: jsonb('aus').$type<TCmi5Au[]>().notNull(),
    tree: jsonb('tree').$type<StoredNode[]>().notNull(),
    fileCount: integer('file_count').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cmi5_courses_lesson_idx').on(t.lessonId)],
);

/** The files of a course's zip: the path inside it and the storage key holding its bytes. */
export const cmi5CourseFiles = pgTable(
  'cmi5_course_files',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => cmi5Courses.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'cmi5_course_files_pk', columns: [t.courseId, t.path] })],
);

/**
 * A learner's registration (cmi5's enrolment) in a lesson's course, made at the first launch and
 * kept across package replacements. `satisfied_blocks` are the blocks a "satisfied" statement was
 * issued for; `satisfied_at` is when the whole course was. One per cycle of the course (decision
 * 123): a recertification's new cycle enrols the learner again, the old one stays as it was.
 */
export const cmi5Registrations = pgTable(
  'cmi5_registrations',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    satisfiedBlocks: text('satisfied_blocks').array().notNull().default(sql`'{}'::text[]`),
    satisfiedAt: timestamp('satisfied_at', { withTimezone: true }),
    /** The learner's cycle of the lesson's course it was made in (decision 105). */
    cycle: integer('cycle').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cmi5_registrations_learner_cycle_idx').on(t.userId, t.lessonId, t.cycle),
    index('cmi5_registrations_lesson_idx').on(t.lessonId),
  ],
);

/** One AU's standing in a registration, from the statements its sessions sent (and waivers). */
export const cmi5AuStates = pgTable(
  'cmi5_au_states',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => cmi5Registrations.id, { onDelete: 'cascade' }),
    /** The AU's publisher id (cmi5.xml). */
    auId: text('au_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waiveReason: varchar('waive_reason', { length: 64 }),
    satisfiedAt: timestamp('satisfied_at', { withTimezone: true }),
    /** The scaled score of the latest passed or failed statement. */
    scoreScaled: doublePrecision('score_scaled'),
  },
  (t) => [primaryKey({ name: 'cmi5_au_states_pk', columns: [t.registrationId, t.auId] })],
);

/**
 * One launch of an AU (a cmi5 session). The content origin finds it by the SHA-256 of the token
 * in its URLs; the fetch URL hands out its LRS credential once (`fetched_at`); the statements its
 * credential sends move it from launched to initialized to terminated, or the LMS abandons it.
 */
export const cmi5Sessions = pgTable(
  'cmi5_sessions',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => cmi5Registrations.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => cmi5Courses.id, { onDelete: 'set null' }),
    auId: text('au_id').notNull(),
    /** The LMS-generated activity id of the AU (never the publisher's). */
    activityId: text('activity_id').notNull(),
    launchMode: varchar('launch_mode', { length: 8 }).notNull().default('Normal'),
    moveOn: varchar('move_on', { length: 24 }).notNull(),
    masteryScore: doublePrecision('mastery_score'),
    /** The learner as the launch's actor (an account on the academy's URL). */
    actor: jsonb('actor').$type<JsonObject>().notNull(),
    /** SHA-256 of the token in the session's content URLs (the AU's files, the return page). */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** SHA-256 of the fetch URL's token: another token, so the launch URL written in "launched" cannot fetch. */
    fetchTokenHash: varchar('fetch_token_hash', { length: 64 }).notNull(),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    credentialId: bigint('credential_id', { mode: 'number' }),
    initializedAt: timestamp('initialized_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    /** When the AU's latest statement arrived (the session's credited time ends there). */
    lastStatementAt: timestamp('last_statement_at', { withTimezone: true }),
    /** cmi5 defined verbs the AU has used in this session. */
    verbs: text('verbs').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('cmi5_sessions_token_idx').on(t.tokenHash),
    uniqueIndex('cmi5_sessions_fetch_token_idx').on(t.fetchTokenHash),
    index('cmi5_sessions_registration_idx').on(t.registrationId, t.launchedAt),
  ],
);
