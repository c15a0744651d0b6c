import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { lessons } from '../courses/tables';
import { users } from '../users/tables';

/**
 * One learner's progress in one lesson. The row exists from the first time the learner opens
 * or plays the lesson. Users with progress cannot be deleted (they are stopped instead);
 * deleting a lesson deletes its progress.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Study time credited from heartbeats, never more than the video's length. */
    creditedSeconds: doublePrecision('credited_seconds').notNull().default(0),
    /** The player position at the last credited heartbeat (where a rewind goes back to). */
    lastPositionSeconds: doublePrecision('last_position_seconds').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('STUDYING'),
    /** Set by the exams module through the study service. */
    examPassed: boolean('exam_passed').notNull().default(false),
    /** A SCORM (or cmi5) lesson's package reported it passed; set by the scorm (cmi5) module through the study service. */
    contentPassed: boolean('content_passed').notNull().default(false),
    /** The viewing (player in one tab) that currently earns credit, and its last heartbeat. */
    viewingId: varchar('viewing_id', { length: 64 }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /** The last heartbeat said the video was playing in a visible tab. */
    watching: boolean('watching').notNull().default(false),
    tabLeaves: integer('tab_leaves').notNull().default(0),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    /** Bumped by every change, so that a heartbeat writes only over the row it read. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The primary key (user_id, lesson_id) serves every per-user lookup.
    primaryKey({ name: 'lesson_progress_pk', columns: [t.userId, t.lessonId] }),
    index('lesson_progress_lesson_id_idx').on(t.lessonId),
    check('lesson_progress_status_check', sql`${t.status} IN ('IDLE', 'STUDYING', 'PASSED', 'FAILED')`),
  ],
);
