import type { LessonStatus } from '@academy/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { lessonFacts, lessonOutline } from '../courses';
import { lessonPassed } from './rules';
import { lessonProgress } from './tables';
import { passedWhere } from './tree';

/**
 * Study's data for the progress reports (decision 71): learners' standing per course as rows of
 * the report's one statement, and a learner's lessons with their progress.
 */

/**
 * Per learner and course, over the learners of the relation `learners` (a CTE of the caller with
 * an `id` column), the columns `user_id, course_id, passed` (lessons passed), `failed` (a lesson
 * failed), `started_at, last_at, last_passed_at`; only courses they have progress in, `courseId`
 * alone when given.
 */
export function courseProgressRows(learners: string, courseId?: number): SQL {
  const lesson = lessonFacts();
  const passed = passedWhere({
    minStudyMinutes: col(lesson.minStudyMinutes),
    examQuestionCount: col(lesson.examQuestionCount),
    videoKind: col(lesson.videoKind),
  });
  const from = sql.identifier(learners);
  const onCourse = courseId ? sql` and ${col(lesson.courseId)} = ${courseId}` : sql``;
  return sql`
    select ${col(lessonProgress.userId)} as user_id, ${col(lesson.courseId)} as course_id,
      (count(*) filter (where ${passed}))::int as passed,
      bool_or(${col(lessonProgress.status)} = 'FAILED') as failed,
      min(${col(lessonProgress.createdAt)}) as started_at,
      max(${col(lessonProgress.updatedAt)}) as last_at,
      max(coalesce(${col(lessonProgress.passedAt)}, ${col(lessonProgress.updatedAt)})) filter (where ${passed}) as last_passed_at
    from ${from}
    join ${lessonProgress} on ${col(lessonProgress.userId)} = ${from}.id
    join ${lesson} on ${col(lesson.id)} = ${col(lessonProgress.lessonId)}${onCourse}
    group by ${col(lessonProgress.userId)}, ${col(lesson.courseId)}`;
}

/** Whether study counts the lesson `lessonId` passed for the learner `userId` (both SQL), as a column. */
export function lessonPassedSql(userId: SQL, lessonId: SQL): SQL<boolean> {
  const lesson = lessonFacts();
  const passed = passedWhere({
    minStudyMinutes: col(lesson.minStudyMinutes),
    examQuestionCount: col(lesson.examQuestionCount),
    videoKind: col(lesson.videoKind),
  });
  return sql<boolean>`exists (select 1 from ${lessonProgress} join ${lesson} on ${col(lesson.id)} = ${col(lessonProgress.lessonId)}
    where ${col(lessonProgress.userId)} = ${userId} and ${col(lessonProgress.lessonId)} = ${lessonId} and ${passed})`;
}

export type LearnerLessonRow = {
  id: number;
  courseId: number;
  name: string;
  topicName: string;
  minStudyMinutes: number;
  examQuestionCount: number;
  videoKind: string;
  status: string | null;
  creditedSeconds: number | null;
  examPassed: boolean | null;
  /** Study's pass rule (rules.ts `lessonPassed`, decision 12; SCORM and cmi5 lessons want their package passed). */
  passed: boolean;
  /** When the lesson was passed (kept since study recorded it; older rows have none). */
  passedAt: Date | null;
  updatedAt: Date | null;
};

/**
 * The lessons of these courses with the learner's progress in each, in course order. One query
 * (always, so that the reports' statement counts stay constant).
 */
export async function learnerLessonRows(
  db: Db,
  userId: number,
  courseIds: number[],
): Promise<LearnerLessonRow[]> {
  const lesson = lessonOutline();
  const rows = await db
    .select({
      id: lesson.id,
      courseId: lesson.courseId,
      name: lesson.name,
      topicName: lesson.topicName,
      minStudyMinutes: lesson.minStudyMinutes,
      examQuestionCount: lesson.examQuestionCount,
      videoKind: lesson.videoKind,
      status: lessonProgress.status,
      creditedSeconds: lessonProgress.creditedSeconds,
      examPassed: lessonProgress.examPassed,
      contentPassed: lessonProgress.contentPassed,
      passedAt: lessonProgress.passedAt,
      updatedAt: lessonProgress.updatedAt,
    })
    .from(lesson)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lesson.id), eq(lessonProgress.userId, userId)))
    .where(inArray(lesson.courseId, courseIds))
    .orderBy(
      asc(lesson.courseId),
      asc(lesson.topicPosition),
      asc(lesson.topicId),
      asc(lesson.position),
      asc(lesson.id),
    );
  return rows.map(({ contentPassed, ...row }) => ({
    ...row,
    passed: lessonPassed(
      row,
      row.status === null
        ? null
        : {
            status: row.status as LessonStatus,
            creditedSeconds: row.creditedSeconds ?? 0,
            examPassed: row.examPassed ?? false,
            contentPassed: contentPassed ?? false,
          },
    ),
  }));
}
