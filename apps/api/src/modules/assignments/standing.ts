import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { changedRows } from '../../platform/db/sql';
import { courseFacts } from '../courses';
import { roadmapCourseRows } from '../roadmaps';
import type { AssignmentProgress } from './progress-port';
import { assignmentPeople, assignments } from './tables';

/**
 * Whether each person has started and finished what they were assigned, computed from their
 * progress in ONE statement and stored on their row (so states, lists and counts never read
 * progress). A course assignment is finished when every lesson of the course is passed; a roadmap
 * assignment when every course of the roadmap is. Runs for the rows nobody looked at yet (after
 * resolving), and for one learner when study reports that they started or finished a course.
 * Only active, unfinished rows change: a finished row keeps its completion.
 */
export type StandingTarget = { userId: number } | { pending: true };

/**
 * The CTEs (to follow others after a comma) that compute `standing (assignment_id, user_id,
 * started_at, completed_at)` for the rows of the relation `rowsName` (its `assignment_id,
 * user_id`) from their progress. Used here for rows already stored, and by the resolver for the
 * rows it inserts, so a new row is written with its standing at once (decision 146).
 */
export function standingCtes(db: Db, progress: AssignmentProgress, rowsName: string, now: Date): SQL {
  const rowsRel = sql.identifier(rowsName);
  const course = courseFacts(db);
  return sql`
    standing_learners as (select distinct user_id as id from ${rowsRel}),
    standing_targets as (
      select a.id as assignment_id, a.course_id from ${assignments} a
      where a.course_id is not null and a.id in (select assignment_id from ${rowsRel})
      union all
      select a.id, rc.course_id from ${assignments} a
      join (${roadmapCourseRows()}) rc on rc.roadmap_id = a.roadmap_id
      where a.id in (select assignment_id from ${rowsRel})
    ),
    standing_progress as (${progress.courseProgressRows('standing_learners')}),
    standing as (
      select r.assignment_id, r.user_id, min(p.started_at) as started_at,
        case when bool_and(${course.lessonCount} > 0 and coalesce(p.passed, 0) >= ${course.lessonCount})
          then coalesce(max(p.last_passed_at), ${now.toISOString()}::timestamptz) end as completed_at
      from ${rowsRel} r
      join standing_targets t on t.assignment_id = r.assignment_id
      join ${course} on ${course.id} = t.course_id
      left join standing_progress p on p.user_id = r.user_id and p.course_id = t.course_id
      group by r.assignment_id, r.user_id
    )`;
}

export async function refreshStanding(
  db: Db,
  progress: AssignmentProgress,
  now: Date,
  target: StandingTarget,
): Promise<number> {
  const which: SQL = 'userId' in target ? sql`ap.user_id = ${target.userId}` : sql`ap.standing_at is null`;
  const result = await db.execute(sql`
    with open_rows as (
      select ap.assignment_id, ap.user_id from ${assignmentPeople} ap
      where ${which} and ap.removed_at is null and ap.completed_at is null
    ),
    ${standingCtes(db, progress, 'open_rows', now)}
    update ${assignmentPeople} ap set
      started_at = coalesce(ap.started_at, s.started_at),
      completed_at = s.completed_at,
      standing_at = ${now.toISOString()}::timestamptz
    from standing s
    where ap.assignment_id = s.assignment_id and ap.user_id = s.user_id`);
  return changedRows(result);
}
