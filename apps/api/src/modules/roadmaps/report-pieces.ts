import { type SQL, sql } from 'drizzle-orm';
import { col, type KeyRef, keyRef } from '../../platform/db/sql';
import { authorizationNameOf } from '../authorizations';
import { branchNameOf } from '../org';
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

/** Every roadmap's courses as the columns `roadmap_id, course_id` (a CTE of assignments, issue 24). */
export function roadmapCourseRows(): SQL {
  return sql`select ${col(roadmapCourses.roadmapId)} as roadmap_id, ${col(roadmapCourses.courseId)} as course_id from ${roadmapCourses}`;
}

/** Whether the roadmap in `roadmapId` exists. */
export function roadmapExistsSql(roadmapId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${roadmaps} where ${col(roadmaps.id)} = ${roadmapId})`;
}

/** A roadmap's name as people read it: "<branch> · <authorization>" (roadmaps have no name of their own). */
export function roadmapNameOf(roadmapId: KeyRef): SQL<string | null> {
  return sql<
    string | null
  >`(select ${branchNameOf(roadmaps.branchId)} || ' · ' || ${authorizationNameOf(roadmaps.authorizationId)} from ${roadmaps} where ${col(roadmaps.id)} = ${keyRef(roadmapId)})`;
}
