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
import { courses, lessons } from '../courses/tables';
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

/**
 * The ended cycles of a learner's course (decision 105), one row each with its result: a
 * recertification ends cycle N (its lesson progress moves to `lesson_progress_history`) and the
 * course starts over as cycle N + 1. The current cycle is the next after the last row (1 without
 * rows). The primary key is what makes ending a cycle happen once, whoever tries at the same time.
 */
export const courseCycleResults = pgTable(
  'course_cycle_results',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    /** The first lesson opened in cycle 1; the previous cycle's end after that. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When the next cycle opened. */
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** The course's lessons and the learner's passed ones when it ended. */
    lessonCount: integer('lesson_count').notNull(),
    passedLessons: integer('passed_lessons').notNull(),
    /** When its last lesson was passed, if every lesson was. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'course_cycle_results_pk', columns: [t.userId, t.courseId, t.cycle] }),
    index('course_cycle_results_course_id_idx').on(t.courseId),
  ],
);

/**
 * Lesson progress of earlier cycles (decision 105): when a new cycle opens, the learner's rows of
 * the course move here with the cycle they belonged to, so `lesson_progress` holds only current
 * cycles and none of its queries changes. `passed` is the lesson-passed rule as it stood then.
 */
export const lessonProgressHistory = pgTable(
  'lesson_progress_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    passed: boolean('passed').notNull(),
    creditedSeconds: doublePrecision('credited_seconds').notNull(),
    examPassed: boolean('exam_passed').notNull(),
    contentPassed: boolean('content_passed').notNull(),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    /** The row's first opening and last change in its cycle. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the next cycle opened. */
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'lesson_progress_history_pk', columns: [t.userId, t.courseId, t.cycle, t.lessonId] }),
    index('lesson_progress_history_lesson_id_idx').on(t.lessonId),
    index('lesson_progress_history_course_id_idx').on(t.courseId),
  ],
);
