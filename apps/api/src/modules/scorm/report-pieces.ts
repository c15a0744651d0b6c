import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonFacts } from '../courses';
import { currentCycleSql } from '../study';
import { scormAttempts, scormPackages } from './tables';

/**
 * The progress reports' piece (decision 71; issue 25, point 5): per learner of the relation
 * `learners` (a CTE of the caller with an `id` column) and SCORM lesson they launched in their
 * current cycle of its course (decision 105), the package-result columns every package kind
 * answers: `user_id, lesson_id, course_id, kind, status, score_percent, total_seconds, attempts,
 * max_attempts, last_at`.
 *
 * The attempt shown is the latest that passed, else the latest: PASSED when one passed, FAILED when
 * the latest is finished (completed, or passed/failed) without passing, else STUDYING (decision
 * 113's words). "Passed" is `attemptPasses` (cmi.ts) over the rolled-up attempt row: every SCO done
 * is the attempt completed and none failed; with a pass mark, the scaled score reaches it. Time is
 * the sum over the cycle's attempts, as study credits it.
 */
export function scormResultRows(learners: string): SQL {
  const lesson = lessonFacts();
  const from = sql.identifier(learners);
  const attempt = (name: keyof typeof scormAttempts.$inferSelect) => col(scormAttempts[name]);
  return sql`
    select distinct on (a.user_id, a.lesson_id)
      a.user_id, a.lesson_id, a.course_id, 'scorm'::text as kind,
      case when bool_or(a.passes) over w then 'PASSED' when a.finished then 'FAILED' else 'STUDYING' end as status,
      round(a.score_scaled * 100)::int as score_percent,
      (sum(a.total_seconds) over w)::float8 as total_seconds,
      (count(*) over w)::int as attempts,
      a.max_attempts,
      max(a.updated_at) over w as last_at
    from (
      select ${attempt('userId')} as user_id, ${attempt('lessonId')} as lesson_id, ${col(lesson.courseId)} as course_id,
        ${attempt('number')} as number, ${attempt('scoreScaled')} as score_scaled,
        ${attempt('totalSeconds')} as total_seconds, ${attempt('updatedAt')} as updated_at,
        coalesce(${col(scormPackages.maxAttempts)}, 0) as max_attempts,
        (${attempt('completionStatus')} = 'completed' or ${attempt('successStatus')} <> 'unknown') as finished,
        coalesce(${attempt('completionStatus')} = 'completed' and ${attempt('successStatus')} <> 'failed'
          and (${col(scormPackages.passMark)} is null or ${attempt('scoreScaled')} * 100 >= ${col(scormPackages.passMark)}), false) as passes
      from ${from}
      join ${scormAttempts} on ${attempt('userId')} = ${from}.id
      join ${lesson} on ${col(lesson.id)} = ${attempt('lessonId')}
      left join ${scormPackages} on ${col(scormPackages.lessonId)} = ${attempt('lessonId')}
      where ${attempt('cycle')} = ${currentCycleSql(attempt('userId'), col(lesson.courseId))}
    ) a
    window w as (partition by a.user_id, a.lesson_id)
    order by a.user_id, a.lesson_id, a.passes desc, a.number desc`;
}

/** Whether the learner `userId` (an SQL expression) has launched a SCORM lesson: the export's second pass. */
export function hasScormResultsSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${scormAttempts} where ${col(scormAttempts.userId)} = ${userId})`;
}
