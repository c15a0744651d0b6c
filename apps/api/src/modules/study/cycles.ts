import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { courseFacts, lessonFacts } from '../courses';
import { courseCycleResults, lessonProgress, lessonProgressHistory } from './tables';
import { passedWhere } from './tree';

/**
 * Cycles of a course (decision 105). A recertification ends a learner's cycle N of a course: its
 * result is kept as a row of `course_cycle_results`, its lesson rows move from `lesson_progress`
 * to `lesson_progress_history`, and the course starts over as cycle N + 1 — every query of
 * current progress stays as it was, on a table that holds only current cycles.
 */

/** The learner's current cycle of the course (1 until a cycle ended), as SQL: an index lookup. */
export function currentCycleSql(userId: SQL, courseId: SQL): SQL<number> {
  return sql<number>`(select coalesce(max(${col(courseCycleResults.cycle)}), 0) + 1 from ${courseCycleResults} where ${col(courseCycleResults.userId)} = ${userId} and ${col(courseCycleResults.courseId)} = ${courseId})`;
}

/**
 * When the learner's current cycle of the course began (the end of the last one), as SQL; null in
 * cycle 1. For data kept across cycles (a cmi5 registration) that the reports show per cycle.
 */
export function currentCycleStartSql(userId: SQL, courseId: SQL): SQL<Date | null> {
  return sql<Date | null>`(select max(${col(courseCycleResults.endedAt)}) from ${courseCycleResults} where ${col(courseCycleResults.userId)} = ${userId} and ${col(courseCycleResults.courseId)} = ${courseId})`;
}

/** A learner's current cycle of each course past cycle 1 (one query). */
export async function currentCycles(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      courseId: courseCycleResults.courseId,
      cycle: sql<number>`max(${courseCycleResults.cycle})::int + 1`,
    })
    .from(courseCycleResults)
    .where(eq(courseCycleResults.userId, userId))
    .groupBy(courseCycleResults.courseId);
  return new Map(rows.map((r) => [r.courseId, r.cycle]));
}

export type CycleEnd = { userId: number; courseId: number; cycle: number };

/**
 * Ends each learner's cycle `cycle` of the course when it is their current one, in ONE statement:
 * its result (lessons passed of the course's lessons, when it was finished) becomes a row of
 * `course_cycle_results`, and their lesson rows of the course move to the history with the cycle
 * number. The result's primary key makes it happen once: a second call, or one racing with this
 * one, inserts nothing and moves nothing. Returns the ones ended, with the cycle that starts.
 */
export async function endCycles(db: Db, ends: CycleEnd[], now: Date): Promise<CycleEnd[]> {
  if (ends.length === 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const lesson = lessonFacts();
  const course = courseFacts(db);
  const passed = passedWhere({
    minStudyMinutes: col(lesson.minStudyMinutes),
    examQuestionCount: col(lesson.examQuestionCount),
    videoKind: col(lesson.videoKind),
  });
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(ends)}::jsonb) as i("userId" int, "courseId" int, cycle int)
    ),
    progress as (
      select i."userId" as user_id, i."courseId" as course_id,
        (count(*) filter (where ${passed}))::int as passed,
        min(${col(lessonProgress.createdAt)}) as started_at,
        max(coalesce(${col(lessonProgress.passedAt)}, ${col(lessonProgress.updatedAt)})) filter (where ${passed}) as last_passed_at
      from input i
      join ${lessonProgress} on ${col(lessonProgress.userId)} = i."userId"
      join ${lesson} on ${col(lesson.id)} = ${col(lessonProgress.lessonId)} and ${col(lesson.courseId)} = i."courseId"
      group by i."userId", i."courseId"
    ),
    ended as (
      insert into ${courseCycleResults}
        (user_id, course_id, cycle, started_at, ended_at, lesson_count, passed_lessons, finished_at)
      select i."userId", i."courseId", i.cycle, coalesce(previous.ended_at, p.started_at), ${at},
        ${course.lessonCount}, coalesce(p.passed, 0),
        case when ${course.lessonCount} > 0 and coalesce(p.passed, 0) >= ${course.lessonCount} then p.last_passed_at end
      from input i
      join ${course} on ${course.id} = i."courseId"
      left join progress p on p.user_id = i."userId" and p.course_id = i."courseId"
      left join ${courseCycleResults} previous on previous.user_id = i."userId"
        and previous.course_id = i."courseId" and previous.cycle = i.cycle - 1
      where i.cycle = ${currentCycleSql(sql`i."userId"`, sql`i."courseId"`)}
      on conflict do nothing
      returning user_id, course_id, cycle
    ),
    moved as (
      delete from ${lessonProgress}
      using ended e, ${lesson}
      where ${col(lessonProgress.userId)} = e.user_id and ${col(lesson.id)} = ${col(lessonProgress.lessonId)}
        and ${col(lesson.courseId)} = e.course_id
      returning ${col(lessonProgress.userId)} as user_id, ${col(lessonProgress.lessonId)} as lesson_id,
        e.course_id, e.cycle, ${col(lessonProgress.status)} as status, ${passed} as passed,
        ${col(lessonProgress.creditedSeconds)} as credited_seconds, ${col(lessonProgress.examPassed)} as exam_passed,
        ${col(lessonProgress.contentPassed)} as content_passed, ${col(lessonProgress.passedAt)} as passed_at,
        ${col(lessonProgress.createdAt)} as created_at, ${col(lessonProgress.updatedAt)} as updated_at
    ),
    archived as (
      insert into ${lessonProgressHistory}
        (user_id, lesson_id, course_id, cycle, status, passed, credited_seconds, exam_passed, content_passed,
         passed_at, created_at, updated_at, archived_at)
      select user_id, lesson_id, course_id, cycle, status, passed, credited_seconds, exam_passed, content_passed,
        passed_at, created_at, updated_at, ${at}
      from moved
      on conflict do nothing
      returning 1
    )
    select user_id as "userId", course_id as "courseId", cycle + 1 as cycle,
      (select count(*)::int from archived) as archived
    from ended`);
  return (result as unknown as { rows: CycleEnd[] }).rows.map(({ userId, courseId, cycle }) => ({
    userId,
    courseId,
    cycle,
  }));
}

export type EndedCycle = {
  courseId: number;
  cycle: number;
  startedAt: Date | null;
  endedAt: Date;
  lessonCount: number;
  passedLessons: number;
  finishedAt: Date | null;
};

/** A learner's ended cycles, most recently ended first (one query on the primary key). */
export async function endedCycles(db: Db, userId: number, courseId?: number): Promise<EndedCycle[]> {
  return db
    .select({
      courseId: courseCycleResults.courseId,
      cycle: courseCycleResults.cycle,
      startedAt: courseCycleResults.startedAt,
      endedAt: courseCycleResults.endedAt,
      lessonCount: courseCycleResults.lessonCount,
      passedLessons: courseCycleResults.passedLessons,
      finishedAt: courseCycleResults.finishedAt,
    })
    .from(courseCycleResults)
    .where(
      and(
        eq(courseCycleResults.userId, userId),
        courseId !== undefined ? eq(courseCycleResults.courseId, courseId) : undefined,
      ),
    )
    .orderBy(desc(courseCycleResults.endedAt), desc(courseCycleResults.cycle), courseCycleResults.courseId);
}
