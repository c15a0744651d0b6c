import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { assignableUsersSql } from '../users';
import { dueOnSql, endOfDaySql } from './due';
import type { AssignmentProgress } from './progress-port';
import { standingCtes } from './standing';
import { assignmentPeople, assignments } from './tables';

/**
 * Live audience rules (issue 24, decision 102), resolved in ONE set-based statement whatever the
 * number of people and assignments: the people the rules match now (any rule: everyone, the user,
 * their department, branch, service or authorization; never outside the creator's scope) who have
 * no active row get one with their own due day; people who have one and no longer match are
 * removed unless they finished it (finished history stays); a person who comes back is assigned
 * again from that day. Runs when an assignment is made, for one learner when they read their
 * assignments, and for everything on a timer (jobs.ts).
 */
export type ResolveTarget = { assignmentId?: number; userId?: number };

export type ResolveOutcome = { matched: number; added: number; removed: number };

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function resolveAudiences(
  db: Db,
  timeZone: string,
  progress: AssignmentProgress,
  now: Date,
  target: ResolveTarget = {},
): Promise<ResolveOutcome> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const oneAssignment = target.assignmentId !== undefined ? sql` and a.id = ${target.assignmentId}` : sql``;
  const oneUser = target.userId !== undefined ? sql`${target.userId}::int` : undefined;
  const apFilter: SQL[] = [];
  if (target.assignmentId !== undefined) apFilter.push(sql` and ap.assignment_id = ${target.assignmentId}`);
  if (target.userId !== undefined) apFilter.push(sql` and ap.user_id = ${target.userId}`);
  const dueOn = dueOnSql('m', at, sql`m.joined_at`, timeZone);
  const result = await db.execute(sql`
    with people as (${assignableUsersSql(oneUser)}),
    matches as (
      select a.id as assignment_id, p.id as user_id, p.joined_at,
        a.due_kind, a.due_date, a.due_days
      from ${assignments} a
      join people p on (
        a.everyone or p.id = any(a.user_ids) or p.department_id = any(a.department_ids)
        or p.branch_id = any(a.branch_ids) or p.service_id = any(a.service_ids)
        or p.authorization_id = any(a.authorization_ids)
      )
      and (a.scope_branch_id is null or p.branch_id = a.scope_branch_id)
      and (a.scope_service_id is null or p.service_id = a.scope_service_id)
      where a.due_kind <> 'RECERTIFICATION'${oneAssignment}
      union all
      -- A recertification assignment has no rules (decision 105): its people match while they may
      -- be assigned at all (allowed, not administrators), and are never added here.
      select a.id, p.id, p.joined_at, a.due_kind, a.due_date, a.due_days
      from ${assignments} a
      join ${assignmentPeople} ap on ap.assignment_id = a.id and ap.removed_at is null
      join people p on p.id = ap.user_id
      where a.due_kind = 'RECERTIFICATION'${oneAssignment}
    ),
    -- The people rows as they were before this statement. The differences below are set
    -- operations, which read both sides whole before giving a row: an anti-join probing the
    -- table row by row would rescan the pages this statement's own insert is adding (quadratic
    -- when the table's statistics still say it is empty, e.g. the first resolve of a big audience).
    existing as (
      select ap.assignment_id, ap.user_id, ap.completed_at is null as open
      from ${assignmentPeople} ap
      where ap.removed_at is null${sql.join(apFilter, sql``)}
    ),
    missing as (
      select assignment_id, user_id from matches
      except
      select assignment_id, user_id from existing
    ),
    fresh as (
      select m.assignment_id, m.user_id, ${dueOn} as due_on
      from matches m
      join missing using (assignment_id, user_id)
    ),
    ${standingCtes(db, progress, 'fresh', now)},
    -- Written with their standing (started, finished) from progress at once: a second pass
    -- updating 400,000 new rows cost more than inserting them (decision 146).
    added as (
      insert into ${assignmentPeople}
        (assignment_id, user_id, assigned_at, due_on, due_at, started_at, completed_at, standing_at)
      select f.assignment_id, f.user_id, ${at}, f.due_on, ${endOfDaySql(sql`f.due_on`, timeZone)},
        s.started_at, s.completed_at, ${at}
      from fresh f
      left join standing s on s.assignment_id = f.assignment_id and s.user_id = f.user_id
      on conflict (assignment_id, user_id) do update set
        assigned_at = excluded.assigned_at, due_on = excluded.due_on, due_at = excluded.due_at,
        removed_at = null, started_at = excluded.started_at, completed_at = excluded.completed_at,
        standing_at = excluded.standing_at
      returning 1
    ),
    gone as (
      select assignment_id, user_id from existing where open
      except
      select assignment_id, user_id from matches
    ),
    removed as (
      update ${assignmentPeople} ap set removed_at = ${at}
      from gone g
      where ap.assignment_id = g.assignment_id and ap.user_id = g.user_id
        and ap.removed_at is null and ap.completed_at is null
      returning 1
    )
    select (select count(*)::int from matches) as matched, (select count(*)::int from added) as added,
      (select count(*)::int from removed) as removed`);
  const [row] = rows<ResolveOutcome>(result);
  return row ?? { matched: 0, added: 0, removed: 0 };
}
