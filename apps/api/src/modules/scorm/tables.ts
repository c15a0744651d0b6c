import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { lessons } from '../courses/tables';
import { users } from '../users/tables';

/** What the manifest said about one SCO (kept with the package; the launch data go to the runtime). */
export type StoredSco = {
  identifier: string;
  title: string;
  /** The launch file with its parameters, relative to the package root. */
  launch: string;
  /** adlcp:dataFromLMS / adlcp:datafromlms: cmi.launch_data. */
  launchData: string | null;
  /** SCORM 1.2 adlcp:masteryscore (0–100) or 2004 imsss:minNormalizedMeasure (0–1, as percent). */
  masteryScore: number | null;
};

export type StoredItem = { identifier: string; title: string; sco: string | null; children: StoredItem[] };

/**
 * A lesson's SCORM package (issue 25): one per lesson; a new upload replaces it. Its files are in
 * file storage under generated keys (`scorm_package_files`), never under their own names.
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: uuid('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    version: varchar('version', { length: 24 }).notNull(),
    scos: jsonb('scos').$type<StoredSco[]>().notNull(),
    items: jsonb('items').$type<StoredItem[]>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    fileCount: integer('file_count').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** New attempts after a finished one; 0 = unlimited. */
    maxAttempts: integer('max_attempts').notNull().default(0),
    /** Lowest score in percent that passes; null = the package's own status decides. */
    passMark: integer('pass_mark'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scorm_packages_lesson_idx').on(t.lessonId)],
);

/** The files of a package: its path inside the zip and the storage key holding its bytes. */
export const scormPackageFiles = pgTable(
  'scorm_package_files',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'scorm_package_files_pk', columns: [t.packageId, t.path] })],
);

/**
 * One learner's attempt at a SCORM lesson, rolled up over its SCOs. Attempts survive a package
 * replacement (`package_id` set null), so what a learner did stays in the reports.
 */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').references(() => scormPackages.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    /** The learner's cycle of the course (decision 105): a recertification starts a new attempt. */
    cycle: integer('cycle').notNull().default(1),
    completionStatus: varchar('completion_status', { length: 16 }).notNull().default('not attempted'),
    successStatus: varchar('success_status', { length: 16 }).notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_attempts_learner_idx').on(t.userId, t.lessonId, t.number),
    index('scorm_attempts_lesson_idx').on(t.lessonId),
    index('scorm_attempts_package_idx').on(t.packageId),
  ],
);

/**
 * The run-time data of one SCO in one attempt. Time: `total_seconds` holds the sessions that
 * ended; the running session's credited time is `session_seconds`, never more than the wall-clock
 * time since `session_started_at` (the launch).
 */
export const scormScoStates = pgTable(
  'scorm_sco_states',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => scormAttempts.id, { onDelete: 'cascade' }),
    sco: varchar('sco', { length: 255 }).notNull(),
    completionStatus: varchar('completion_status', { length: 16 }).notNull().default('not attempted'),
    successStatus: varchar('success_status', { length: 16 }).notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    sessionSeconds: doublePrecision('session_seconds').notNull().default(0),
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
    /** The launch that opened the running session: commits of an older launch are refused. */
    sessionId: varchar('session_id', { length: 32 }),
    location: text('location'),
    suspendData: text('suspend_data'),
    /** What the SCO set in cmi.exit at its last commit ('suspend', 'logout', 'normal', ''). */
    exit: varchar('exit', { length: 16 }),
    interactions: jsonb('interactions').$type<Record<string, unknown>[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'scorm_sco_states_pk', columns: [t.attemptId, t.sco] }),
    check('scorm_sco_states_time_check', sql`${t.totalSeconds} >= 0 AND ${t.sessionSeconds} >= 0`),
  ],
);
