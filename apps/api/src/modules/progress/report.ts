import type { ProgressFilter, ProgressStatus, TProgressRow } from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { badRequest } from '../../platform/http/errors';
import type { ManagementScope } from '../../platform/http/scope';
import { courseFacts } from '../courses';
import { branchNameOf, departmentNameOf, serviceNameOf } from '../org';
import { assignedCourseRows } from '../roadmaps';
import { courseProgressRows } from '../study';
import { type LearnerFilter, learnersSql } from '../users';

/**
 * The progress report as SQL. A row is one learner in one course: every course the learner has
 * started (has progress in), plus every course their roadmap assigns them (not started yet: "not
 * studying"). Learners are filtered first (search, service, branch, department, or a batch of ids
 * for the export), so progress is only aggregated for them; the course filter narrows progress and
 * roadmap entries by index. The module has no tables: each part of the statement is a query piece
 * of the module that owns the data (decision 71) — the learners from users, their progress from
 * study, their roadmap courses from roadmaps, course facts from courses, names from org.
 */

/** Which learners: one (detail pages), a batch of ids (the export), or all that match. */
export type LearnerScope = { userId?: number; userIds?: number[] };

/** The report's filters and the caller's management scope: learners outside it never appear. */
export type ScopedProgressFilter = ProgressFilter & { within?: ManagementScope };

/** The learner filters, for the users module's `learnersSql`. */
export function learnerFilter(f: ScopedProgressFilter, scope: LearnerScope = {}): LearnerFilter {
  return {
    q: f.q,
    serviceId: f.serviceId,
    branchId: f.branchId,
    departmentId: f.departmentId,
    within: f.within,
    userId: scope.userId,
    userIds: scope.userIds,
  };
}

/**
 * `learners` (as `users u` was: id, employee_code, full_name and the place columns) and `graded`:
 * the learner-course rows with their course, counts, dates and status, before the status and date
 * filters (which `rowFilter` applies).
 */
export function gradedCtes(db: Db, f: ScopedProgressFilter, scope: LearnerScope = {}): SQL {
  const course = courseFacts(db);
  return sql`
    learners as (${learnersSql(learnerFilter(f, scope))}),
    started as (${courseProgressRows('learners', f.courseId)}),
    assigned as (${assignedCourseRows('learners', f.courseId)}),
    joined as (
      select coalesce(s.user_id, a.user_id) as user_id, coalesce(s.course_id, a.course_id) as course_id,
        coalesce(s.passed, 0) as passed, coalesce(s.failed, false) as failed,
        s.started_at, s.last_at, s.last_passed_at,
        a.user_id is not null as assigned, s.user_id is not null as started
      from started s full join assigned a on a.user_id = s.user_id and a.course_id = s.course_id
    ),
    graded as (
      select j.*, ${col(course.name)} as course_name, ${col(course.lessonCount)} as lesson_count,
        case
          when ${col(course.lessonCount)} > 0 and j.passed >= ${col(course.lessonCount)} then 'PASSED'
          when j.failed then 'FAILED'
          when j.started then 'STUDYING'
          else 'IDLE'
        end as status
      from joined j join ${course} on ${col(course.id)} = j.course_id
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

/** The columns of a report row, over `graded g` joined to its learner `u`; the place names from org. */
export const rowColumns = sql`
  g.user_id, u.employee_code, u.full_name,
  ${serviceNameOf(sql`u.service_id`)} as service_name, ${branchNameOf(sql`u.branch_id`)} as branch_name,
  ${departmentNameOf(sql`u.department_id`)} as department_name,
  g.course_id, g.course_name, g.lesson_count, g.passed, g.status, g.assigned,
  g.started_at, g.last_at, g.last_passed_at`;

/** Every row's learner is in `learners` (the rows are made from them). */
export const rowJoins = sql`
  join learners u on u.id = g.user_id`;

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
