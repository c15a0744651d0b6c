import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { roadmapCourses, roadmaps } from './tables';

/**
 * For the progress reports (decision 71): the courses each learner's roadmap assigns them, over
 * the learners of the relation `learners` (a CTE of the caller with `id`, `branch_id` and
 * `authorization_id` columns), as the columns `user_id, course_id`; `courseId` alone when given.
 */
export function assignedCourseRows(learners: string, courseId?: number): SQL {
  const from = sql.identifier(learners);
  const onCourse = courseId ? sql` and ${col(roadmapCourses.courseId)} = ${courseId}` : sql``;
  return sql`
    select ${from}.id as user_id, ${col(roadmapCourses.courseId)} as course_id
    from ${from}
    join ${roadmaps} on ${col(roadmaps.branchId)} = ${from}.branch_id and ${col(roadmaps.authorizationId)} = ${from}.authorization_id
    join ${roadmapCourses} on ${col(roadmapCourses.roadmapId)} = ${col(roadmaps.id)}${onCourse}`;
}
