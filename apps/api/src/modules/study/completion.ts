import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import type { Events } from '../../platform/events';
import { courseFacts, lessonFacts } from '../courses';
import { currentCycleSql } from './cycles';
import { lessonProgress } from './tables';
import { passedWhere } from './tree';

/**
 * Course completion, for other modules (the certificates module issues a certificate).
 *
 * When a learner's lesson has just become passed, `afterLessonPassed` checks whether every lesson
 * of its course is now passed and, if so, publishes `courseCompleted` with the same database
 * handle — inside the transaction that wrote the pass when there is one (an exam submission), so a
 * handler's writes commit or roll back with it.
 *
 * Two lessons of one course can become passed at the same moment (two requests). The check takes a
 * transaction-scoped advisory lock per learner and course first, so the checks run one after the
 * other and the later one sees the earlier one's pass (READ COMMITTED: each statement sees what
 * was committed before it started): the completion is never missed. It can be reported twice,
 * so handlers must be idempotent (certificates: a unique index per learner and course).
 */

/**
 * Where study publishes lesson starts and passes and course completions, and exams their graded
 * attempts (app.ts decides who handles them).
 */
export type StudyEvents = Events<
  Pick<AppEvents, 'courseCompleted' | 'lessonStarted' | 'lessonPassed' | 'examGraded'>
>;

/** The learner's and the course's bits of a lock key (28 bits each). */
const LOCK_ID_MASK = sql.raw(String((1 << 28) - 1));

/** Advisory lock key: a class byte (0x43 = 67), then the learner and the course ids (28 bits each). */
function lockKey(userId: number, courseId: number): bigint {
  const mask = (1n << 28n) - 1n;
  return (0x43n << 56n) | ((BigInt(userId) & mask) << 28n) | (BigInt(courseId) & mask);
}

/** The pass rule over a progress row joined with `lessonFacts()` (its columns named by `col()`). */
function lessonPassedWhere(lesson: ReturnType<typeof lessonFacts>) {
  return passedWhere({
    minStudyMinutes: col(lesson.minStudyMinutes),
    examQuestionCount: col(lesson.examQuestionCount),
    videoKind: col(lesson.videoKind),
  });
}

/**
 * Whether the learner has now passed every lesson of the course, and in which of their cycles of
 * it (decision 105): the cycle when finished, else null. One query.
 */
async function courseFinished(db: Db, userId: number, courseId: number): Promise<number | null> {
  const course = courseFacts(db);
  const lesson = lessonFacts();
  const passed = lessonPassedWhere(lesson);
  const [row] = await db
    .select({
      lessonCount: course.lessonCount,
      // col(): drizzle leaves a one-source query's columns bare, and the subquery's would win.
      passed: sql<number>`(select count(*)::int from ${lessonProgress} inner join ${lesson} on ${col(lesson.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${userId} and ${col(lesson.courseId)} = ${col(course.id)} and ${passed})`,
      cycle: currentCycleSql(sql`${userId}::int`, sql`${courseId}::int`),
    })
    .from(course)
    .where(eq(course.id, courseId));
  return row !== undefined && row.lessonCount > 0 && row.passed >= row.lessonCount ? row.cycle : null;
}

/**
 * `courseFinished` as a column of the statement that passes `lessonId` (its write is not visible
 * to the statement itself, so that lesson counts as passed): for a transaction holding the
 * completion lock since an earlier statement (`completionLockSql`), whose snapshot therefore has
 * every pass made before it. The cycle when the course is then finished, else null.
 */
export function courseFinishedWithSql(
  db: Db,
  userId: number | Placeholder,
  courseId: number | Placeholder,
  lessonId: number | Placeholder,
): SQL<number | null> {
  const course = courseFacts(db);
  const lesson = lessonFacts();
  const passed = lessonPassedWhere(lesson);
  const others = sql`(select count(*)::int from ${lessonProgress} inner join ${lesson} on ${col(lesson.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${userId} and ${col(lesson.courseId)} = ${col(course.id)} and ${col(lessonProgress.lessonId)} <> ${lessonId} and ${passed})`;
  const cycle = currentCycleSql(sql`${userId}::int`, sql`${courseId}::int`);
  return sql<
    number | null
  >`(select case when ${col(course.lessonCount)} > 0 and ${others} + 1 >= ${col(course.lessonCount)} then ${cycle} end from ${course} where ${col(course.id)} = ${courseId})`;
}

/** The key of a learner's completion lock of a course, the parameter of `completionLockSql`. */
export function completionLockKey(userId: number, courseId: number): string {
  return lockKey(userId, courseId).toString();
}

/**
 * The completion check's lock as a column of the caller's own statement, for a transaction that
 * may pass a lesson of the course (an exam submission takes it with its row locks, so its check
 * after the pass is one statement). Held until the transaction ends. `key`: `completionLockKey`'s,
 * or a placeholder for it in a prepared statement.
 */
export function completionLockSql(key: unknown): SQL<unknown> {
  return sql`pg_advisory_xact_lock(${key}::bigint)`;
}

/**
 * `completionLockSql` for the course of the lesson in `lessonId` (a column of the caller's
 * statement), its key worked out in SQL as `completionLockKey` works it out: for a statement that
 * has the lesson but not yet its course (an exam submission's lock, decision 181).
 */
export function completionLockOfLessonSql(userId: SQL | Placeholder, lessonId: SQL): SQL<unknown> {
  const lesson = lessonFacts();
  const courseId = sql`(select ${col(lesson.courseId)} from ${lesson} where ${col(lesson.id)} = ${lessonId})`;
  return completionLockSql(
    sql`((67::bigint << 56) | ((${userId}::bigint & ${LOCK_ID_MASK}) << 28) | (${courseId}::bigint & ${LOCK_ID_MASK}))`,
  );
}

/**
 * Call after writing a lesson's change from not passed to passed. Costs nothing when nobody
 * handles course completions; otherwise two statements (lock, check) and the handlers' own, one
 * when the caller's transaction holds the lock already (`completionLockSql`), none when its write
 * also told whether the course is finished (`finishedCycle`, from `courseFinishedWithSql`).
 */
export async function afterLessonPassed(
  db: Db,
  events: StudyEvents,
  userId: number,
  courseId: number,
  at: Date,
  options: { locked?: boolean; finishedCycle?: number | null } = {},
): Promise<void> {
  if (!events.handles('courseCompleted')) return;
  const check = async (tx: Db) => {
    if (!options.locked) {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(userId, courseId).toString()}::bigint)`);
    }
    const cycle =
      options.finishedCycle !== undefined
        ? options.finishedCycle
        : await courseFinished(tx, userId, courseId);
    if (cycle === null) return;
    await events.publish(tx, 'courseCompleted', { userId, courseId, at, cycle });
  };
  // Inside the caller's transaction (an exam submission) the lock lasts until it ends: no savepoint.
  if (inTransaction(db)) await check(db);
  else await db.transaction(check);
}

function inTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/**
 * For reports in other modules (roadmaps, progress): the "lesson passed" rule as SQL over
 * `lesson_progress` and the lessons table (`passedSql`) or given lesson columns (`passedWhere`).
 */
export { passedSql, passedWhere } from './tree';
