import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonFacts } from '../courses';
import { currentCycleSql } from '../study';
import { cmi5AuStates, cmi5Registrations, cmi5Sessions } from './tables';

/**
 * The progress reports' piece (decision 71; issue 25, point 5, for cmi5 lessons too): per learner
 * of the relation `learners` (a CTE of the caller with an `id` column) and cmi5 lesson they have
 * a registration in, the package-result columns the SCORM piece answers: `user_id, lesson_id,
 * course_id, kind, status, score_percent, total_seconds, attempts, max_attempts, last_at`.
 *
 * PASSED when the course is satisfied (decision 121), else STUDYING: an AU's failure is not the
 * course's, since another session may still satisfy it. The score is the mean of the AUs' latest
 * scaled scores; the time is the sessions' (launch to the AU's last statement, as study credits
 * it); attempts are sessions; a registration allows any number (null). Only the registration of
 * the learner's current cycle of the course (decisions 105, 123): a recertification enrols again,
 * the earlier cycle's registration is history.
 */
export function cmi5ResultRows(learners: string): SQL {
  const lesson = lessonFacts();
  const from = sql.identifier(learners);
  const registration = col(cmi5Registrations.id);
  const satisfied = sql`(${col(cmi5Registrations.satisfiedAt)} is not null)`;
  return sql`
    select ${col(cmi5Registrations.userId)} as user_id, ${col(cmi5Registrations.lessonId)} as lesson_id,
      ${col(lesson.courseId)} as course_id, 'cmi5'::text as kind,
      case when ${satisfied} then 'PASSED' else 'STUDYING' end as status,
      (select round(avg(${col(cmi5AuStates.scoreScaled)}) * 100)::int from ${cmi5AuStates}
        where ${col(cmi5AuStates.registrationId)} = ${registration}) as score_percent,
      s.seconds as total_seconds, s.sessions as attempts, null::int as max_attempts,
      greatest(s.last_at, case when ${satisfied} then ${col(cmi5Registrations.satisfiedAt)} end) as last_at
    from ${from}
    join ${cmi5Registrations} on ${col(cmi5Registrations.userId)} = ${from}.id
    join ${lesson} on ${col(lesson.id)} = ${col(cmi5Registrations.lessonId)}
    cross join lateral (
      select coalesce(sum(greatest(0, extract(epoch from coalesce(${col(cmi5Sessions.lastStatementAt)}, ${col(cmi5Sessions.launchedAt)}) - ${col(cmi5Sessions.launchedAt)}))), 0)::float8 as seconds,
        count(*)::int as sessions,
        max(coalesce(${col(cmi5Sessions.lastStatementAt)}, ${col(cmi5Sessions.launchedAt)})) as last_at
      from ${cmi5Sessions}
      where ${col(cmi5Sessions.registrationId)} = ${registration}
    ) s
    where ${col(cmi5Registrations.cycle)} = ${currentCycleSql(col(cmi5Registrations.userId), col(lesson.courseId))}
      and (s.sessions > 0 or ${satisfied})`;
}

/** Whether the learner `userId` (an SQL expression) has a cmi5 registration: the export's second pass. */
export function hasCmi5ResultsSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${cmi5Registrations} where ${col(cmi5Registrations.userId)} = ${userId})`;
}
