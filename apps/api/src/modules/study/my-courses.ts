import { MESSAGES, type TCoursePercent, type TMyCourse } from '@academy/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { listOrder, selectCourses, toCourse } from '../courses/read';
import { col } from '../courses/sql';
import { courses, lessons } from '../courses/tables';
import { coursePercent } from './rules';
import { lessonProgress } from './tables';
import { passedSql, passedWhere } from './tree';

type CourseProgress = { passed: number; lastStudiedAt: Date; lastPassedAt: Date | null };

/**
 * The learner's passed lessons, last activity and last pass, per course they started: one
 * statement. Each record's lesson is looked up by primary key in a lateral subquery (its
 * `limit 1`, harmless on a primary key, keeps the planner from scanning every lesson instead).
 */
async function progressByCourse(db: Db, userId: number): Promise<Map<number, CourseProgress>> {
  const lesson = db
    .select({
      courseId: lessons.courseId,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
    })
    .from(lessons)
    .where(sql`${col(lessons.id)} = ${col(lessonProgress.lessonId)}`)
    .limit(1)
    .as('lesson');
  const passed = passedWhere(lesson);
  const rows = await db
    .select({
      courseId: lesson.courseId,
      passed: sql<number>`(count(*) filter (where ${passed}))::int`,
      lastStudiedAt: sql<Date>`max(${col(lessonProgress.updatedAt)})`.mapWith(lessonProgress.updatedAt),
      lastPassedAt:
        sql<Date | null>`max(coalesce(${col(lessonProgress.passedAt)}, ${col(lessonProgress.updatedAt)})) filter (where ${passed})`.mapWith(
          lessonProgress.updatedAt,
        ),
    })
    .from(lessonProgress)
    .crossJoinLateral(lesson)
    .where(eq(lessonProgress.userId, userId))
    .groupBy(lesson.courseId);
  return new Map(rows.map(({ courseId, ...progress }) => [courseId, progress]));
}

/**
 * The learner's courses: every course they have started (opened a lesson of), each with its
 * percent, most recently studied first. Two queries whatever their number.
 */
export async function myCourses(db: Db, userId: number): Promise<TMyCourse[]> {
  const progress = await progressByCourse(db, userId);
  const started = [...progress.keys()];
  if (started.length === 0) return [];
  const rows = await selectCourses(db)
    .where(inArray(courses.id, started))
    .orderBy(...listOrder);
  const list = rows.map((course): TMyCourse => {
    const mine = progress.get(course.id);
    const passedLessons = mine?.passed ?? 0;
    const finished = course.lessonCount > 0 && passedLessons >= course.lessonCount;
    return {
      ...toCourse(course),
      passedLessons,
      percent: coursePercent(passedLessons, course.lessonCount),
      status: finished ? 'FINISHED' : mine ? 'IN_PROGRESS' : 'NOT_STARTED',
      lastStudiedAt: mine ? mine.lastStudiedAt.toISOString() : null,
      finishedAt: finished && mine?.lastPassedAt ? mine.lastPassedAt.toISOString() : null,
    };
  });
  return list.sort((a, b) => (b.lastStudiedAt ?? '').localeCompare(a.lastStudiedAt ?? ''));
}

/** Finished courses (every lesson passed), most recently finished first. */
export async function myCourseHistory(db: Db, userId: number): Promise<TMyCourse[]> {
  const all = await myCourses(db, userId);
  return all
    .filter((c) => c.status === 'FINISHED')
    .sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''));
}

/** Passed lessons / lessons of one course for the learner: one query. */
export async function myCoursePercent(db: Db, userId: number, courseId: number): Promise<TCoursePercent> {
  const [row] = await db
    .select({
      total: sql<number>`(select count(*)::int from ${lessons} where ${col(lessons.courseId)} = ${col(courses.id)})`,
      passed: sql<number>`(select count(*)::int from ${lessonProgress} inner join ${lessons} on ${col(lessons.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${userId} and ${col(lessons.courseId)} = ${col(courses.id)} and ${passedSql})`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!row) throw notFound(MESSAGES.courseNotFound);
  return {
    courseId,
    passedLessons: row.passed,
    totalLessons: row.total,
    percent: coursePercent(row.passed, row.total),
  };
}

/** Whether any learner has progress in a course, topic or lesson (one query). */
export async function hasProgress(
  db: Db,
  scope: { courseId: number } | { topicId: number } | { lessonId: number },
): Promise<boolean> {
  const where =
    'courseId' in scope
      ? eq(lessons.courseId, scope.courseId)
      : 'topicId' in scope
        ? eq(lessons.topicId, scope.topicId)
        : eq(lessons.id, scope.lessonId);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(lessons)
    .innerJoin(lessonProgress, eq(lessonProgress.lessonId, lessons.id))
    .where(where)
    .limit(1);
  return row !== undefined;
}

/**
 * For the courses module's management list: an SQL condition "some learner has progress in the
 * course whose id is `courseId`", to select as a column (an index lookup per row, no extra query).
 */
export function courseHasProgressSql(courseId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${lessons} inner join ${lessonProgress} on ${col(lessonProgress.lessonId)} = ${col(lessons.id)} where ${col(lessons.courseId)} = ${courseId})`;
}
