import {
  CHEAT_REASONS,
  contentParts,
  type EXAM_EVENTS,
  EXAM_MESSAGES,
  EXAM_TIMING,
  type SubmitReason,
  type TAnswerParsed,
  type TAttemptFlags,
  type TAttemptSummary,
  type TAutosaveResult,
  type TCheckAnswers,
  type TExamResult,
  type TExamState,
  type TLearnerQuestion,
  type TOpenAttempt,
} from '@academy/contract';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { onTransaction, preparedPerDatabase } from '../../platform/db/prepared';
import { col } from '../../platform/db/sql';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors';
import { lessonExamInfo } from '../courses';
import {
  type CourseTree,
  completionLockOfLessonSql,
  currentCycleSql,
  type LessonNode,
  type LessonStanding,
  learnerLesson,
  lessonStanding,
  lessonStandingAfter,
  type ProgressShape,
  type ProgressWrite,
  planExamResult,
  progressWriteSql,
  recordExamResult,
  unlockedLesson,
  type WrittenProgress,
} from '../study';
import type { ExamEvents } from './events';
import {
  type Accommodation,
  allowedSeconds,
  attemptOrder,
  attemptsLeft,
  cleanAnswers,
  deadlineOf,
  type GradableQuestion,
  gradeAttempt,
  isAnswered,
  isLastAttempt,
  learnerMaxFailed,
  locksNow,
  mergeAnswers,
  NO_ACCOMMODATION,
  remainingSeconds,
  revealsCorrectAnswers,
  submissionWindow,
} from './rules';
import {
  examAccommodations,
  examAttempts,
  examQuestions,
  examStandings,
  exams,
  fullFlags,
  type StoredAnswer,
} from './tables';

/**
 * The learner's side of an exam: state, start, questions, autosave, submission, anti-cheat
 * events and the per-question check. Everything is decided here, on the server's clock.
 *
 * Locks, always in this order: the learner's standing row, then the attempt row, then (through
 * the study module) the learner's lesson progress. Starts and submissions of one learner in one
 * exam therefore run one at a time, and no two paths can wait on each other.
 */

type AttemptRow = typeof examAttempts.$inferSelect;
type StandingRow = typeof examStandings.$inferSelect;

/** The columns a result needs (no answers or orders: a submission reads back little). */
const resultColumns = {
  id: examAttempts.id,
  examId: examAttempts.examId,
  userId: examAttempts.userId,
  number: examAttempts.number,
  cycle: examAttempts.cycle,
  status: examAttempts.status,
  result: examAttempts.result,
  mark: examAttempts.mark,
  correctCount: examAttempts.correctCount,
  questionCount: examAttempts.questionCount,
  startedAt: examAttempts.startedAt,
  deadlineAt: examAttempts.deadlineAt,
  endedAt: examAttempts.endedAt,
  cheating: examAttempts.cheating,
  cheatReason: examAttempts.cheatReason,
  requiredCorrect: examAttempts.requiredCorrect,
  maxFailed: examAttempts.maxFailed,
};
type ResultRow = Pick<AttemptRow, keyof typeof resultColumns>;

/** What grading and closing an attempt reads of it (not its option order, the largest column). */
const gradingColumns = {
  ...resultColumns,
  questionIds: examAttempts.questionIds,
  answers: examAttempts.answers,
  flags: examAttempts.flags,
};
type GradingRow = Pick<AttemptRow, keyof typeof gradingColumns>;
const standingColumns = {
  userId: examStandings.userId,
  examId: examStandings.examId,
  attempts: examStandings.attempts,
  failedAttempts: examStandings.failedAttempts,
  lockedAt: examStandings.lockedAt,
  passedAt: examStandings.passedAt,
};
type LockedStanding = Pick<StandingRow, keyof typeof standingColumns>;
type CheatReason = (typeof CHEAT_REASONS)[number];

const iso = (d: Date) => d.toISOString();

/** The lesson behind an exam id for this learner: 404 "There is no exam!", 403 while locked. */
async function learnerExam(db: Db, userId: number, examId: number) {
  try {
    return await unlockedLesson(db, userId, examId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound(EXAM_MESSAGES.noExam);
    throw err;
  }
}

export function toSummary(row: ResultRow): TAttemptSummary {
  return {
    id: row.id,
    examId: row.examId,
    number: row.number,
    cycle: row.cycle,
    status: row.status,
    result: row.result ?? null,
    mark: row.mark,
    correctCount: row.correctCount,
    questionCount: row.questionCount,
    startedAt: iso(row.startedAt),
    deadlineAt: iso(row.deadlineAt),
    endedAt: row.endedAt ? iso(row.endedAt) : null,
    cheating: row.cheating,
  };
}

function toAnswers(answers: StoredAnswer[]): TAnswerParsed[] {
  return answers.map((a) => ({ questionId: a.questionId, optionIds: a.optionIds, blanks: a.blanks }));
}

function toOpenAttempt(row: AttemptRow, failedAttempts: number, now: Date): TOpenAttempt {
  return {
    id: row.id,
    examId: row.examId,
    number: row.number,
    startedAt: iso(row.startedAt),
    deadlineAt: iso(row.deadlineAt),
    serverNow: iso(now),
    remainingSeconds: remainingSeconds(now, row.deadlineAt),
    questionCount: row.questionCount,
    answers: toAnswers(row.answers),
    lastAttempt: isLastAttempt(failedAttempts, row.maxFailed),
  };
}

/**
 * The learner's standing row, locked for the rest of the transaction; created when missing (the
 * first start). One statement when it exists.
 */
async function lockStanding(tx: Db, userId: number, examId: number): Promise<LockedStanding> {
  const lock = () =>
    tx
      .select(standingColumns)
      .from(examStandings)
      .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId)))
      .for('update')
      .prepare('exams_lock_standing')
      .execute();
  const [existing] = await lock();
  if (existing) return existing;
  await tx.insert(examStandings).values({ userId, examId }).onConflictDoNothing();
  const [row] = await lock();
  if (!row) throw new Error('exam standing vanished while being locked');
  return row;
}

type Finish = {
  status: 'SUBMITTED' | 'EXPIRED';
  /** EXPIRED: closed by the server after the grace; TIME_UP: the player's countdown reached 0:00. */
  reason: SubmitReason | 'EXPIRED';
  answers: StoredAnswer[];
  cheat: CheatReason | null;
};

type Finished = {
  row: ResultRow;
  standing: LockedStanding;
  /** The lesson is passed now, as the study module reported it (unknown for a replay). */
  lessonPassed: boolean | null;
};

/**
 * Grades and closes a locked, open attempt, updates the learner's standing (failures, lock, pass)
 * and reports the outcome to the study module (which opens the next lesson on a pass). An
 * EXPIRED attempt is graded for its mark but always fails, and counts as a failed attempt
 * (decision 87). A failure that reaches the limit locks the exam and publishes examLocked.
 * `db` is the database the transaction `tx` runs on (its statements are prepared on it).
 */
async function finishAttempt(
  db: Db,
  tx: Db,
  events: ExamEvents,
  attempt: GradingRow,
  standing: LockedStanding,
  now: Date,
  finish: Finish,
  known: { lesson?: LessonNode; questions?: GradableQuestion[]; completionLocked?: boolean } = {},
): Promise<Finished> {
  const questionRows =
    known.questions ??
    (await tx
      .select({
        id: examQuestions.id,
        type: examQuestions.type,
        options: examQuestions.options,
        blanks: examQuestions.blanks,
      })
      .from(examQuestions)
      .where(inArray(examQuestions.id, attempt.questionIds)));
  const byId = new Map(questionRows.map((q) => [q.id, q]));
  const questions = attempt.questionIds.flatMap((id) => {
    const q = byId.get(id);
    return q ? [q] : [];
  });
  const grade = gradeAttempt(questions, finish.answers, attempt.requiredCorrect);
  const passed = finish.status === 'SUBMITTED' && grade.passed;
  const flags: TAttemptFlags = fullFlags(attempt.flags);
  if (finish.cheat === 'TAB_LEFT') flags.tabLeaves += 1;
  if (finish.cheat === 'PRINT_SCREEN') flags.printScreens += 1;
  const closing = {
    status: finish.status,
    result: passed ? 'PASSED' : 'FAILED',
    endedAt: finish.status === 'EXPIRED' && now > attempt.deadlineAt ? attempt.deadlineAt : now,
    answers: finish.answers,
    questionCount: grade.questionCount,
    correctCount: grade.correctCount,
    mark: grade.mark,
    outcomes: grade.outcomes,
    submitReason: finish.reason,
    cheating: attempt.cheating || finish.cheat !== null,
    cheatReason: attempt.cheatReason ?? finish.cheat,
    flags,
  } satisfies Closing;
  const failedAttempts = passed ? standing.failedAttempts : standing.failedAttempts + 1;
  const saved: LockedStanding = {
    ...standing,
    failedAttempts,
    passedAt: passed ? (standing.passedAt ?? now) : standing.passedAt,
    lockedAt: standing.lockedAt ?? (!passed && locksNow(failedAttempts, attempt.maxFailed) ? now : null),
  };
  // With the learner's lesson known (a submission), study's progress write goes in the same
  // statement (decision 181); the closing job's lets study read the lesson first.
  const lesson = known.lesson?.id === attempt.examId ? known.lesson : null;
  const plan = lesson
    ? planExamResult(tx, events, attempt.userId, lesson, passed, now, {
        completionLocked: known.completionLocked === true,
      })
    : null;
  const written = await closeAndSave(db, tx, attempt.id, closing, saved, now, plan);
  const row: ResultRow = {
    ...pickResult(attempt),
    status: closing.status,
    result: closing.result,
    mark: closing.mark,
    correctCount: closing.correctCount,
    questionCount: closing.questionCount,
    endedAt: closing.endedAt,
    cheating: closing.cheating,
    cheatReason: closing.cheatReason,
  };
  if (events.handles('examGraded')) {
    const { userId, examId, startedAt } = attempt;
    await events.publish(tx, 'examGraded', {
      userId,
      examId,
      attemptId: attempt.id,
      mark: grade.mark,
      passed,
      startedAt,
      at: now,
    });
  }
  if (saved.lockedAt && !standing.lockedAt) {
    await events.publish(tx, 'examLocked', { userId: attempt.userId, examId: attempt.examId, at: now });
  }
  const progress = plan
    ? await plan.settle(written)
    : await recordExamResult(tx, events, attempt.userId, attempt.examId, passed, now);
  return { row, standing: saved, lessonPassed: progress.passed };
}

function pickResult(attempt: GradingRow): ResultRow {
  const row = {} as Record<keyof ResultRow, unknown>;
  for (const key of Object.keys(resultColumns) as (keyof ResultRow)[]) row[key] = attempt[key];
  return row as ResultRow;
}

/**
 * Closes the (locked) attempt and saves the (locked) standing in one statement: the attempt's
 * update is a data-modifying CTE of the standing's. Both rows are locked by the caller, so both
 * are there; the count of closed attempts proves it. With `progress` (study's write of the exam's
 * result, decision 181) that write is another CTE of it; what it returned is the answer.
 */
async function closeAndSave(
  db: Db,
  tx: Db,
  attemptId: number,
  closing: Closing,
  standing: LockedStanding,
  now: Date,
  progress: ProgressWrite<unknown> | null,
): Promise<WrittenProgress | undefined> {
  const shape = progress?.shape ?? null;
  const [saved] = await onTransaction(closeAndSaveStatement(shape)(db), tx).execute({
    ...closing,
    answers: JSON.stringify(closing.answers),
    outcomes: JSON.stringify(closing.outcomes),
    flags: JSON.stringify(closing.flags),
    attemptId,
    userId: standing.userId,
    examId: standing.examId,
    failedAttempts: standing.failedAttempts,
    passedAt: standing.passedAt,
    lockedAt: standing.lockedAt,
    updatedAt: now,
    ...progress?.params,
  });
  if (saved?.closed !== 1) throw new Error('exam attempt or standing vanished while being closed');
  return saved.progressVersion === null
    ? undefined
    : { version: saved.progressVersion, finishedCycle: saved.finishedCycle };
}

type Closing = Pick<
  AttemptRow,
  | 'status'
  | 'result'
  | 'endedAt'
  | 'answers'
  | 'questionCount'
  | 'correctCount'
  | 'mark'
  | 'outcomes'
  | 'submitReason'
  | 'cheating'
  | 'cheatReason'
  | 'flags'
>;

/**
 * `closeAndSave`'s statement, prepared once per database. Its values are plain placeholders (a
 * placeholder in `set` skips the column's encoder): jsonb is given as JSON text, timestamps as Dates.
 */
function closeAndSaveQuery(db: Db, progress: ProgressShape | null, name: string) {
  const value = (name: string, cast?: 'jsonb' | 'timestamptz') =>
    cast ? sql`${sql.placeholder(name)}::${sql.raw(cast)}` : sql`${sql.placeholder(name)}`;
  const closed = db.$with('closed', { one: sql<number>`one` }).as(
    db
      .update(examAttempts)
      .set({
        status: value('status'),
        result: value('result'),
        endedAt: value('endedAt', 'timestamptz'),
        answers: value('answers', 'jsonb'),
        questionCount: value('questionCount'),
        correctCount: value('correctCount'),
        mark: value('mark'),
        outcomes: value('outcomes', 'jsonb'),
        submitReason: value('submitReason'),
        cheating: value('cheating'),
        cheatReason: value('cheatReason'),
        flags: value('flags', 'jsonb'),
      })
      .where(eq(examAttempts.id, value('attemptId')))
      .returning({ one: sql<number>`1`.as('one') })
      .getSQL(),
  );
  const written = progress
    ? db
        .$with('progress', {
          version: sql<number>`version`,
          finishedCycle: sql<number | null>`finished_cycle`,
        })
        .as(progressWriteSql(db, progress))
    : null;
  return (written ? db.with(closed, written) : db.with(closed))
    .update(examStandings)
    .set({
      failedAttempts: value('failedAttempts'),
      passedAt: value('passedAt', 'timestamptz'),
      lockedAt: value('lockedAt', 'timestamptz'),
      updatedAt: value('updatedAt', 'timestamptz'),
    })
    .where(and(eq(examStandings.userId, value('userId')), eq(examStandings.examId, value('examId'))))
    .returning({
      closed: sql<number>`(select count(*)::int from ${closed})`,
      progressVersion: written ? sql<number | null>`(select version from ${written})` : sql<null>`null::int`,
      finishedCycle: written
        ? sql<number | null>`(select finished_cycle from ${written})`
        : sql<null>`null::int`,
    })
    .prepare(name);
}

/** One statement per shape of the progress write it carries (none for the closing job). */
const closeAndSaveStatements = {
  none: preparedPerDatabase((db) => closeAndSaveQuery(db, null, 'exams_close_and_save')),
  make: preparedPerDatabase((db) =>
    closeAndSaveQuery(db, { kind: 'make', counting: false }, 'exams_close_and_make_progress'),
  ),
  makeCounting: preparedPerDatabase((db) =>
    closeAndSaveQuery(db, { kind: 'make', counting: true }, 'exams_close_and_make_progress_counting'),
  ),
  write: preparedPerDatabase((db) =>
    closeAndSaveQuery(db, { kind: 'write', counting: false }, 'exams_close_and_write_progress'),
  ),
  writeCounting: preparedPerDatabase((db) =>
    closeAndSaveQuery(db, { kind: 'write', counting: true }, 'exams_close_and_write_progress_counting'),
  ),
};

function closeAndSaveStatement(progress: ProgressShape | null) {
  if (!progress) return closeAndSaveStatements.none;
  return closeAndSaveStatements[`${progress.kind}${progress.counting ? 'Counting' : ''}` as const];
}

/** Closes an attempt whose time (and grace) ran out, if it is still open. */
async function expireAttempt(
  db: Db,
  events: ExamEvents,
  peek: Pick<AttemptRow, 'id' | 'userId' | 'examId'>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const locked = await lockForGrading(db, tx, peek.userId, peek.id, false);
    if (locked?.attempt.status !== 'IN_PROGRESS') return null;
    const { standing, attempt, questions } = locked;
    if (submissionWindow(now, attempt.deadlineAt) === 'CLOSED') {
      const finish = { status: 'EXPIRED', reason: 'EXPIRED', answers: attempt.answers, cheat: null } as const;
      return finishAttempt(db, tx, events, attempt, standing, now, finish, { questions });
    }
    return null;
  });
}

/**
 * The closing job: every attempt still open past its deadline and grace is closed as failed
 * (graded on its saved answers). Returns how many it closed.
 */
export async function closeExpiredAttempts(
  db: Db,
  events: ExamEvents,
  now: Date,
  batch = 200,
): Promise<number> {
  // submissionWindow is CLOSED once now > deadline + grace, that is deadline < now - grace.
  const cutoff = new Date(now.getTime() - EXAM_TIMING.graceSeconds * 1000);
  const due = await db
    .select({ id: examAttempts.id, userId: examAttempts.userId, examId: examAttempts.examId })
    .from(examAttempts)
    .where(and(eq(examAttempts.status, 'IN_PROGRESS'), lt(examAttempts.deadlineAt, cutoff)))
    .orderBy(asc(examAttempts.deadlineAt))
    .limit(batch);
  let closed = 0;
  for (const peek of due) if (await expireAttempt(db, events, peek, now)) closed += 1;
  return closed;
}

async function myAttempts(db: Db, userId: number, examId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), eq(examAttempts.examId, examId)))
    .orderBy(desc(examAttempts.number))
    .limit(100);
}

/** GET exams/{id}/state: what the learner may do now. Three queries (more if an attempt just expired). */
export async function examState(
  db: Db,
  events: ExamEvents,
  userId: number,
  examId: number,
  now: Date,
): Promise<TExamState> {
  const lesson = await learnerExam(db, userId, examId);
  let attempts = await myAttempts(db, userId, examId);
  const open = attempts.find((a) => a.status === 'IN_PROGRESS');
  if (open && submissionWindow(now, open.deadlineAt) === 'CLOSED') {
    await expireAttempt(db, events, open, now);
    attempts = await myAttempts(db, userId, examId);
  }
  const [[standing], [settings], extra] = await Promise.all([
    db
      .select()
      .from(examStandings)
      .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId))),
    db.select({ answerReview: exams.answerReview }).from(exams).where(eq(exams.lessonId, examId)),
    accommodationOf(db, userId, examId),
  ]);
  const failed = standing?.failedAttempts ?? 0;
  const max = learnerMaxFailed(lesson.maxFailedAttempts, extra.extraAttempts);
  const locked = Boolean(standing?.lockedAt);
  const stillOpen = attempts.find((a) => a.status === 'IN_PROGRESS');
  return {
    examId,
    lessonName: lesson.name,
    courseId: lesson.courseId,
    topicId: lesson.topicId,
    questionCount: lesson.examQuestionCount,
    timeLimitMinutes: lesson.examTimeLimitMinutes,
    allowedSeconds: allowedSeconds(lesson.examTimeLimitMinutes, extra.extraTimePercent),
    accommodation:
      extra.extraTimePercent > 0 || extra.extraAttempts > 0
        ? { extraTimePercent: extra.extraTimePercent, extraAttempts: extra.extraAttempts }
        : null,
    answerReview: settings?.answerReview ?? 'NEVER',
    requiredCorrectAnswers: lesson.requiredCorrectAnswers,
    maxFailedAttempts: max,
    failedAttempts: failed,
    attemptsLeft: locked ? 0 : attemptsLeft(failed, max),
    locked,
    lastAttemptWarning: !locked && isLastAttempt(failed, max),
    passed: Boolean(standing?.passedAt),
    openAttempt: stillOpen ? toOpenAttempt(stillOpen, failed, now) : null,
    attempts: attempts.map(toSummary),
  };
}

/** The learner's accommodation in an exam (none: no extra time or attempts). One query. */
async function accommodationOf(db: Db, userId: number, examId: number): Promise<Accommodation> {
  const [row] = await db
    .select({
      extraTimePercent: examAccommodations.extraTimePercent,
      extraAttempts: examAccommodations.extraAttempts,
    })
    .from(examAccommodations)
    .where(and(eq(examAccommodations.userId, userId), eq(examAccommodations.examId, examId)));
  return row ?? NO_ACCOMMODATION;
}

type StartOutcome = { attempt: AttemptRow; standing: LockedStanding } | { error: ApiError };

/**
 * POST exams/{id}/start: creates an attempt with its deadline (now + the lesson's time limit and
 * the learner's extra time) and its lock limit (with their extra attempts), or
 * answers the one already running (a reload, a second tab or a double click resume it). Refused
 * when the exam is locked, passed, or has no questions.
 */
export async function startAttempt(
  db: Db,
  events: ExamEvents,
  userId: number,
  examId: number,
  now: Date,
  ip: string | null,
): Promise<TOpenAttempt> {
  const lesson = await learnerExam(db, userId, examId);
  if (lesson.examQuestionCount === 0) throw unprocessable(EXAM_MESSAGES.noQuestions);
  const outcome = await db.transaction(async (tx): Promise<StartOutcome> => {
    let standing = await lockStanding(tx, userId, examId);
    const [open] = await tx
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, userId),
          eq(examAttempts.examId, examId),
          eq(examAttempts.status, 'IN_PROGRESS'),
        ),
      )
      .for('update');
    if (open) {
      if (submissionWindow(now, open.deadlineAt) !== 'CLOSED') return { attempt: open, standing };
      standing = (
        await finishAttempt(db, tx, events, open, standing, now, {
          status: 'EXPIRED',
          reason: 'EXPIRED',
          answers: open.answers,
          cheat: null,
        })
      ).standing;
    }
    if (standing.passedAt) return { error: conflict(EXAM_MESSAGES.alreadyPassed) };
    if (standing.lockedAt) return { error: forbidden(EXAM_MESSAGES.locked) };
    const [exam] = await tx.select().from(exams).where(eq(exams.lessonId, examId));
    const questions = await tx
      .select({
        id: examQuestions.id,
        type: examQuestions.type,
        options: examQuestions.options,
        blanks: examQuestions.blanks,
      })
      .from(examQuestions)
      .where(eq(examQuestions.examId, examId))
      .orderBy(asc(examQuestions.position), asc(examQuestions.id));
    if (!exam || questions.length === 0) return { error: unprocessable(EXAM_MESSAGES.noQuestions) };
    const order = attemptOrder(questions, exam);
    const extra = await accommodationOf(tx, userId, examId);
    const [attempt] = await tx
      .insert(examAttempts)
      .values({
        examId,
        userId,
        number: standing.attempts + 1,
        // Stamped with the learner's cycle of the course: earlier cycles' attempts are history (decision 105).
        cycle: currentCycleSql(sql`${userId}::int`, sql`${lesson.courseId}::int`),
        startedAt: now,
        deadlineAt: deadlineOf(now, lesson.examTimeLimitMinutes, extra.extraTimePercent),
        ip,
        requiredCorrect: lesson.requiredCorrectAnswers,
        maxFailed: learnerMaxFailed(lesson.maxFailedAttempts, extra.extraAttempts),
        questionIds: order.questionIds,
        optionOrder: order.optionOrder,
        questionCount: questions.length,
      })
      .returning();
    if (!attempt) throw new Error('exam attempt was not inserted');
    const [counted] = await tx
      .update(examStandings)
      .set({ attempts: standing.attempts + 1, updatedAt: now })
      .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId)))
      .returning(standingColumns);
    return { attempt, standing: counted ?? standing };
  });
  if ('error' in outcome) throw outcome.error;
  return toOpenAttempt(outcome.attempt, outcome.standing.failedAttempts, now);
}

async function openAttemptOf(db: Db, userId: number, examId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        eq(examAttempts.examId, examId),
        eq(examAttempts.status, 'IN_PROGRESS'),
      ),
    );
  return row;
}

/** The learner's view of a question: options as {id, text} in the attempt's order, nothing more. */
function toLearnerQuestion(
  row: typeof examQuestions.$inferSelect,
  number: number,
  order: string[] | undefined,
): TLearnerQuestion {
  const byId = new Map(row.options.map((o) => [o.id, o]));
  const ordered = (order ?? []).flatMap((id) => {
    const o = byId.get(id);
    return o ? [o] : [];
  });
  // Options added after the attempt started come last.
  const shown = new Set(ordered.map((o) => o.id));
  const options = [...ordered, ...row.options.filter((o) => !shown.has(o.id))].map((o) => ({
    id: o.id,
    text: o.text,
  }));
  const parts = row.type === 'FILL_BLANKS' ? contentParts(row.content) : [];
  return {
    id: row.id,
    number,
    type: row.type,
    content: row.content,
    parts,
    blankCount: Math.max(0, parts.length - 1),
    taskDescription: row.taskDescription,
    taskGuide: row.taskGuide,
    displaySeconds: row.displaySeconds,
    options,
  };
}

/**
 * GET questions/exams?exam_id=: the questions of the learner's running attempt, in its order,
 * without anything that reveals the answers. Questions are only shown while an attempt runs, so
 * nobody reads them before the clock starts. Two queries.
 */
export async function attemptQuestions(
  db: Db,
  events: ExamEvents,
  userId: number,
  examId: number,
  page: { page: number; size: number },
  now: Date,
): Promise<{ rows: TLearnerQuestion[]; total: number }> {
  const open = await openAttemptOf(db, userId, examId);
  if (!open) {
    try {
      await lessonExamInfo(db, examId);
    } catch {
      throw notFound(EXAM_MESSAGES.noExam);
    }
    throw conflict(EXAM_MESSAGES.noOpenAttempt);
  }
  if (submissionWindow(now, open.deadlineAt) === 'CLOSED') {
    await expireAttempt(db, events, open, now);
    throw unprocessable(EXAM_MESSAGES.timeUp);
  }
  const start = Math.min(page.page * page.size, open.questionIds.length);
  const ids = open.questionIds.slice(start, start + page.size);
  const rows = ids.length ? await db.select().from(examQuestions).where(inArray(examQuestions.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const questions = ids.flatMap((id, i) => {
    const row = byId.get(id);
    return row ? [toLearnerQuestion(row, start + i + 1, open.optionOrder[String(id)])] : [];
  });
  return { rows: questions, total: open.questionIds.length };
}

/** An attempt of this learner (no lock), or 404. */
async function peekAttempt(db: Db, userId: number, attemptId: number): Promise<AttemptRow> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, userId)));
  if (!row) throw notFound(EXAM_MESSAGES.attemptNotFound);
  return row;
}

/**
 * PUT exams/attempts/{id}/answers: autosave. Replaces the saved answers while the attempt runs
 * (and during the grace). Later, the attempt is closed as failed and the save refused.
 */
export async function autosaveAnswers(
  db: Db,
  events: ExamEvents,
  userId: number,
  attemptId: number,
  answers: TAnswerParsed[],
  now: Date,
): Promise<TAutosaveResult> {
  const attempt = await peekAttempt(db, userId, attemptId);
  if (attempt.status !== 'IN_PROGRESS') throw conflict(EXAM_MESSAGES.attemptClosed);
  if (submissionWindow(now, attempt.deadlineAt) === 'CLOSED') {
    await expireAttempt(db, events, attempt, now);
    throw unprocessable(EXAM_MESSAGES.timeUp);
  }
  const cleaned = cleanAnswers(answers, attempt.questionIds);
  const saved = await db
    .update(examAttempts)
    .set({ answers: cleaned, answersSavedAt: now })
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'IN_PROGRESS')))
    .returning({ id: examAttempts.id });
  if (saved.length === 0) throw conflict(EXAM_MESSAGES.attemptClosed);
  return {
    attemptId,
    savedAt: iso(now),
    answeredCount: cleaned.filter(isAnswered).length,
    remainingSeconds: remainingSeconds(now, attempt.deadlineAt),
  };
}

type SubmitOutcome = Finished & { replay: boolean; timeUp: boolean; tree: CourseTree | null };

/**
 * POST exams/process: grades the attempt once. A second submission (double click, another tab, a
 * replayed request) waits for the first and answers its result without grading again. Up to the
 * deadline plus the grace the submitted answers count; later they are refused, the attempt closes
 * as failed (graded on what was saved in time) and the answer is 422. A TIME_UP submission (the
 * player's countdown reached 0:00) closes the attempt as EXPIRED: its answers are kept and graded
 * for the mark, but it is not passed (decision 87). TAB_LEFT and PRINT_SCREEN submissions are
 * graded as they stand and flagged as cheating.
 */
export async function submitAttempt(
  db: Db,
  events: ExamEvents,
  userId: number,
  input: { attemptId: number; answers: TAnswerParsed[]; reason: SubmitReason },
  now: Date,
): Promise<TExamResult> {
  const outcome = await db.transaction(async (tx): Promise<SubmitOutcome> => {
    // The attempt is read with its locks (decision 181): a submission's first statement after the
    // sign-in. A closed attempt never opens again: a replay answers the stored result.
    const locked = await lockForGrading(db, tx, userId, input.attemptId, true);
    if (!locked) throw notFound(EXAM_MESSAGES.attemptNotFound);
    const { standing, attempt, questions } = locked;
    if (attempt.status !== 'IN_PROGRESS') {
      return { row: attempt, standing, lessonPassed: null, replay: true, timeUp: false, tree: null };
    }
    // The course tree, read under the locks on the transaction's connection (a prepared statement).
    const { tree, lesson } = await learnerLesson(tx, userId, attempt.examId);
    if (submissionWindow(now, attempt.deadlineAt) === 'CLOSED') {
      const finish = { status: 'EXPIRED', reason: 'EXPIRED', answers: attempt.answers, cheat: null } as const;
      const closed = await finishAttempt(db, tx, events, attempt, standing, now, finish, {
        lesson,
        questions,
        completionLocked: true,
      });
      return { ...closed, replay: false, timeUp: true, tree };
    }
    const cheat = (CHEAT_REASONS as readonly string[]).includes(input.reason)
      ? (input.reason as CheatReason)
      : null;
    const answers = mergeAnswers(attempt.answers, cleanAnswers(input.answers, attempt.questionIds));
    const status = input.reason === 'TIME_UP' ? 'EXPIRED' : 'SUBMITTED';
    const finish: Finish = { status, reason: input.reason, answers, cheat };
    const done = await finishAttempt(db, tx, events, attempt, standing, now, finish, {
      lesson,
      questions,
      completionLocked: true,
    });
    return { ...done, replay: false, timeUp: false, tree };
  });
  if (outcome.timeUp) throw unprocessable(EXAM_MESSAGES.timeUp);
  const after =
    outcome.lessonPassed === null || !outcome.tree
      ? undefined
      : lessonStandingAfter(outcome.tree, outcome.row.examId, outcome.lessonPassed);
  return examResult(db, outcome.row, outcome.standing, after);
}

/**
 * The learner's standing and the attempt, locked for the rest of the transaction in that order
 * (`FOR UPDATE OF` locks the rows in the order it names them), with the grading data of the
 * attempt's questions: one statement (a question deleted since the start is left out). For a
 * submission (`completion`), which may pass the lesson, the study module's course-completion lock
 * of the exam's course is taken in the same statement, before the rows', so the completion check
 * after a pass is one statement. Nothing when the standing is missing (it is made when an attempt
 * starts) or the attempt is not the learner's.
 */
async function lockForGrading(db: Db, tx: Db, userId: number, attemptId: number, completion: boolean) {
  const statement = completion ? lockForGradingStatement(db) : lockForClosingStatement(db);
  const [row] = await onTransaction(statement, tx).execute({ userId, attemptId });
  return row;
}

function lockStatement(db: Db, completionLock: boolean) {
  return db
    .select({
      standing: standingColumns,
      attempt: gradingColumns,
      questions: sql<GradableQuestion[]>`coalesce((
        select json_agg(json_build_object('id', q.id, 'type', q.type, 'options', q.options, 'blanks', q.blanks))
        from ${examQuestions} q
        where q.exam_id = ${examAttempts.examId} and ${examAttempts.questionIds} @> to_jsonb(q.id)), '[]'::json)`,
      completionLocked: completionLock
        ? completionLockOfLessonSql(sql.placeholder('userId'), col(examAttempts.examId))
        : sql<unknown>`null`,
    })
    .from(examStandings)
    .innerJoin(
      examAttempts,
      and(eq(examAttempts.userId, examStandings.userId), eq(examAttempts.examId, examStandings.examId)),
    )
    .where(
      and(
        eq(examStandings.userId, sql.placeholder('userId')),
        eq(examAttempts.id, sql.placeholder('attemptId')),
      ),
    )
    .for('update', { of: [examStandings, examAttempts] });
}

/** The lock statements, prepared once per database and run on the transaction's connection. */
const lockForGradingStatement = preparedPerDatabase((db) =>
  lockStatement(db, true).prepare('exams_lock_for_grading'),
);
const lockForClosingStatement = preparedPerDatabase((db) =>
  lockStatement(db, false).prepare('exams_lock_for_closing'),
);

/**
 * The result screen. `after` is the lesson's standing worked out from the submission (no query);
 * without it (a replay, a reload) the study module is asked (one query).
 */
async function examResult(
  db: Db,
  row: ResultRow,
  standing: Pick<LockedStanding, 'failedAttempts' | 'lockedAt'>,
  after?: LessonStanding,
): Promise<TExamResult> {
  const passed = row.result === 'PASSED';
  const lesson = after ?? (await lessonStanding(db, row.userId, row.examId));
  const locked = Boolean(standing.lockedAt);
  return {
    ...toSummary(row),
    passed,
    requiredCorrectAnswers: Math.min(row.requiredCorrect, row.questionCount),
    attemptsLeft: locked ? 0 : attemptsLeft(standing.failedAttempts, row.maxFailed),
    locked,
    cheatingWarning: row.cheating && row.cheatReason ? EXAM_MESSAGES.cheatingWarning : null,
    lessonPassed: lesson.passed,
    nextLessonId: passed && lesson.next?.unlocked ? lesson.next.id : null,
  };
}

/** The result of a finished attempt, as stored (a replayed submission, the result after a reload). */
async function storedResult(db: Db, row: ResultRow): Promise<TExamResult> {
  const [standing] = await db
    .select(standingColumns)
    .from(examStandings)
    .where(and(eq(examStandings.userId, row.userId), eq(examStandings.examId, row.examId)));
  if (!standing) throw notFound(EXAM_MESSAGES.attemptNotFound);
  return examResult(db, row, standing);
}

/** GET exams/attempts/{id}/result: the result screen of one of my finished attempts (after a reload). */
export async function attemptResult(db: Db, userId: number, attemptId: number): Promise<TExamResult> {
  const row = await peekAttempt(db, userId, attemptId);
  if (row.status === 'IN_PROGRESS') throw conflict(EXAM_MESSAGES.attemptNotSubmitted);
  return storedResult(db, row);
}

const EVENT_COUNTERS = {
  COPY: 'copies',
  CONTEXT_MENU: 'contextMenus',
  WINDOW_BLUR: 'blurs',
} as const satisfies Record<(typeof EXAM_EVENTS)[number], keyof TAttemptFlags>;

/**
 * POST exams/attempts/{id}/events: a copy or right-click attempt on the question text, or the
 * window losing focus while the exam tab stays visible (decision 90). Recorded (counted) on the
 * running attempt without submitting it; the player blocks the first two and warns on a blur.
 */
export async function recordAttemptEvent(
  db: Db,
  userId: number,
  attemptId: number,
  kind: (typeof EXAM_EVENTS)[number],
): Promise<TAttemptFlags> {
  const key = EVENT_COUNTERS[kind];
  const [row] = await db
    .update(examAttempts)
    .set({
      flags: sql`jsonb_set(${examAttempts.flags}, ${`{${key}}`}::text[], to_jsonb(coalesce((${examAttempts.flags} ->> ${key})::int, 0) + 1))`,
    })
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, userId),
        eq(examAttempts.status, 'IN_PROGRESS'),
      ),
    )
    .returning({ flags: examAttempts.flags });
  if (row) return fullFlags(row.flags);
  await peekAttempt(db, userId, attemptId);
  throw conflict(EXAM_MESSAGES.attemptClosed);
}

/** A question's correct options, or each blank's accepted answers: only for a review that allows them. */
function answerKeyOf(q: typeof examQuestions.$inferSelect) {
  return q.type === 'FILL_BLANKS'
    ? { optionIds: [], blanks: q.blanks.map((b) => b.answers) }
    : { optionIds: q.options.filter((o) => o.correct).map((o) => o.id), blanks: [] };
}

/**
 * POST user-answers/check-answers: the review of a finished attempt — per question whether the
 * learner's answer was right, wrong or missing, with their own answer, and the correct answers
 * only where the exam's answer review allows it (decision 89). Three queries.
 */
export async function checkAnswers(db: Db, userId: number, attemptId: number): Promise<TCheckAnswers> {
  const attempt = await peekAttempt(db, userId, attemptId);
  if (attempt.status === 'IN_PROGRESS') throw conflict(EXAM_MESSAGES.attemptNotSubmitted);
  const [rows, [policy]] = await Promise.all([
    attempt.questionIds.length
      ? db.select().from(examQuestions).where(inArray(examQuestions.id, attempt.questionIds))
      : Promise.resolve([]),
    db
      .select({ answerReview: exams.answerReview, passedAt: examStandings.passedAt })
      .from(exams)
      .leftJoin(
        examStandings,
        and(eq(examStandings.examId, exams.lessonId), eq(examStandings.userId, userId)),
      )
      .where(eq(exams.lessonId, attempt.examId)),
  ]);
  const answerReview = policy?.answerReview ?? 'NEVER';
  const shown = revealsCorrectAnswers(answerReview, attempt, Boolean(policy?.passedAt));
  const questions = new Map(rows.map((r) => [r.id, r]));
  const outcomes = new Map((attempt.outcomes ?? []).map((o) => [o.questionId, o]));
  const answers = new Map(attempt.answers.map((a) => [a.questionId, a]));
  return {
    attemptId,
    answerReview,
    correctAnswersShown: shown,
    outcomes: attempt.questionIds.flatMap((id, i) => {
      const q = questions.get(id);
      const o = outcomes.get(id);
      if (!q || !o) return [];
      const shownQuestion = toLearnerQuestion(q, i + 1, attempt.optionOrder[String(id)]);
      return [
        {
          questionId: id,
          number: i + 1,
          type: q.type,
          content: q.content,
          parts: shownQuestion.parts,
          options: shownQuestion.options,
          outcome: o.outcome,
          blankOutcomes: o.blankOutcomes,
          given: answers.get(id) ?? { questionId: id, optionIds: [], blanks: [] },
          ...(shown ? { correct: answerKeyOf(q) } : {}),
        },
      ];
    }),
  };
}
