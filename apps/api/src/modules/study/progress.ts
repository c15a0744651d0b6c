import type { LessonStatus, THeartbeatResult, TLessonProgress, ZHeartbeat } from '@academy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { sharedStatement } from '../../platform/db/prepared';
import { conflict } from '../../platform/http/errors';
import { afterLessonPassed, courseFinishedWithSql, type StudyEvents } from './completion';
import { assertUnlocked, learnerLesson } from './learner';
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

const param = (name: string, cast?: 'timestamptz') =>
  cast ? sql`${sql.placeholder(name)}::${sql.raw(cast)}` : sql`${sql.placeholder(name)}`;

/**
 * What a write returns: the row's new version, and — when the transaction holds the course's
 * completion lock and the write passes the lesson (`counting`) — the cycle the course is now
 * finished in, else null.
 */
function writeReturning(db: Db, counting: boolean) {
  return {
    version: lessonProgress.version,
    finishedCycle: counting
      ? courseFinishedWithSql(
          db,
          sql.placeholder('userId'),
          sql.placeholder('courseId'),
          sql.placeholder('lessonId'),
        )
      : sql<number | null>`null`,
  };
}

/** Every column of the row a write sets, from `recordParams`' values. */
function recordColumns() {
  return {
    status: param('status'),
    creditedSeconds: param('creditedSeconds'),
    lastPositionSeconds: param('lastPositionSeconds'),
    examPassed: param('examPassed'),
    contentPassed: param('contentPassed'),
    viewingId: param('viewingId'),
    lastHeartbeatAt: param('lastHeartbeatAt', 'timestamptz'),
    watching: param('watching'),
    tabLeaves: param('tabLeaves'),
    passedAt: param('passedAt', 'timestamptz'),
    version: param('version'),
  };
}

function recordParams(record: ProgressRecord) {
  return {
    status: record.status,
    creditedSeconds: record.creditedSeconds,
    lastPositionSeconds: record.lastPositionSeconds,
    examPassed: record.examPassed,
    contentPassed: record.contentPassed,
    viewingId: record.viewingId,
    lastHeartbeatAt: record.lastHeartbeatAt,
    watching: record.watching,
    tabLeaves: record.tabLeaves,
    passedAt: record.passedAt,
    version: record.version,
  };
}

/**
 * The learner's first row, made with its change applied (`makeRecord`); nothing on a conflict.
 * Shared statements: they run on the caller's handle, inside an exam submission's transaction too.
 */
function makeStatement(db: Db, counting: boolean, name: string) {
  return db
    .insert(lessonProgress)
    .values({
      ...recordColumns(),
      userId: param('userId'),
      lessonId: param('lessonId'),
      createdAt: param('createdAt', 'timestamptz'),
      updatedAt: param('updatedAt', 'timestamptz'),
    })
    .onConflictDoNothing()
    .returning(writeReturning(db, counting))
    .prepare(name);
}
const makeRow = sharedStatement((db) => makeStatement(db, false, 'study_make_progress'));
const makeRowCounting = sharedStatement((db) => makeStatement(db, true, 'study_make_progress_counting'));

/**
 * The versioned write (`changeRecord`): the whole row as the change leaves it, only over the
 * version it was read at — so writing every column is the same as writing the changed ones.
 */
function writeStatement(db: Db, counting: boolean, name: string) {
  return db
    .update(lessonProgress)
    .set({
      ...recordColumns(),
      updatedAt: sql`coalesce(${param('updatedAt', 'timestamptz')}, ${lessonProgress.updatedAt})`,
    })
    .where(
      and(
        eq(lessonProgress.userId, sql.placeholder('userId')),
        eq(lessonProgress.lessonId, sql.placeholder('lessonId')),
        eq(lessonProgress.version, sql.placeholder('readVersion')),
      ),
    )
    .returning(writeReturning(db, counting))
    .prepare(name);
}
const writeRow = sharedStatement((db) => writeStatement(db, false, 'study_write_progress'));
const writeRowCounting = sharedStatement((db) => writeStatement(db, true, 'study_write_progress_counting'));

/** afterLessonPassed's options for a write made with `writeReturning`. */
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
): Promise<T> {
  if (!lesson.record) {
    const made = await makeRecord(db, events, userId, lesson, now, decide, completionLocked);
    if (made) return made.answer;
  }
  let record = lesson.record ?? (await ensureRecord(db, events, userId, lesson, now));
  for (let attempt = 1; ; attempt++) {
    const { changes, answer } = decide(record);
    if (!changes) return answer(record);
    const counts = completionLocked && passes(record, changes);
    const counting = countsCompletion(events, counts);
    const { updatedAt = null, ...changed } = changes;
    const [written] = await (counting ? writeRowCounting : writeRow)(db).execute({
      ...recordParams({ ...record, ...changed, version: record.version + 1 }),
      updatedAt,
      userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      readVersion: record.version,
    });
    if (written) {
      const completion = completionAfter(events, completionLocked, counts, written.finishedCycle);
      await publishPass(db, events, userId, lesson, record, changes, now, completion);
      return answer({ ...record, ...changes, version: record.version + 1 });
    }
    if (attempt >= MAX_ATTEMPTS) throw conflict('Your progress changed at the same time, please try again');
    record = await ensureRecord(db, events, userId, lesson, now);
  }
}

/**
 * The learner's first row for the lesson, made with `decide`'s change already applied (one
 * statement); the creation is published as ensureRecord's is. Null when a row exists already.
 */
async function makeRecord<T>(
  db: Db,
  events: StudyEvents,
  userId: number,
  lesson: LessonNode,
  now: Date,
  decide: Decide<T>,
  completionLocked: boolean,
): Promise<{ answer: T } | null> {
  const { changes, answer } = decide(FRESH_RECORD);
  const version = changes ? 1 : 0;
  const counts = completionLocked && changes !== null && passes(FRESH_RECORD, changes);
  const { updatedAt = now, ...changed } = changes ?? {};
  const [created] = await (countsCompletion(events, counts) ? makeRowCounting : makeRow)(db).execute({
    ...recordParams({ ...FRESH_RECORD, ...changed, version }),
    createdAt: now,
    updatedAt,
    userId,
    lessonId: lesson.id,
    courseId: lesson.courseId,
  });
  if (!created) return null;
  await events.publish(db, 'lessonStarted', { userId, courseId: lesson.courseId, at: now });
  if (changes) {
    const completion = completionAfter(events, completionLocked, counts, created.finishedCycle);
    await publishPass(db, events, userId, lesson, FRESH_RECORD, changes, now, completion);
  }
  return { answer: answer({ ...FRESH_RECORD, ...changes, version }) };
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
  return changeRecord(
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
