import {
  COMPLIANCE_WINDOWS,
  type TCompliance,
  type TComplianceAssignment,
  type TComplianceCounts,
  type TCompliancePlace,
  type TComplianceQuery,
} from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import { currentCertificateExpiriesSql } from '../certificates';
import { courseFacts } from '../courses';
import { branchNameOf, departmentNameOf, serviceNameOf } from '../org';
import { roadmapNameOf } from '../roadmaps';
import { learnersSql } from '../users';
import { localDay, localDaySql } from './due';
import { assignmentCompliance, assignmentComplianceRefreshes, assignmentPeople, assignments } from './tables';

/**
 * The compliance view (issue 24, point 5; decision 106): per assignment, per branch and per
 * department of the people in the caller's management scope (and the filters), how many are done,
 * in progress, not started, overdue, due soon and holding a certificate that expires soon.
 * Counting every person-assignment row on each request costs too much for a whole company (400,000
 * rows: 0.3–0.8 s), so the rows are counted into `assignment_compliance` by assignment, place,
 * clamped due day, started and done at most every minute (job workers; or at reading when older
 * than two minutes), and the view reads those few hundred rows in ONE statement, grouped every way
 * at once (GROUPING SETS), names joined in as query pieces of their owners. Whatever depends on
 * the date (overdue, due soon) is decided at reading from the due day, so it is never stale; new
 * people and finished courses show within a minute.
 * States are those of the assignment lists (`stateSql`): done, else overdue (past the end of the
 * due day), else in progress (a lesson opened), else not started. "Due soon": unfinished, not
 * overdue, due within `COMPLIANCE_WINDOWS.dueSoonDays` days (today included, the academy's days).
 */
export type ComplianceFilter = TComplianceQuery & { within: ManagementScope };

type RawGroup = {
  level: 'total' | 'assignment' | 'branch' | 'department';
  assignment_id: number | null;
  course_id: number | null;
  roadmap_id: number | null;
  name: string | null;
  service_id: number | null;
  service_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  department_id: number | null;
  department_name: string | null;
  people: number;
  done: number;
  in_progress: number;
  not_started: number;
  overdue: number;
  due_soon: number;
  expiring_soon: number;
  refreshed_at: string | Date | null;
};

/**
 * Certificates expire (decision 104), so the view counts the people whose current certificate of
 * the assignment's course expires within `COMPLIANCE_WINDOWS.expiringSoonDays` (decision 145).
 */
export const EXPIRY_TRACKED = true;

/** "Expires within the window": its expiry day is today or one of the next days (a CTE row's). */
function expiringSoonSql(today: SQL): SQL {
  const c = assignmentCompliance;
  return sql`(${col(c.expiresOn)} >= ${today} and ${col(c.expiresOn)} < ${today} + ${COMPLIANCE_WINDOWS.expiringSoonDays}::int)`;
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

export function toCounts(raw: {
  people: number;
  done: number;
  in_progress: number;
  not_started: number;
  overdue: number;
  due_soon: number;
  expiring_soon: number;
}): TComplianceCounts {
  const people = Number(raw.people);
  const counts = {
    done: Number(raw.done),
    inProgress: Number(raw.in_progress),
    notStarted: Number(raw.not_started),
    overdue: Number(raw.overdue),
    dueSoon: Number(raw.due_soon),
    expiringSoon: Number(raw.expiring_soon),
  };
  return {
    people,
    ...counts,
    percent: {
      done: percentOf(counts.done, people),
      inProgress: percentOf(counts.inProgress, people),
      notStarted: percentOf(counts.notStarted, people),
      overdue: percentOf(counts.overdue, people),
      dueSoon: percentOf(counts.dueSoon, people),
      expiringSoon: percentOf(counts.expiringSoon, people),
    },
  };
}

const EMPTY = toCounts({
  people: 0,
  done: 0,
  in_progress: 0,
  not_started: 0,
  overdue: 0,
  due_soon: 0,
  expiring_soon: 0,
});

/** The counts are rebuilt when they are older than this at reading (no worker did it). */
export const COMPLIANCE_MAX_AGE_MS = 2 * 60_000;
/** Every process's job workers rebuild them this often (decision 106). */
export const COMPLIANCE_REFRESH_EVERY_MS = 60_000;

/**
 * Rebuilds `assignment_compliance` from every counted person-assignment row (ONE INSERT … SELECT
 * grouped by assignment, the person's place, clamped due day, started and done) unless it was
 * rebuilt less than `maxAgeMs` ago on the same clock. The refresh row is locked first (FOR UPDATE):
 * two processes never rebuild at once, and the second, once the first commits, finds the counts
 * fresh and does nothing. Readers see the previous counts until the rebuild commits.
 */
export async function refreshCompliance(db: Db, now: Date, timeZone: string, maxAgeMs = 0): Promise<boolean> {
  await db.execute(
    sql`insert into ${assignmentComplianceRefreshes} (id) values (1) on conflict (id) do nothing`,
  );
  return db.transaction(async (tx) => {
    const [row] = (
      (await tx.execute(
        sql`select refreshed_at from ${assignmentComplianceRefreshes} where id = 1 for update`,
      )) as unknown as { rows: { refreshed_at: string | Date | null }[] }
    ).rows;
    if (row?.refreshed_at && isFresh(new Date(row.refreshed_at), now, maxAgeMs)) return false;
    const today = localDay(now, timeZone);
    const from = sql`${today}::date - 1`;
    const to = sql`${today}::date + ${COMPLIANCE_WINDOWS.dueSoonDays + 1}::int`;
    const expiryTo = sql`${today}::date + ${COMPLIANCE_WINDOWS.expiringSoonDays + 1}::int`;
    await tx.execute(sql`delete from ${assignmentCompliance}`);
    await tx.execute(sql`
      insert into ${assignmentCompliance}
        (assignment_id, service_id, branch_id, department_id, due_on, expires_on, started, done, people)
      select ap.assignment_id, u.service_id, u.branch_id, u.department_id,
        case when ap.completed_at is null then least(greatest(ap.due_on, ${from}), ${to}) end,
        case when ce.expires_at is not null
          then least(greatest(${localDaySql(sql`ce.expires_at`, timeZone)}, ${from}), ${expiryTo}) end,
        ap.started_at is not null, ap.completed_at is not null, count(*)::int
      from ${assignmentPeople} ap
      join (${learnersSql({})}) u on u.id = ap.user_id
      join ${assignments} a on a.id = ap.assignment_id
      left join (${currentCertificateExpiriesSql()}) ce on ce.user_id = ap.user_id and ce.course_id = a.course_id
      where ap.removed_at is null
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`
      update ${assignmentComplianceRefreshes}
      set refreshed_at = ${now.toISOString()}::timestamptz, day = ${today}::date where id = 1`);
    return true;
  });
}

/** Rebuilt within `maxAgeMs` before `now` (a clock moved back makes them old too). */
function isFresh(refreshedAt: Date, now: Date, maxAgeMs: number): boolean {
  const age = now.getTime() - refreshedAt.getTime();
  return age >= 0 && age < maxAgeMs;
}

/** The rows of the counts in the caller's scope and filters, with their state now (a CTE body). */
function countedRowsSql(filter: ComplianceFilter, now: Date, timeZone: string): SQL {
  const today = sql`${localDay(now, timeZone)}::date`;
  const c = assignmentCompliance;
  const conditions = [
    placeWithin(filter.within, { serviceId: col(c.serviceId), branchId: col(c.branchId) }),
    filter.serviceId !== undefined ? sql`${col(c.serviceId)} = ${filter.serviceId}` : undefined,
    filter.branchId !== undefined ? sql`${col(c.branchId)} = ${filter.branchId}` : undefined,
    filter.departmentId !== undefined ? sql`${col(c.departmentId)} = ${filter.departmentId}` : undefined,
    filter.assignmentId !== undefined ? sql`${col(c.assignmentId)} = ${filter.assignmentId}` : undefined,
  ].filter((x): x is SQL => x !== undefined);
  return sql`
    select ${col(c.assignmentId)} as assignment_id, ${col(c.serviceId)} as service_id,
      ${col(c.branchId)} as branch_id, ${col(c.departmentId)} as department_id, ${col(c.people)} as n,
      case when ${col(c.done)} then 'D'
        when ${col(c.dueOn)} < ${today} then 'O'
        when ${col(c.started)} then 'I'
        else 'N' end as s,
      (not ${col(c.done)} and ${col(c.dueOn)} >= ${today}
        and ${col(c.dueOn)} < ${today} + ${COMPLIANCE_WINDOWS.dueSoonDays}::int) as soon,
      coalesce(${expiringSoonSql(today)}, false) as expiring
    from ${c}
    where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}`;
}

const countColumns = sql`
  coalesce(sum(n), 0)::int as people,
  coalesce(sum(n) filter (where s = 'D'), 0)::int as done,
  coalesce(sum(n) filter (where s = 'I'), 0)::int as in_progress,
  coalesce(sum(n) filter (where s = 'N'), 0)::int as not_started,
  coalesce(sum(n) filter (where s = 'O'), 0)::int as overdue,
  coalesce(sum(n) filter (where soon), 0)::int as due_soon,
  coalesce(sum(n) filter (where expiring), 0)::int as expiring_soon`;

/** GET compliance: the counts of the caller's scope and filters, in one statement. */
export async function complianceView(
  db: Db,
  filter: ComplianceFilter,
  now: Date,
  timeZone: string,
): Promise<TCompliance> {
  const course = courseFacts(db);
  // One statement: the counts, and when they were made (on every row). Too old (or never made):
  // counted again, then read again — the workers' minute timer makes that rare.
  const read = async () =>
    (
      (await db.execute(sql`
    with people as (${countedRowsSql(filter, now, timeZone)}),
    grouped as (
      select
        case
          when grouping(assignment_id) = 0 then 'assignment'
          when grouping(department_id) = 0 then 'department'
          when grouping(branch_id) = 0 then 'branch'
          else 'total' end as level,
        assignment_id, service_id, branch_id, department_id,
        ${countColumns}
      from people
      group by grouping sets ((assignment_id), (service_id, branch_id), (service_id, branch_id, department_id), ())
    )
    select g.*, ${col(assignments.courseId)} as course_id, ${col(assignments.roadmapId)} as roadmap_id,
      case when g.assignment_id is not null
        then coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '') end as name,
      ${serviceNameOf(sql`g.service_id`)} as service_name,
      ${branchNameOf(sql`g.branch_id`)} as branch_name,
      ${departmentNameOf(sql`g.department_id`)} as department_name,
      (select ${col(assignmentComplianceRefreshes.refreshedAt)} from ${assignmentComplianceRefreshes}
        where ${col(assignmentComplianceRefreshes.id)} = 1) as refreshed_at
    from grouped g
    left join ${assignments} on ${col(assignments.id)} = g.assignment_id
    left join ${course} on ${course.id} = ${col(assignments.courseId)}`)) as unknown as { rows: RawGroup[] }
    ).rows;
  let rows = await read();
  const madeAt = (list: RawGroup[]) => {
    const at = list[0]?.refreshed_at;
    return at ? new Date(at) : null;
  };
  let refreshedAt = madeAt(rows);
  if (!refreshedAt || !isFresh(refreshedAt, now, COMPLIANCE_MAX_AGE_MS)) {
    await refreshCompliance(db, now, timeZone, COMPLIANCE_MAX_AGE_MS);
    rows = await read();
    refreshedAt = madeAt(rows) ?? now;
  }
  const byName = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
  const assignmentRows: TComplianceAssignment[] = rows
    .filter((r) => r.level === 'assignment')
    .map((r) => ({
      assignmentId: Number(r.assignment_id),
      courseId: r.course_id === null ? null : Number(r.course_id),
      roadmapId: r.roadmap_id === null ? null : Number(r.roadmap_id),
      name: r.name ?? '',
      counts: toCounts(r),
    }))
    .sort((a, b) => byName(a.name, b.name) || a.assignmentId - b.assignmentId);
  const place = (r: RawGroup): TCompliancePlace => ({
    serviceId: r.service_id === null ? null : Number(r.service_id),
    serviceName: r.service_name,
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    branchName: r.branch_name,
    departmentId: r.level === 'department' && r.department_id !== null ? Number(r.department_id) : null,
    departmentName: r.level === 'department' ? r.department_name : null,
    counts: toCounts(r),
  });
  const branchRows = rows
    .filter((r) => r.level === 'branch')
    .sort(
      (a, b) =>
        byName(a.service_name, b.service_name) ||
        byName(a.branch_name, b.branch_name) ||
        Number(a.branch_id) - Number(b.branch_id),
    );
  const departmentRows = rows.filter((r) => r.level === 'department');
  const places: TCompliancePlace[] = [];
  for (const branch of branchRows) {
    places.push(place(branch));
    places.push(
      ...departmentRows
        .filter((d) => d.service_id === branch.service_id && d.branch_id === branch.branch_id)
        .sort(
          (a, b) =>
            (a.department_id === null ? 1 : 0) - (b.department_id === null ? 1 : 0) ||
            byName(a.department_name, b.department_name) ||
            Number(a.department_id) - Number(b.department_id),
        )
        .map(place),
    );
  }
  const total = rows.find((r) => r.level === 'total');
  return {
    totals: total ? toCounts(total) : EMPTY,
    assignments: assignmentRows,
    places,
    dueSoonDays: COMPLIANCE_WINDOWS.dueSoonDays,
    expiringSoonDays: COMPLIANCE_WINDOWS.expiringSoonDays,
    expiryTracked: EXPIRY_TRACKED,
    refreshedAt: refreshedAt.toISOString(),
  };
}
