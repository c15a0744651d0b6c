import { type SQL, sql } from 'drizzle-orm';
import { wallClock } from '../../platform/wall-clock';

/**
 * Due dates (decision 102). A due date is a calendar day in the academy's time zone (TIME_ZONE):
 * a fixed day, or N days after the day the person was assigned, or N days after the day they
 * joined (their account was made) — when that day has already passed when they are assigned
 * (they joined long ago), N days after they were assigned instead, so nobody is overdue the
 * moment they are assigned. The person is due until the end
 * of that day there (`due_at`, the day's last millisecond), overdue after.
 */

/** Today's calendar day ('YYYY-MM-DD') in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).toISOString().slice(0, 10);
}

/** The day (SQL date) an instant falls on in `timeZone`. */
export function localDaySql(at: SQL, timeZone: string): SQL {
  return sql`((${at}) at time zone ${timeZone})::date`;
}

/** The last millisecond of the day `dueOn` (SQL date) in `timeZone`, as a timestamptz. */
export function endOfDaySql(dueOn: SQL, timeZone: string): SQL {
  return sql`((((${dueOn}) + 1)::timestamp at time zone ${timeZone}) - interval '1 millisecond')`;
}

/**
 * The due day of a person, in SQL, from the assignment's columns `due_kind, due_date, due_days`
 * (of the relation `a`), the instant they are assigned and when they joined.
 */
export function dueOnSql(a: string, assignedAt: SQL, joinedAt: SQL, timeZone: string): SQL {
  const r = sql.identifier(a);
  const assignedDay = localDaySql(assignedAt, timeZone);
  return sql`case ${r}.due_kind
    when 'DATE' then ${r}.due_date
    when 'AFTER_ASSIGNED' then ${assignedDay} + ${r}.due_days
    else case when ${localDaySql(joinedAt, timeZone)} + ${r}.due_days >= ${assignedDay}
      then ${localDaySql(joinedAt, timeZone)} + ${r}.due_days
      else ${assignedDay} + ${r}.due_days end
  end`;
}
