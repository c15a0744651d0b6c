import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MESSAGES,
  type AssignmentState,
  MESSAGES,
  ROADMAP_MESSAGES,
  type TAssignment,
  type TAssignmentCreated,
  type TAssignmentDue,
  type TAssignmentInput,
  type TAssignmentPeopleQuery,
  type TAssignmentPerson,
  type TMyAssignment,
  type TPageQuery,
} from '@academy/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { badRequest, notFound } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import type { ManagementScope } from '../../platform/http/scope';
import { courseFacts, existingCourseIdsSql } from '../courses';
import { roadmapExistsSql, roadmapNameOf } from '../roadmaps';
import { employeeCodeOf, fullNameOf, learnersSql, userWithinSql } from '../users';
import { refreshCompliance } from './compliance';
import { localDay } from './due';
import type { AssignmentProgress } from './progress-port';
import { resolveAudiences } from './resolve';
import { refreshStanding } from './standing';
import { assignmentPeople, assignments } from './tables';

export type AssignmentSettings = { timeZone: string; progress: AssignmentProgress };

/** A person's state now, from their row (the order of the checks is the meaning). */
export function stateSql(now: Date): SQL<AssignmentState> {
  return sql<AssignmentState>`case
    when ${col(assignmentPeople.completedAt)} is not null then 'DONE'
    when ${col(assignmentPeople.dueAt)} < ${now.toISOString()}::timestamptz then 'OVERDUE'
    when ${col(assignmentPeople.startedAt)} is not null then 'IN_PROGRESS'
    else 'NOT_STARTED' end`;
}

/** "The row is in this state now", written so that an index on the open rows' due time serves it. */
export function inStateSql(state: AssignmentState, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const done = col(assignmentPeople.completedAt);
  const due = col(assignmentPeople.dueAt);
  const started = col(assignmentPeople.startedAt);
  switch (state) {
    case 'DONE':
      return sql`${done} is not null`;
    case 'OVERDUE':
      return sql`${done} is null and ${due} < ${at}`;
    case 'IN_PROGRESS':
      return sql`${done} is null and ${due} >= ${at} and ${started} is not null`;
    case 'NOT_STARTED':
      return sql`${done} is null and ${due} >= ${at} and ${started} is null`;
  }
}

/** Rows that count: people still assigned, and people who moved out after finishing. */
const counted = sql`${col(assignmentPeople.removedAt)} is null`;

function scopeColumns(scope: ManagementScope): {
  scopeServiceId: number | null;
  scopeBranchId: number | null;
} {
  if (scope.kind === 'service') return { scopeServiceId: scope.serviceId, scopeBranchId: null };
  if (scope.kind === 'branch') return { scopeServiceId: null, scopeBranchId: scope.branchId };
  return { scopeServiceId: null, scopeBranchId: null };
}

function dueColumns(due: TAssignmentDue, today: string) {
  if ('date' in due) {
    if (due.date < today)
      throw badRequest(ASSIGNMENT_MESSAGES.dueInPast, [
        { field: 'due.date', message: ASSIGNMENT_MESSAGES.dueInPast },
      ]);
    return { dueKind: 'DATE', dueDate: due.date, dueDays: null };
  }
  if ('daysAfterAssigned' in due)
    return { dueKind: 'AFTER_ASSIGNED', dueDate: null, dueDays: due.daysAfterAssigned };
  return { dueKind: 'AFTER_JOINING', dueDate: null, dueDays: due.daysAfterJoining };
}

async function assertTargetExists(db: Db, input: TAssignmentInput): Promise<void> {
  const [row] = await db
    .execute<{ course: number[]; roadmap: boolean }>(
      sql`select ${existingCourseIdsSql(input.courseId ? [input.courseId] : [])} as course, ${input.roadmapId ? roadmapExistsSql(input.roadmapId) : sql`false`} as roadmap`,
    )
    .then((r) => (r as unknown as { rows: { course: number[]; roadmap: boolean }[] }).rows);
  if (input.courseId && !row?.course.length)
    throw badRequest(MESSAGES.courseNotFound, [{ field: 'courseId', message: MESSAGES.courseNotFound }]);
  if (input.roadmapId && !row?.roadmap)
    throw badRequest(ROADMAP_MESSAGES.notFound, [{ field: 'roadmapId', message: ROADMAP_MESSAGES.notFound }]);
}

/**
 * POST assignments: stores the rules and resolves them at once (one statement), then looks at
 * the new people's progress (one statement). A rule that matches nobody is kept with a warning.
 */
export async function createAssignment(
  db: Db,
  settings: AssignmentSettings,
  input: TAssignmentInput,
  creator: { id: number; scope: ManagementScope },
  now: Date,
): Promise<TAssignmentCreated> {
  await assertTargetExists(db, input);
  const due = dueColumns(input.due, localDay(now, settings.timeZone));
  const { audience } = input;
  const result = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(assignments)
      .values({
        courseId: input.courseId ?? null,
        roadmapId: input.roadmapId ?? null,
        everyone: audience.everyone === true,
        userIds: audience.userIds ?? [],
        departmentIds: audience.departmentIds ?? [],
        branchIds: audience.branchIds ?? [],
        serviceIds: audience.serviceIds ?? [],
        authorizationIds: audience.authorizationIds ?? [],
        ...due,
        reminderDaysBefore: input.reminderDaysBefore ?? ASSIGNMENT_LIMITS.defaultReminderDaysBefore,
        ...scopeColumns(creator.scope),
        createdBy: creator.id,
        createdAt: now,
      })
      .returning({ id: assignments.id });
    if (!created) throw new Error('assignment not inserted');
    const outcome = await resolveAudiences(tx, settings.timeZone, settings.progress, now, {
      assignmentId: created.id,
    });
    await refreshStanding(tx, settings.progress, now, { pending: true });
    return {
      id: created.id,
      people: outcome.matched,
      ...(outcome.matched === 0 ? { warning: ASSIGNMENT_MESSAGES.matchesNobody } : {}),
    };
  });
  // The compliance view shows the new assignment at once, not at the next recount.
  await refreshCompliance(db, now, settings.timeZone);
  return result;
}

/** Assignments a manager sees: those with people in their scope, and those they made. */
function visibleTo(scope: ManagementScope, userId: number): SQL | undefined {
  const within = userWithinSql(scope, assignmentPeople.userId);
  if (!within) return undefined;
  return sql`(${col(assignments.createdBy)} = ${userId} or exists (select 1 from ${assignmentPeople} where ${col(assignmentPeople.assignmentId)} = ${col(assignments.id)} and ${within}))`;
}

function toDue(row: { dueKind: string; dueDate: string | null; dueDays: number | null }): TAssignment['due'] {
  if (row.dueKind === 'RECERTIFICATION') return { certificateExpiry: true };
  if (row.dueKind === 'DATE') return { date: row.dueDate ?? '' };
  if (row.dueKind === 'AFTER_ASSIGNED') return { daysAfterAssigned: row.dueDays ?? 1 };
  return { daysAfterJoining: row.dueDays ?? 1 };
}

function nonEmpty(ids: number[]): number[] | undefined {
  return ids.length ? ids : undefined;
}

/** The list (and one assignment), with the state counts of the people in the caller's scope: one query. */
export async function listAssignments(
  db: Db,
  query: TPageQuery,
  viewer: { id: number; scope: ManagementScope },
  now: Date,
  id?: number,
): Promise<{ rows: TAssignment[]; total: number }> {
  const course = courseFacts(db);
  const within = userWithinSql(viewer.scope, assignmentPeople.userId) ?? sql`true`;
  const state = stateSql(now);
  const where = and(
    visibleTo(viewer.scope, viewer.id),
    id !== undefined ? eq(assignments.id, id) : undefined,
  );
  const stateCount = (s: AssignmentState) => sql<number>`(count(*) filter (where ${state} = ${s}))::int`;
  const counts = db
    .select({
      assignmentId: assignmentPeople.assignmentId,
      people: sql<number>`count(*)::int`.as('people'),
      done: stateCount('DONE').as('done'),
      inProgress: stateCount('IN_PROGRESS').as('in_progress'),
      notStarted: stateCount('NOT_STARTED').as('not_started'),
      overdue: stateCount('OVERDUE').as('overdue'),
    })
    .from(assignmentPeople)
    .where(and(counted, within, id !== undefined ? eq(assignmentPeople.assignmentId, id) : undefined))
    .groupBy(assignmentPeople.assignmentId)
    .as('counts');
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      row: assignments,
      name: sql<string>`coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '')`,
      people: counts.people,
      done: counts.done,
      inProgress: counts.inProgress,
      notStarted: counts.notStarted,
      overdue: counts.overdue,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(assignments)
    .leftJoin(course, eq(course.id, assignments.courseId))
    .leftJoin(counts, eq(counts.assignmentId, assignments.id))
    .where(where)
    .orderBy(desc(assignments.id))
    .limit(limit)
    .offset(offset);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ row, name, ...c }) => ({
      id: row.id,
      courseId: row.courseId,
      roadmapId: row.roadmapId,
      name,
      audience: {
        ...(row.everyone ? { everyone: true } : {}),
        userIds: nonEmpty(row.userIds),
        departmentIds: nonEmpty(row.departmentIds),
        branchIds: nonEmpty(row.branchIds),
        serviceIds: nonEmpty(row.serviceIds),
        authorizationIds: nonEmpty(row.authorizationIds),
      },
      due: toDue(row),
      reminderDaysBefore: row.reminderDaysBefore,
      createdAt: row.createdAt.toISOString(),
      counts: {
        people: c.people ?? 0,
        done: c.done ?? 0,
        inProgress: c.inProgress ?? 0,
        notStarted: c.notStarted ?? 0,
        overdue: c.overdue ?? 0,
      },
    })),
  };
}

export async function getAssignment(
  db: Db,
  id: number,
  viewer: { id: number; scope: ManagementScope },
  now: Date,
): Promise<TAssignment> {
  const { rows } = await listAssignments(db, { page: 0, size: 1 }, viewer, now, id);
  const [row] = rows;
  if (!row) throw notFound(ASSIGNMENT_MESSAGES.notFound);
  return row;
}

/** DELETE assignments/{id}: the assignment, its people and reminders go (history of courses stays in progress). */
export async function deleteAssignment(
  db: Db,
  id: number,
  viewer: { id: number; scope: ManagementScope },
  now: Date,
): Promise<void> {
  await getAssignment(db, id, viewer, now);
  await db.delete(assignments).where(eq(assignments.id, id));
}

/** 404 unless the assignment exists and the viewer sees it (people in their scope, or theirs). */
async function assertVisible(
  db: Db,
  id: number,
  viewer: { id: number; scope: ManagementScope },
): Promise<void> {
  const [found] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.id, id), visibleTo(viewer.scope, viewer.id)));
  if (!found) throw notFound(ASSIGNMENT_MESSAGES.notFound);
}

/** The people in the caller's scope, and of the service, branch or department asked for. */
function peopleWithin(scope: ManagementScope, query: TAssignmentPeopleQuery): SQL | undefined {
  const { serviceId, branchId, departmentId } = query;
  if (serviceId === undefined && branchId === undefined && departmentId === undefined)
    return userWithinSql(scope, assignmentPeople.userId);
  const placed = learnersSql({ serviceId, branchId, departmentId, within: scope });
  return sql`${col(assignmentPeople.userId)} in (select l.id from (${placed}) l)`;
}

/**
 * GET assignments/{id}/people?state= (and the compliance view's drill-down): the people in the
 * caller's scope (and place filters), most urgent first.
 */
export async function assignmentPeopleList(
  db: Db,
  id: number,
  query: TAssignmentPeopleQuery,
  viewer: { id: number; scope: ManagementScope },
  now: Date,
): Promise<{ rows: TAssignmentPerson[]; total: number }> {
  await assertVisible(db, id, viewer);
  const state = stateSql(now);
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(assignmentPeople.assignmentId, id),
    counted,
    peopleWithin(viewer.scope, query),
    query.state ? inStateSql(query.state, now) : undefined,
  );
  const rows = await db
    .select({
      userId: assignmentPeople.userId,
      employeeCode: employeeCodeOf(assignmentPeople.userId),
      fullName: fullNameOf(assignmentPeople.userId),
      assignedAt: assignmentPeople.assignedAt,
      dueAt: assignmentPeople.dueAt,
      dueOn: assignmentPeople.dueOn,
      completedAt: assignmentPeople.completedAt,
      state,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(assignmentPeople)
    .where(where)
    .orderBy(
      // Unfinished first; a page of one unfinished state reads the index on open rows in order.
      ...(query.state && query.state !== 'DONE'
        ? []
        : [sql`${col(assignmentPeople.completedAt)} is not null`]),
      assignmentPeople.dueAt,
      assignmentPeople.userId,
    )
    .limit(limit)
    .offset(offset);
  // A page past the end has no row to carry the total: counted apart, only then.
  const total =
    rows[0]?.total ??
    (offset > 0 ? ((await db.select({ n: count() }).from(assignmentPeople).where(where))[0]?.n ?? 0) : 0);
  return {
    total,
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      assignedAt: r.assignedAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
  };
}

const URGENCY: Record<AssignmentState, number> = { OVERDUE: 0, IN_PROGRESS: 1, NOT_STARTED: 1, DONE: 2 };

/**
 * GET my-assignments: the learner's rules are resolved for them first (a new employee sees their
 * assignments at once), then their rows: overdue first, then by due date, done last.
 */
export async function myAssignments(
  db: Db,
  settings: AssignmentSettings,
  userId: number,
  now: Date,
): Promise<TMyAssignment[]> {
  const outcome = await resolveAudiences(db, settings.timeZone, settings.progress, now, { userId });
  if (outcome.added > 0) await refreshStanding(db, settings.progress, now, { userId });
  const course = courseFacts(db);
  const rows = await db
    .select({
      assignmentId: assignmentPeople.assignmentId,
      courseId: assignments.courseId,
      roadmapId: assignments.roadmapId,
      name: sql<string>`coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '')`,
      dueAt: assignmentPeople.dueAt,
      dueOn: assignmentPeople.dueOn,
      completedAt: assignmentPeople.completedAt,
      state: stateSql(now),
      recertification: sql<boolean>`${col(assignments.dueKind)} = 'RECERTIFICATION'`,
    })
    .from(assignmentPeople)
    .innerJoin(assignments, eq(assignments.id, assignmentPeople.assignmentId))
    .leftJoin(course, eq(course.id, assignments.courseId))
    .where(and(eq(assignmentPeople.userId, userId), counted));
  return rows
    .map((r) => ({
      ...r,
      dueAt: r.dueAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    }))
    .sort(
      (a, b) =>
        URGENCY[a.state] - URGENCY[b.state] ||
        (a.state === 'DONE'
          ? (b.completedAt ?? '').localeCompare(a.completedAt ?? '')
          : a.dueAt.localeCompare(b.dueAt)) ||
        a.assignmentId - b.assignmentId,
    );
}
