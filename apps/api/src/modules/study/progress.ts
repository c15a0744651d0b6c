import type { LessonStatus, THeartbeatResult, TLessonProgress, ZHeartbeat } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import { afterLessonPassed, type StudyEvents } from './completion';
import { assertUnlocked, learnerLesson } from './learner';
import { type ProgressShape, progressParams, runProgressWrite, type WrittenProgress } from './progress-write';
import { applyHeartbeat, type LessonRule, lessonPassed, nextStatus, type StudySettings } from './rules';
import { lessonProgress } from './tables';
import type { LessonNode, ProgressRecord } from './tree';
import { toLessonProgress } from './views';

export type HeartbeatInput = z.output<typeof ZHeartbeat>;
type ProgressChanges = Partial<Omit<ProgressRecord, 'version'>> & { updatedAt?: Date };

/** How often a write is retried when another request changed the same row in between. */
const MAX_ATTEMPTS = 5;

function toRecord(row: typeof lessonProgress.$inferSelect): ProgressRecord {
  return { ...row, status: row.status as LessonStatus };
}

async function readRecord(db: Db, userId: number, lessonId: number): Promise<ProgressRecord | undefined> {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return row && toRecord(row);
}

/** The learner's row for a lesson, created (studying) when missing; a creation is published. */
async function ensureRecord(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: Pick<LessonNode, 'id' | 'courseId'>,
  now: Date,
): Promise<ProgressRecord> {
  const lessonId = lesson.id;
  const [created] = await db
    .insert(lessonProgress)
    .values({ userId, lessonId, status: 'STUDYING', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await events.publish(db, 'lessonStarted', { userId, courseId: lesson.courseId, at: now });
    return toRecord(created);
  }
  const existing = await readRecord(db, userId, lessonId);
  if (!existing) throw new Error('lesson progress vanished while being created');
  return existing;
}

/** A progress row as it is made: the table's defaults (a learner studying the lesson). */
const FRESH_RECORD: ProgressRecord = {
  status: 'STUDYING',
  creditedSeconds: 0,
  lastPositionSeconds: 0,
  examPassed: false,
  contentPassed: false,
  viewingId: null,
  lastHeartbeatAt: null,
  watching: false,
  tabLeaves: 0,
  passedAt: null,
  version: 0,
};

/** After a write that took the row from not passed to passed: lessonPassed, then the course's completion. */
async function publishPass(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: LessonNode,
  record: ProgressRecord,
  changes: ProgressChanges,
  now: Date,
  completion: { locked: boolean; finishedCycle?: number | null },
): Promise<void> {
  if (!passes(record, changes)) return;
  if (events.handles('lessonPassed')) {
    const studiedSeconds = Math.round(changes.creditedSeconds ?? record.creditedSeconds);
    await events.publish(db, 'lessonPassed', {
      userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      studiedSeconds,
      at: now,
    });
  }
  await afterLessonPassed(db, events, userId, lesson.courseId, now, completion);
}

function passes(record: ProgressRecord, changes: ProgressChanges): boolean {
  return record.status !== 'PASSED' && changes.status === 'PASSED';
}

/** Whether a write's statement also tells if the course is now finished (`courseFinishedWithSql`). */
function countsCompletion(events: StudyEvents, counts: boolean): boolean {
  return counts && events.handles('courseCompleted');
}

/** afterLessonPassed's options after a write (`finishedCycle` is what a counting write returned). */
function completionAfter(
  events: StudyEvents,
  completionLocked: boolean,
  counted: boolean,
  finishedCycle: number | null,
) {
  return counted && events.handles('courseCompleted')
    ? { locked: completionLocked, finishedCycle }
    : { locked: completionLocked };
}

/** The change to write given the row as read (null: nothing), and the answer once it is saved. */
type Decide<T> = (record: ProgressRecord) => {
  changes: ProgressChanges | null;
  answer: (saved: ProgressRecord) => T;
};

/**
 * A change to the learner's row, ready to be written by one statement: study's own
 * (`runProgressWrite`) or a piece of the caller's (`progressWriteSql`, decision 181). `shape` null:
 * nothing to write. `settle` is called with what the statement returned (undefined: it wrote
 * nothing) and publishes what the write did, or falls back to reading the row and writing again.
 */
export type ProgressWrite<T> = {
  shape: ProgressShape | null;
  params: Record<string, unknown>;
  settle(written: WrittenProgress | undefined): Promise<T>;
};

/**
 * Applies a change to the learner's row with optimistic concurrency, in one statement and no
 * transaction: `decide` computes the change from the row as read; the write only lands if nobody
 * changed the row since (same version), else the row is read again and `decide` runs again.
 * `decide` returns null changes to write nothing. A learner without a row (`lesson.record` null)
 * gets it made with the change in one insert; when another request made it meanwhile, the usual
 * path reads it and writes over it.
 */
async function changeRecord<T>(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: LessonNode,
  now: Date,
  decide: Decide<T>,
  completionLocked = false,
  attempt = 1,
): Promise<T> {
  const plan = planChange(db, events, userId, lesson, now, decide, completionLocked, attempt);
  return plan.settle(plan.shape ? await runProgressWrite(db, plan.shape, plan.params) : undefined);
}

/** `changeRecord`'s write, not yet sent (`attempt`: how many writes of this change missed before, plus one). */
function planChange<T>(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: LessonNode,
  now: Date,
  decide: Decide<T>,
  completionLocked: boolean,
  attempt = 1,
): ProgressWrite<T> {
  const row = { userId, lessonId: lesson.id, courseId: lesson.courseId };
  const again = (record: ProgressRecord, next: number) =>
    changeRecord(db, events, userId, { ...lesson, record }, now, decide, completionLocked, next);
  const record = lesson.record;
  if (!record) {
    // The learner's first row, made with the change already applied; the creation is published as
    // ensureRecord's is. When a row exists already, the usual path reads it and writes over it.
    const { changes, answer } = decide(FRESH_RECORD);
    const version = changes ? 1 : 0;
    const counts = completionLocked && changes !== null && passes(FRESH_RECORD, changes);
    const { updatedAt = now, ...changed } = changes ?? {};
    return {
      shape: { kind: 'make', counting: countsCompletion(events, counts) },
      params: progressParams(
        { ...FRESH_RECORD, ...changed, version },
        { ...row, updatedAt },
        { createdAt: now },
      ),
      settle: async (created) => {
        if (!created) return again(await ensureRecord(db, events, userId, lesson, now), 1);
        await events.publish(db, 'lessonStarted', { userId, courseId: lesson.courseId, at: now });
        if (changes) {
          const completion = completionAfter(events, completionLocked, counts, created.finishedCycle);
          await publishPass(db, events, userId, lesson, FRESH_RECORD, changes, now, completion);
        }
        return answer({ ...FRESH_RECORD, ...changes, version });
      },
    };
  }
  const { changes, answer } = decide(record);
  if (!changes) return { shape: null, params: {}, settle: async () => answer(record) };
  const counts = completionLocked && passes(record, changes);
  const { updatedAt = null, ...changed } = changes;
  const version = record.version + 1;
  return {
    shape: { kind: 'write', counting: countsCompletion(events, counts) },
    params: progressParams(
      { ...record, ...changed, version },
      { ...row, updatedAt },
      { readVersion: record.version },
    ),
    settle: async (written) => {
      if (!written) {
        if (attempt >= MAX_ATTEMPTS)
          throw conflict('Your progress changed at the same time, please try again');
        return again(await ensureRecord(db, events, userId, lesson, now), attempt + 1);
      }
      const completion = completionAfter(events, completionLocked, counts, written.finishedCycle);
      await publishPass(db, events, userId, lesson, record, changes, now, completion);
      return answer({ ...record, ...changes, version });
    },
  };
}

/** The status to store, and when the lesson was first passed. */
function statusChange(rule: LessonRule, record: ProgressRecord, now: Date) {
  const status: LessonStatus = nextStatus(rule, record);
  return { status, passedAt: record.passedAt ?? (status === 'PASSED' ? now : null) };
}

function progressOf(lesson: LessonNode, record: ProgressRecord): TLessonProgress {
  return toLessonProgress({ ...lesson, record, passed: lessonPassed(lesson, record) });
}

/**
 * PUT user-lesson/time-viewed: applies one heartbeat of the player (rules.ts) to the learner's
 * progress. Refused with 403 while the lesson is locked. Two statements (three the first time).
 */
export async function recordHeartbeat(
  db: Db,
  events: StudyEvents,
  settings: StudySettings,
  userId: number,
  beat: HeartbeatInput,
  now: Date,
): Promise<THeartbeatResult> {
  const { lesson } = await learnerLesson(db, userId, beat.lessonId);
  assertUnlocked(lesson);
  return changeRecord(db, events, userId, lesson, now, (record) => {
    const outcome = applyHeartbeat(record, beat, lesson, now, settings);
    const changed = { ...record, ...outcome.state };
    const changes = outcome.activeElsewhere
      ? null
      : { ...outcome.state, ...statusChange(lesson, changed, now), updatedAt: now };
    return {
      changes,
      answer: (saved) => ({
        ...progressOf(lesson, saved),
        creditedNow: outcome.credited,
        activeElsewhere: outcome.activeElsewhere,
        tabLeaves: saved.tabLeaves,
        tabLeaveLimit: settings.tabLeaveLimit,
        rewindTo: outcome.rewindTo,
      }),
    };
  });
}

/**
 * POST user-lesson/update-status/{id}: the learner opens a lesson. Its progress row is created
 * (not studying → studying) and its status re-evaluated against the lesson's current rule, so a
 * lesson without a minimum study time or exam passes on opening.
 */
export async function openLesson(
  db: Db,
  events: StudyEvents,
  userId: number,
  lessonId: number,
  now: Date,
): Promise<TLessonProgress> {
  const { lesson } = await learnerLesson(db, userId, lessonId);
  assertUnlocked(lesson);
  return changeRecord(db, events, userId, lesson, now, (record) => {
    const change = statusChange(lesson, record, now);
    const same = change.status === record.status && change.passedAt === record.passedAt;
    return {
      changes: same ? null : { ...change, updatedAt: now },
      answer: (saved) => progressOf(lesson, saved),
    };
  });
}

/**
 * For the exams module: records the outcome of an exam attempt. A pass is kept; a failure marks
 * the lesson FAILED until the exam is passed (a lesson already passed stays passed). `known` is
 * the learner's lesson when the caller read it already (before its transaction: the course tree
 * is a prepared query only outside one); its record may be stale, the versioned write re-reads it.
 * `completionLocked`: the caller's transaction took `completionLockSql` for the lesson's course.
 */
export async function recordExamResult(
  db: Db,
  events: StudyEvents,
  userId: number,
  lessonId: number,
  passed: boolean,
  now: Date,
  known?: LessonNode,
  options: { completionLocked?: boolean } = {},
): Promise<TLessonProgress> {
  const lesson = known?.id === lessonId ? known : (await learnerLesson(db, userId, lessonId)).lesson;
  const plan = planExamResult(db, events, userId, lesson, passed, now, options);
  return plan.settle(plan.shape ? await runProgressWrite(db, plan.shape, plan.params) : undefined);
}

/**
 * `recordExamResult`'s write, for the exams module to send inside its own closing statement
 * (`progressWriteSql`, decision 181) on the transaction `db`; `settle` then publishes what it did.
 */
export function planExamResult(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: LessonNode,
  passed: boolean,
  now: Date,
  options: { completionLocked?: boolean } = {},
): ProgressWrite<TLessonProgress> {
  return planChange(
    db,
    events,
    userId,
    lesson,
    now,
    (record) => {
      const examPassed = record.examPassed || passed;
      const after: ProgressRecord = { ...record, examPassed, status: passed ? record.status : 'FAILED' };
      const change = statusChange(lesson, after, now);
      const status = record.status === 'PASSED' ? 'PASSED' : change.status;
      return {
        changes: { examPassed, status, passedAt: change.passedAt, updatedAt: now },
        answer: (saved) => progressOf(lesson, saved),
      };
    },
    options.completionLocked === true,
  );
}

/**
 * For the scorm and cmi5 modules: a package lesson's state after a commit or statement — whether its package reports it
 * passed (kept once true), and the study time its sessions credited (session times, each capped
 * by the wall-clock time of its launch; it never goes down). The lesson passes by the usual rule
 * (rules.ts `lessonPassed`, which wants `contentPassed` for SCORM lessons). A package that reports
 * the learner failed (a SCORM attempt finished without passing) fails the lesson as a failed exam
 * does: FAILED until it passes. Refused with 403 while the lesson is locked.
 */
export async function recordContentResult(
  db: Db,
  events: StudyEvents,
  userId: number,
  lessonId: number,
  result: { passed: boolean; failed?: boolean; creditedSeconds: number },
  now: Date,
): Promise<TLessonProgress> {
  const { lesson } = await learnerLesson(db, userId, lessonId);
  assertUnlocked(lesson);
  return changeRecord(db, events, userId, lesson, now, (record) => {
    const contentPassed = record.contentPassed || result.passed;
    const creditedSeconds = Math.max(
      record.creditedSeconds,
      Math.round(result.creditedSeconds * 1000) / 1000,
    );
    const failed = result.failed === true && !result.passed;
    const after = { ...record, contentPassed, creditedSeconds, status: failed ? 'FAILED' : record.status };
    const change = statusChange(lesson, after, now);
    const status = record.status === 'PASSED' ? 'PASSED' : change.status;
    const same =
      contentPassed === record.contentPassed &&
      creditedSeconds === record.creditedSeconds &&
      status === record.status;
    return {
      changes: same ? null : { contentPassed, creditedSeconds, ...change, status, updatedAt: now },
      answer: (saved) => progressOf(lesson, saved),
    };
  });
}
