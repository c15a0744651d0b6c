import type {
  AnswerReview,
  AttemptResult,
  AttemptStatus,
  QuestionType,
  TAttemptFlags,
} from '@academy/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { lessons } from '../courses/tables';
import { users } from '../users/tables';

/** A stored option: choice options carry their correct flag; a word bank's are never correct. */
export type StoredOption = { id: string; text: string; correct: boolean };
/** The accepted answers of one blank. */
export type StoredBlank = { answers: string[] };
/** A learner's answer as stored on the attempt (autosave and submission). */
export type StoredAnswer = { questionId: number; optionIds: string[]; blanks: string[] };
export type StoredOutcome = {
  questionId: number;
  outcome: 'RIGHT' | 'WRONG' | 'UNANSWERED';
  blankOutcomes: ('RIGHT' | 'WRONG' | 'UNANSWERED')[];
};

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A lesson's exam. Its id is the lesson's id (`exam_id` in SPEC §7). The time limit, required
 * correct answers and the lock live on the lesson; the exam row holds the rest and is the row
 * every change to the exam's questions locks first.
 */
export const exams = pgTable(
  'exams',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** When the learner's review shows the correct answers (decision 89); never by default. */
    answerReview: varchar('answer_review', { length: 24 }).$type<AnswerReview>().notNull().default('NEVER'),
    ...timestamps,
  },
  (t) => [
    check(
      'exams_answer_review_check',
      sql`${t.answerReview} IN ('NEVER', 'AFTER_PASSED', 'AFTER_EACH_ATTEMPT')`,
    ),
  ],
);

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.lessonId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: varchar('type', { length: 16 }).$type<QuestionType>().notNull(),
    content: text('content').notNull(),
    taskDescription: text('task_description'),
    taskGuide: text('task_guide'),
    displaySeconds: integer('display_seconds'),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    blanks: jsonb('blanks').$type<StoredBlank[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('exam_questions_exam_id_idx').on(t.examId, t.position),
    check('exam_questions_type_check', sql`${t.type} IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILL_BLANKS')`),
  ],
);

export const EMPTY_FLAGS: TAttemptFlags = {
  tabLeaves: 0,
  printScreens: 0,
  copies: 0,
  contextMenus: 0,
  blurs: 0,
};

/** An attempt's flags with every counter (attempts stored before a counter existed lack it). */
export function fullFlags(stored: Partial<TAttemptFlags>): TAttemptFlags {
  return { ...EMPTY_FLAGS, ...stored };
}

/**
 * One attempt of one learner at one exam. The questions and option orders are fixed at the start
 * (a reload shows the same exam); answers are saved as the learner goes. At most one attempt per
 * learner and exam is in progress (partial unique index), and attempt numbers are unique, so
 * parallel starts can never run two attempts or exceed the limit.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.lessonId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The learner's cycle of the course when it started (decision 105): earlier cycles' attempts are history. */
    cycle: integer('cycle').notNull().default(1),
    status: varchar('status', { length: 16 }).$type<AttemptStatus>().notNull().default('IN_PROGRESS'),
    result: varchar('result', { length: 8 }).$type<AttemptResult>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    /** The lesson's required correct answers when the attempt started. */
    requiredCorrect: integer('required_correct').notNull(),
    /** The lesson's failed attempts before the lock when the attempt started (0 = never locks). */
    maxFailed: integer('max_failed').notNull(),
    /** Question ids in the order this attempt shows them. */
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    /** Option ids per question id, in the order this attempt shows them. */
    optionOrder: jsonb('option_order').$type<Record<string, string[]>>().notNull(),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull().default([]),
    answersSavedAt: timestamp('answers_saved_at', { withTimezone: true }),
    questionCount: integer('question_count').notNull(),
    correctCount: integer('correct_count'),
    /** Correct answers in percent. */
    mark: integer('mark'),
    outcomes: jsonb('outcomes').$type<StoredOutcome[]>(),
    submitReason: varchar('submit_reason', { length: 16 }),
    cheating: boolean('cheating').notNull().default(false),
    cheatReason: varchar('cheat_reason', { length: 16 }).$type<'TAB_LEFT' | 'PRINT_SCREEN'>(),
    flags: jsonb('flags').$type<TAttemptFlags>().notNull().default(EMPTY_FLAGS),
  },
  (t) => [
    uniqueIndex('exam_attempts_number_uq').on(t.userId, t.examId, t.number),
    uniqueIndex('exam_attempts_open_uq').on(t.userId, t.examId).where(sql`${t.status} = 'IN_PROGRESS'`),
    index('exam_attempts_open_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 'IN_PROGRESS'`),
    index('exam_attempts_exam_id_idx').on(t.examId, t.startedAt),
    check('exam_attempts_status_check', sql`${t.status} IN ('IN_PROGRESS', 'SUBMITTED', 'EXPIRED')`),
    check('exam_attempts_result_check', sql`${t.result} IS NULL OR ${t.result} IN ('PASSED', 'FAILED')`),
  ],
);

/**
 * One learner's standing in one exam: attempts started, failures since the last unlock, whether
 * it is locked or passed. Starts and submissions lock this row, one at a time per learner and exam.
 */
export const examStandings = pgTable(
  'exam_standings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.lessonId, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    unlockedBy: integer('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exam_standings_pk', columns: [t.userId, t.examId] }),
    index('exam_standings_exam_id_idx').on(t.examId),
    index('exam_standings_locked_idx').on(t.lockedAt).where(sql`${t.lockedAt} IS NOT NULL`),
  ],
);

/**
 * Accommodations of one learner in one exam, given by staff (decision 88): extra time in percent
 * of the time limit, and extra failed attempts before the lock. Read when an attempt starts.
 */
export const examAccommodations = pgTable(
  'exam_accommodations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.lessonId, { onDelete: 'cascade' }),
    extraTimePercent: integer('extra_time_percent').notNull().default(0),
    extraAttempts: integer('extra_attempts').notNull().default(0),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'exam_accommodations_pk', columns: [t.userId, t.examId] }),
    index('exam_accommodations_exam_id_idx').on(t.examId),
    check('exam_accommodations_extra_time_check', sql`${t.extraTimePercent} BETWEEN 0 AND 300`),
    check('exam_accommodations_extra_attempts_check', sql`${t.extraAttempts} BETWEEN 0 AND 100`),
  ],
);
