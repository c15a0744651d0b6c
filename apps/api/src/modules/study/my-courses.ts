import { MESSAGES, type TCoursePercent, type TMyCourse } from '@academy/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { preparedPerDatabase } from '../../platform/db/prepared';
import { col } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import { courseColumns, listOrder, toCourse } from '../courses';
import { courses, lessons } from '../courses/tables';
import { coursePercent } from './rules';
import { lessonProgress } from './tables';
import { passedSql, passedWhere } from './tree';

/**
 * The learner's courses with their passed lessons, last activity and last pass: ONE prepared
 * statement (its plan is kept on PostgreSQL). The learner's records are grouped by course in a
 * subquery; each record's lesson is looked up by primary key in a lateral subquery (its
 * `limit 1`, harmless on a primary key, keeps the planner from scanning every lesson instead);
 * then the course rows are joined to the groups.
 */
function myCoursesQuery(db: Db) {
  const lesson = db
    .select({
      courseId: lessons.courseId,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
      videoKind: lessons.videoKind,
    })
    .from(lessons)
    .where(sql`${col(lessons.id)} = ${col(lessonProgress.lessonId)}`)
    .limit(1)
    .as('lesson');
  const passed = passedWhere(lesson);
  const progress = db
    .select({
      courseId: sql<number>`${lesson.courseId}`.as('progress_course_id'),
      passed: sql<number>`(count(*) filter (where ${passed}))::int`.as('passed'),
      lastStudiedAt: sql<Date>`max(${col(lessonProgress.updatedAt)})`.as('last_studied_at'),
      lastPassedAt:
        sql<Date | null>`max(coalesce(${col(lessonProgress.passedAt)}, ${col(lessonProgress.updatedAt)})) filter (where ${passed})`.as(
          'last_passed_at',
        ),
    })
    .from(lessonProgress)
    .crossJoinLateral(lesson)
    .where(eq(lessonProgress.userId, sql.placeholder('userId')))
    .groupBy(lesson.courseId)
    .as('progress');
  return db
    .select({
      ...courseColumns,
      passed: progress.passed,
      lastStudiedAt: sql`${progress.lastStudiedAt}`.mapWith(lessonProgress.updatedAt),
      lastPassedAt: sql`${progress.lastPassedAt}`.mapWith(lessonProgress.updatedAt),
    })
    .from(progress)
    .innerJoin(courses, eq(courses.id, progress.courseId))
    .orderBy(...listOrder)
    .prepare('study_my_courses');
}

/** The prepared query, built once per database (drizzle then skips rebuilding the SQL). */
const prepared = new WeakMap<Db, ReturnType<typeof myCoursesQuery>>();

/**
 * The learner's courses: every course they have started (opened a lesson of), each with its
 * percent, most recently studied first. One query whatever their number.
 */
export async function myCourses(db: Db, userId: number): Promise<TMyCourse[]> {
  let query = prepared.get(db);
  if (!query) {
    query = myCoursesQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ userId });
  const list = rows.map(({ passed, lastStudiedAt, lastPassedAt, ...course }): TMyCourse => {
    const passedLessons = passed ?? 0;
    const finished = course.lessonCount > 0 && passedLessons >= course.lessonCount;
    const studied = new Date(lastStudiedAt as Date);
    const lastPass = lastPassedAt ? new Date(lastPassedAt as Date) : null;
    return {
      ...toCourse(course),
      passedLessons,
      percent: coursePercent(passedLessons, course.lessonCount),
      status: finished ? 'FINISHED' : 'IN_PROGRESS',
      lastStudiedAt: studied.toISOString(),
      finishedAt: finished && lastPass ? lastPass.toISOString() : null,
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

const coursePercentQuery = preparedPerDatabase((db) =>
  db
    .select({
      total: sql<number>`(select count(*)::int from ${lessons} where ${col(lessons.courseId)} = ${col(courses.id)})`,
      passed: sql<number>`(select count(*)::int from ${lessonProgress} inner join ${lessons} on ${col(lessons.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${sql.placeholder('userId')} and ${col(lessons.courseId)} = ${col(courses.id)} and ${passedSql})`,
    })
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('study_course_percent'),
);

/** Passed lessons / lessons of one course for the learner: one prepared statement. */
export async function myCoursePercent(db: Db, userId: number, courseId: number): Promise<TCoursePercent> {
  const [row] = await coursePercentQuery(db).execute({ userId, courseId });
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

/**
 * For the roadmaps module's "my roadmap": how many lessons of the course whose id is `courseId`
 * the learner has passed, as a column (a correlated subquery, no extra query).
 */
export function passedLessonsSql(userId: number, courseId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${lessonProgress} inner join ${lessons} on ${col(lessons.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${userId} and ${col(lessons.courseId)} = ${courseId} and ${passedSql})`;
}

/** For "my roadmap": whether the learner has opened a lesson of the course, as a column. */
export function startedCourseSql(userId: number, courseId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${lessonProgress} inner join ${lessons} on ${col(lessons.id)} = ${col(lessonProgress.lessonId)} where ${col(lessonProgress.userId)} = ${userId} and ${col(lessons.courseId)} = ${courseId})`;
}
