import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { changedRows, col } from '../../platform/db/sql';
import { lessonFacts } from '../courses';
import { examStandings } from './tables';

/**
 * A new cycle of a course (decision 105) gives each learner their exams of the course back: no
 * failures counted, not locked, not passed. The attempt count goes on (attempt numbers keep
 * growing; each attempt carries the cycle it belongs to) and the accommodations stay. One
 * statement for any number of learners and courses.
 */
export async function restartStandings(
  db: Db,
  learners: { userId: number; courseId: number }[],
  now: Date,
): Promise<number> {
  if (learners.length === 0) return 0;
  const lesson = lessonFacts();
  const result = await db.execute(sql`
    update ${examStandings} set failed_attempts = 0, locked_at = null, passed_at = null,
      unlocked_at = null, unlocked_by = null, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(learners)}::jsonb) as i("userId" int, "courseId" int), ${lesson}
    where ${col(examStandings.userId)} = i."userId" and ${col(lesson.id)} = ${col(examStandings.examId)}
      and ${col(lesson.courseId)} = i."courseId"`);
  return changedRows(result);
}
