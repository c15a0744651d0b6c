import { ASSIGNMENT_LIMITS } from '@academy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { changedRows } from '../../platform/db/sql';
import { endOfDaySql, localDaySql } from './due';
import { assignmentPeople, assignments } from './tables';

/** A person whose course is assigned again until their certificate expires. */
export type Recertification = { userId: number; courseId: number; expiresAt: Date };

/**
 * Recertification (decision 105): assigns each course again to its person, due on the day their
 * certificate expires (in the academy's time zone: due until the end of that day, which is when
 * the certificate expires). Each course has ONE recertification assignment, made the first time
 * it is needed (a partial unique index keeps it one whichever process makes it); the person's
 * row in it is added, or started over for a later cycle (assigned now, the new due day, not
 * started). Their earlier assignments of the course keep their rows: a finished one stays done.
 * The caller has just started the course over for them (progress empty), in the same
 * transaction: their standing is "not started", stored as looked at. Two statements.
 */
export async function assignForRecertification(
  db: Db,
  timeZone: string,
  items: Recertification[],
  now: Date,
): Promise<number> {
  if (items.length === 0) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const input = sql`jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i("userId" int, "courseId" int, "expiresAt" timestamptz)`;
  // Its own statement: a row another process has just committed is seen by the next one.
  await db.execute(sql`
    insert into ${assignments} (course_id, due_kind, reminder_days_before, created_at)
    select distinct i."courseId", 'RECERTIFICATION', ${ASSIGNMENT_LIMITS.defaultReminderDaysBefore}::int, ${at}
    from ${input}
    on conflict (course_id) where due_kind = 'RECERTIFICATION' do nothing`);
  const dueOn = localDaySql(sql`i."expiresAt"`, timeZone);
  const result = await db.execute(sql`
    insert into ${assignmentPeople} (assignment_id, user_id, assigned_at, due_on, due_at, standing_at)
    select a.id, i."userId", ${at}, ${dueOn}, ${endOfDaySql(dueOn, timeZone)}, ${at}
    from ${input}
    join ${assignments} a on a.course_id = i."courseId" and a.due_kind = 'RECERTIFICATION'
    on conflict (assignment_id, user_id) do update set
      assigned_at = excluded.assigned_at, due_on = excluded.due_on, due_at = excluded.due_at,
      removed_at = null, started_at = null, completed_at = null, standing_at = excluded.standing_at`);
  return changedRows(result);
}
