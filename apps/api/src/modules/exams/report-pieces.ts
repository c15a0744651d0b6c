import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonFacts } from '../courses';
import { examAttempts } from './tables';

/**
 * For the progress dashboard (decision 71): exam attempts per course, over the learner-course
 * rows of the relation `rows` (a CTE of the caller with `user_id` and `course_id` columns): the
 * columns `course_id, attempts` (graded attempts) and `passed`, counting attempts started on the
 * days from `from` to `to` (whole UTC days, YYYY-MM-DD) when given.
 */
export function examAttemptCountsRows(rows: string, range: { from?: string; to?: string }): SQL {
  const from = sql.identifier(rows);
  const lesson = lessonFacts();
  const startedFrom = range.from
    ? sql` and ${col(examAttempts.startedAt)} >= ${`${range.from}T00:00:00Z`}::timestamptz`
    : sql``;
  const startedTo = range.to
    ? sql` and ${col(examAttempts.startedAt)} < (${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day')`
    : sql``;
  return sql`
    select ${col(lesson.courseId)} as course_id,
      (count(*) filter (where ${col(examAttempts.result)} is not null))::int as attempts,
      (count(*) filter (where ${col(examAttempts.result)} = 'PASSED'))::int as passed
    from ${from}
    join ${lesson} on ${col(lesson.courseId)} = ${from}.course_id
    join ${examAttempts} on ${col(examAttempts.examId)} = ${col(lesson.id)} and ${col(examAttempts.userId)} = ${from}.user_id${startedFrom}${startedTo}
    group by ${col(lesson.courseId)}`;
}
