import type { ProgressFilter, ProgressStatus, TProgressRow } from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import { courses, lessons } from '../courses/tables';
import { branches, departments, services } from '../org/tables';
import { roadmapCourses, roadmaps } from '../roadmaps/tables';
import { passedWhere } from '../study/completion';
import { lessonProgress } from '../study/tables';
import { users } from '../users/tables';

/**
 * The progress report as SQL. A row is one learner in one course: every course the learner has
 * started (has progress in), plus every course their roadmap assigns them (not started yet: "not
 * studying"). Learners are filtered first (search, service, branch, department, or a batch of ids
 * for the export), so progress is only aggregated for them; the course filter narrows progress and
 * roadmap entries by index. This module reads the users, organisation, course, roadmap and progress
 * tables read-only; it has no tables of its own.
 */

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Which learners: one (detail pages), a batch of ids (the export), or all that match. */
export type LearnerScope = { userId?: number; userIds?: number[] };

/** The report's filters and the caller's management scope: learners outside it never appear. */
export type ScopedProgressFilter = ProgressFilter & { within?: ManagementScope };

/** The learner filters over `users u`. */
export function learnerConditions(f: ScopedProgressFilter, scope: LearnerScope = {}): SQL {
  const conditions: SQL[] = [sql`true`];
  const within =
    f.within && placeWithin(f.within, { serviceId: sql`u.service_id`, branchId: sql`u.branch_id` });
  if (within) conditions.push(within);
  if (scope.userId !== undefined) conditions.push(sql`u.id = ${scope.userId}`);
  if (scope.userIds) {
    conditions.push(
      sql`u.id in (${sql.join(scope.userIds.length ? scope.userIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})`,
    );
  }
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(u.employee_code) like ${like} or lower(u.full_name) like ${like} or lower(u.email) like ${like})`,
    );
  }
  if (f.serviceId) conditions.push(sql`u.service_id = ${f.serviceId}`);
  if (f.branchId) conditions.push(sql`u.branch_id = ${f.branchId}`);
  if (f.departmentId) conditions.push(sql`u.department_id = ${f.departmentId}`);
  return sql.join(conditions, sql` and `);
}

const passed = passedWhere({
  minStudyMinutes: sql`l.min_study_minutes`,
  examQuestionCount: sql`l.exam_question_count`,
});

/**
 * `graded`: the learner-course rows with their course, counts, dates and status, before the
 * status and date filters (which `rowFilter` applies).
 */
export function gradedCtes(f: ScopedProgressFilter, scope: LearnerScope = {}): SQL {
  const courseOnProgress = f.courseId ? sql` where l.course_id = ${f.courseId}` : sql``;
  const courseOnRoadmap = f.courseId ? sql` and rc.course_id = ${f.courseId}` : sql``;
  return sql`
    learners as (
      select u.id, u.branch_id, u.authorization_id from ${users} u
      where ${learnerConditions(f, scope)}
    ),
    started as (
      select lesson_progress.user_id, l.course_id,
        (count(*) filter (where ${passed}))::int as passed,
        bool_or(lesson_progress.status = 'FAILED') as failed,
        min(lesson_progress.created_at) as started_at,
        max(lesson_progress.updated_at) as last_at,
        max(coalesce(lesson_progress.passed_at, lesson_progress.updated_at)) filter (where ${passed}) as last_passed_at
      from learners
      join ${lessonProgress} on lesson_progress.user_id = learners.id
      join ${lessons} l on l.id = lesson_progress.lesson_id${courseOnProgress}
      group by lesson_progress.user_id, l.course_id
    ),
    assigned as (
      select learners.id as user_id, rc.course_id
      from learners
      join ${roadmaps} r on r.branch_id = learners.branch_id and r.authorization_id = learners.authorization_id
      join ${roadmapCourses} rc on rc.roadmap_id = r.id${courseOnRoadmap}
    ),
    joined as (
      select coalesce(s.user_id, a.user_id) as user_id, coalesce(s.course_id, a.course_id) as course_id,
        coalesce(s.passed, 0) as passed, coalesce(s.failed, false) as failed,
        s.started_at, s.last_at, s.last_passed_at,
        a.user_id is not null as assigned, s.user_id is not null as started
      from started s full join assigned a on a.user_id = s.user_id and a.course_id = s.course_id
    ),
    graded as (
      select j.*, c.name as course_name, c.lesson_count,
        case
          when c.lesson_count > 0 and j.passed >= c.lesson_count then 'PASSED'
          when j.failed then 'FAILED'
          when j.started then 'STUDYING'
          else 'IDLE'
        end as status
      from joined j join ${courses} c on c.id = j.course_id
    )`;
}

/** The status and date-range filters over `graded` (alias g). */
export function rowFilter(f: ProgressFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (f.status) conditions.push(sql`g.status = ${f.status}`);
  // Whole UTC days: from the start of `from` to the end of `to`.
  if (f.from) conditions.push(sql`g.last_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) {
    const end = new Date(`${f.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(sql`g.started_at < ${end.toISOString()}::timestamptz`);
  }
  return sql.join(conditions, sql` and `);
}

const SORTS: Record<string, SQL> = {
  fullName: sql`lower(u.full_name)`,
  employeeCode: sql`lower(u.employee_code)`,
  courseName: sql`lower(g.course_name)`,
  percent: sql`(case when g.lesson_count > 0 then g.passed::float / g.lesson_count else 0 end)`,
  lastStudiedAt: sql`g.last_at`,
  startedAt: sql`g.started_at`,
  status: sql`g.status`,
};

export function rowOrder(sort: string | undefined): SQL {
  const fallback = sql`g.last_at desc nulls last, g.user_id, g.course_id`;
  if (!sort) return fallback;
  const [field = '', direction = 'asc'] = sort.split(',');
  const column = SORTS[field];
  if (!column) throw badRequest(`Cannot sort by ${field}`);
  return sql`${column} ${direction === 'desc' ? sql`desc nulls last` : sql`asc nulls first`}, g.user_id, g.course_id`;
}

/** The columns of a report row, over `graded g` joined to `users u` and the organisation. */
export const rowColumns = sql`
  g.user_id, u.employee_code, u.full_name,
  s.name as service_name, b.name as branch_name, d.name as department_name,
  g.course_id, g.course_name, g.lesson_count, g.passed, g.status, g.assigned,
  g.started_at, g.last_at, g.last_passed_at`;

export const rowJoins = sql`
  join ${users} u on u.id = g.user_id
  left join ${services} s on s.id = u.service_id
  left join ${branches} b on b.id = u.branch_id
  left join ${departments} d on d.id = u.department_id`;

export type RawRow = {
  user_id: number;
  employee_code: string;
  full_name: string | null;
  service_name: string | null;
  branch_name: string | null;
  department_name: string | null;
  course_id: number;
  course_name: string;
  lesson_count: number;
  passed: number;
  status: string;
  assigned: boolean;
  started_at: string | Date | null;
  last_at: string | Date | null;
  last_passed_at: string | Date | null;
};

/** Timestamps come back as Date (PGlite) or string (pg, from raw SQL): always ISO strings out. */
export function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function percentOf(passedLessons: number, total: number): number {
  return total > 0 ? Math.floor((passedLessons * 100) / total) : 0;
}

export function toRow(raw: RawRow): TProgressRow {
  const status = raw.status as ProgressStatus;
  return {
    userId: Number(raw.user_id),
    employeeCode: raw.employee_code,
    fullName: raw.full_name,
    serviceName: raw.service_name,
    branchName: raw.branch_name,
    departmentName: raw.department_name,
    courseId: Number(raw.course_id),
    courseName: raw.course_name,
    lessonCount: Number(raw.lesson_count),
    passedLessons: Number(raw.passed),
    percent: percentOf(Number(raw.passed), Number(raw.lesson_count)),
    status,
    assigned: raw.assigned,
    startedAt: iso(raw.started_at),
    lastStudiedAt: iso(raw.last_at),
    finishedAt: status === 'PASSED' ? iso(raw.last_passed_at) : null,
  };
}

/** Rows of a raw statement, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
