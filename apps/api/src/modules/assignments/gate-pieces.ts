import { type SQL, sql } from 'drizzle-orm';
import { roadmapCourseRows } from '../roadmaps';
import { assignmentPeople, assignments } from './tables';

/**
 * For study's course query: "the course in `courseId` is assigned to the learner in `userId`"
 * (directly, or as a course of an assigned roadmap). An assigned course opens even where the
 * learner's own roadmap would lock it (issue 24; decision 45's lock does not apply).
 */
export function assignedCourseSql(userId: SQL, courseId: SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${assignmentPeople} as_p join ${assignments} as_a on as_a.id = as_p.assignment_id
    where as_p.user_id = ${userId} and as_p.removed_at is null
      and (as_a.course_id = ${courseId}
        or as_a.roadmap_id in (select as_rc.roadmap_id from (${roadmapCourseRows()}) as_rc where as_rc.course_id = ${courseId}))
  )`;
}
