import {
  forbiddenMessage,
  MESSAGES,
  ROADMAP_MESSAGES,
  type RoadmapState,
  roadmapLockedMessage,
  type TMyRoadmap,
  type TMyRoadmapCourse,
  type TRoadmap,
  type TRoadmapListItem,
  type TRoadmapListQuery,
  type ZRoadmapInput,
} from '@academy/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, uniqueViolation } from '../../platform/db/errors';
import { col } from '../../platform/db/sql';
import type { Events } from '../../platform/events';
import { type ApiError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { EVERYTHING, isPlaceWithin, type ManagementScope, placeWithin } from '../../platform/http/scope';
import { authorizationExistsSql, authorizationNameOf } from '../authorizations';
import { courseFacts, existingCourseIdsSql } from '../courses';
import { branchExistsSql, branchNameOf, serviceIdOfBranch, serviceNameOfBranch } from '../org';
import { userPlacedAt, usersPlacedCount } from '../users';
import type { LearnerProgress } from './learner-progress';
import { roadmapCourses, roadmapMilestones, roadmaps } from './tables';

/**
 * Roadmaps (LEARNING_PATH_MANAGEMENT) and the learner's roadmap. This module reads the course,
 * organisation, authorization, user and progress tables read-only for names and states; it writes
 * only its own tables.
 */

export type RoadmapInput = z.output<typeof ZRoadmapInput>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Sorts by `order` (missing = 0), ties keep the order they were given in. */
export function byOrder<T extends { order?: number | null }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The roadmap's path: milestones by order, each one's courses by order, and every course's rank
 * on the whole path (0, 1, 2, …).
 */
export function planPath(input: RoadmapInput) {
  let rank = 0;
  return byOrder(input.milestones).map((milestone) => ({
    milestone,
    position: input.milestones.indexOf(milestone),
    courses: byOrder(milestone.courses).map((entry) => ({ ...entry, rank: rank++ })),
  }));
}

const branchName = branchNameOf(roadmaps.branchId);
const serviceId = serviceIdOfBranch(roadmaps.branchId);
const authorizationName = authorizationNameOf(roadmaps.authorizationId);

const headerColumns = {
  id: roadmaps.id,
  branchId: roadmaps.branchId,
  branchName,
  serviceId,
  serviceName: serviceNameOfBranch(roadmaps.branchId),
  authorizationId: roadmaps.authorizationId,
  authorizationName,
  description: roadmaps.description,
  createdAt: roadmaps.createdAt,
  updatedAt: roadmaps.updatedAt,
};

const listColumns = {
  ...headerColumns,
  milestoneCount: sql<number>`(select count(*)::int from ${roadmapMilestones} where ${col(roadmapMilestones.roadmapId)} = ${col(roadmaps.id)})`,
  courseCount: sql<number>`(select count(*)::int from ${roadmapCourses} where ${col(roadmapCourses.roadmapId)} = ${col(roadmaps.id)})`,
  learnerCount: usersPlacedCount(roadmaps),
};

function selectHeaders(db: Db) {
  return db.select(headerColumns).from(roadmaps);
}

function dates<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A roadmap is within a management scope by its branch (and that branch's service). */
function roadmapWithin(scope: ManagementScope): SQL | undefined {
  return placeWithin(scope, { serviceId, branchId: roadmaps.branchId });
}

/** Refuses, inside the writing transaction, a roadmap saved for a branch outside the scope. */
async function assertSavedWithin(db: Db, id: number, scope: ManagementScope): Promise<void> {
  const [saved] = await db
    .select({ serviceId, branchId: roadmaps.branchId })
    .from(roadmaps)
    .where(eq(roadmaps.id, id));
  if (!saved || !isPlaceWithin(scope, saved)) {
    throw forbidden(forbiddenMessage('manage roadmaps outside your branch or service'));
  }
}

/** One page of roadmaps with their counts, and the total: two queries. */
export async function listRoadmaps(
  db: Db,
  query: TRoadmapListQuery,
  scope: ManagementScope = EVERYTHING,
): Promise<{ rows: TRoadmapListItem[]; total: number }> {
  const conditions: SQL[] = [];
  const within = roadmapWithin(scope);
  if (within) conditions.push(within);
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${branchName}) like ${like} or lower(${authorizationName}) like ${like} or lower(${headerColumns.serviceName}) like ${like})`,
    );
  }
  if (query.serviceId) conditions.push(sql`${serviceId} = ${query.serviceId}`);
  if (query.branchId) conditions.push(eq(roadmaps.branchId, query.branchId));
  if (query.authorizationId) conditions.push(eq(roadmaps.authorizationId, query.authorizationId));
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(roadmaps)
      .where(where)
      .orderBy(
        orderBy(query.sort, { id: roadmaps.id, branchName, authorizationName }, sql`${roadmaps.id} desc`),
        roadmaps.id,
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(roadmaps).where(where),
  ]);
  return { rows: rows.map(dates), total: total?.n ?? 0 };
}

/** A roadmap with its milestones and courses in path order: two queries. */
export async function getRoadmap(db: Db, id: number, scope: ManagementScope = EVERYTHING): Promise<TRoadmap> {
  const course = courseFacts(db);
  const [[header], entries] = await Promise.all([
    selectHeaders(db).where(and(eq(roadmaps.id, id), roadmapWithin(scope))),
    db
      .select({
        milestoneId: roadmapMilestones.id,
        milestoneName: roadmapMilestones.name,
        milestoneOrder: roadmapMilestones.order,
        milestonePosition: roadmapMilestones.position,
        courseId: roadmapCourses.courseId,
        courseName: course.name,
        order: roadmapCourses.order,
        rank: roadmapCourses.rank,
        mustCompleteBeforeNext: course.mustCompleteBeforeNext,
      })
      .from(roadmapMilestones)
      .leftJoin(roadmapCourses, eq(roadmapCourses.milestoneId, roadmapMilestones.id))
      .leftJoin(course, eq(course.id, roadmapCourses.courseId))
      .where(eq(roadmapMilestones.roadmapId, id))
      .orderBy(
        sql`coalesce(${roadmapMilestones.order}, 0)`,
        asc(roadmapMilestones.position),
        asc(roadmapCourses.rank),
      ),
  ]);
  if (!header) throw notFound(ROADMAP_MESSAGES.notFound);
  const milestones: TRoadmap['milestones'] = [];
  for (const row of entries) {
    let milestone = milestones.at(-1);
    if (milestone?.id !== row.milestoneId) {
      milestone = { id: row.milestoneId, name: row.milestoneName, order: row.milestoneOrder, courses: [] };
      milestones.push(milestone);
    }
    if (row.courseId === null) continue;
    milestone.courses.push({
      courseId: row.courseId,
      courseName: row.courseName ?? '',
      order: row.order,
      mustCompleteBeforeNext: row.mustCompleteBeforeNext ?? false,
    });
  }
  return { ...dates(header), milestones };
}

/** Checks the branch, the authorization and every course exist (one query), with field errors. */
async function assertReferences(db: Db, input: RoadmapInput): Promise<void> {
  const courseIds = [...new Set(input.milestones.flatMap((m) => m.courses.map((c) => c.courseId)))];
  const [found] = await db
    .select({
      branch: branchExistsSql(input.branchId),
      authorization: authorizationExistsSql(input.authorizationId),
      courseIds: existingCourseIdsSql(courseIds),
    })
    .from(sql`(select 1) as one`);
  const fieldErrors: { field: string; message: string }[] = [];
  if (!found?.branch) fieldErrors.push({ field: 'branchId', message: MESSAGES.branchNotFound });
  if (!found?.authorization) {
    fieldErrors.push({ field: 'authorizationId', message: MESSAGES.authorizationNotFound });
  }
  const existing = new Set((found?.courseIds ?? []).map(Number));
  input.milestones.forEach((milestone, m) => {
    milestone.courses.forEach((entry, c) => {
      if (!existing.has(entry.courseId)) {
        fieldErrors.push({
          field: `milestones.${m}.courses.${c}.courseId`,
          message: MESSAGES.courseNotFound,
        });
      }
    });
  });
  const first = fieldErrors[0];
  if (first) throw badRequest(first.message, fieldErrors);
}

/** Writes the milestones and courses of a roadmap (two statements). */
async function insertPath(db: Db, roadmapId: number, input: RoadmapInput): Promise<void> {
  const path = planPath(input);
  const inserted = await db
    .insert(roadmapMilestones)
    .values(
      path.map(({ milestone, position }) => ({
        roadmapId,
        name: milestone.name,
        order: milestone.order ?? null,
        position,
      })),
    )
    .returning({ id: roadmapMilestones.id, position: roadmapMilestones.position });
  const idAt = new Map(inserted.map((m) => [m.position, m.id]));
  await db.insert(roadmapCourses).values(
    path.flatMap(({ position, courses: entries }) =>
      entries.map((entry) => ({
        roadmapId,
        milestoneId: idAt.get(position) as number,
        courseId: entry.courseId,
        order: entry.order ?? null,
        rank: entry.rank,
      })),
    ),
  );
}

function alreadyExists(): ApiError {
  return conflict(ROADMAP_MESSAGES.exists, [{ field: 'authorizationId', message: ROADMAP_MESSAGES.exists }]);
}

/** The unique index on (branch, authorization) answers a second roadmap of the same pair. */
function translateUnique(err: unknown): unknown {
  return uniqueViolation(err) === 'roadmaps_branch_authorization_uq' ? alreadyExists() : err;
}

/** The events a roadmap's save publishes: its learners hear of the courses it gained. */
export type RoadmapEvents = Events<Pick<AppEvents, 'roadmapCoursesAdded'>>;

function courseIdsOf(input: RoadmapInput): number[] {
  return [...new Set(input.milestones.flatMap((m) => m.courses.map((c) => c.courseId)))];
}

export async function createRoadmap(
  db: Db,
  events: RoadmapEvents,
  input: RoadmapInput,
  scope: ManagementScope,
): Promise<TRoadmap> {
  await assertReferences(db, input);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roadmaps)
        .values({
          branchId: input.branchId,
          authorizationId: input.authorizationId,
          description: input.description ?? null,
        })
        .returning({ id: roadmaps.id });
      if (!row) throw new Error('roadmap insert returned nothing');
      await assertSavedWithin(tx, row.id, scope);
      await insertPath(tx, row.id, input);
      await events.publish(tx, 'roadmapCoursesAdded', {
        roadmapId: row.id,
        branchId: input.branchId,
        authorizationId: input.authorizationId,
        courseIds: courseIdsOf(input),
      });
      return row.id;
    });
  } catch (err) {
    throw translateUnique(err);
  }
  return getRoadmap(db, id);
}

/** Replaces a roadmap's branch, authorization, description and whole path, in one transaction. */
export async function updateRoadmap(
  db: Db,
  events: RoadmapEvents,
  id: number,
  input: RoadmapInput,
  scope: ManagementScope,
): Promise<TRoadmap> {
  await assertReferences(db, input);
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: roadmaps.id })
        .from(roadmaps)
        .where(and(eq(roadmaps.id, id), roadmapWithin(scope)))
        .for('update');
      if (!existing) throw notFound(ROADMAP_MESSAGES.notFound);
      await tx
        .update(roadmaps)
        .set({
          branchId: input.branchId,
          authorizationId: input.authorizationId,
          description: input.description ?? null,
          updatedAt: new Date(),
        })
        .where(eq(roadmaps.id, id));
      await assertSavedWithin(tx, id, scope);
      const before = await tx
        .select({ courseId: roadmapCourses.courseId })
        .from(roadmapCourses)
        .where(eq(roadmapCourses.roadmapId, id));
      await tx.delete(roadmapMilestones).where(eq(roadmapMilestones.roadmapId, id));
      await insertPath(tx, id, input);
      const had = new Set(before.map((r) => r.courseId));
      const added = courseIdsOf(input).filter((courseId) => !had.has(courseId));
      if (added.length) {
        await events.publish(tx, 'roadmapCoursesAdded', {
          roadmapId: id,
          branchId: input.branchId,
          authorizationId: input.authorizationId,
          courseIds: added,
        });
      }
    });
  } catch (err) {
    throw translateUnique(err);
  }
  return getRoadmap(db, id);
}

export async function deleteRoadmap(db: Db, id: number, scope: ManagementScope): Promise<void> {
  try {
    const [row] = await db
      .delete(roadmaps)
      .where(and(eq(roadmaps.id, id), roadmapWithin(scope)))
      .returning({ id: roadmaps.id });
    if (!row) throw notFound(ROADMAP_MESSAGES.notFound);
  } catch (err) {
    // People are assigned the roadmap (issue 24): the assignment's foreign key refuses.
    if (isForeignKeyViolation(err)) throw conflict(ROADMAP_MESSAGES.inUse);
    throw err;
  }
}

function percentOf(passed: number, total: number): number {
  return total > 0 ? Math.floor((passed * 100) / total) : 0;
}

type PathCourse = {
  courseId: number;
  name: string;
  lessonCount: number;
  passed: number;
  mustCompleteBeforeNext: boolean;
};

/**
 * The roadmap rule over a whole path in memory (the SQL twin is roadmaps/gate.ts, used by the
 * study module): each course is locked by the first earlier course marked "complete this course
 * before moving on" that has lessons and is not finished.
 */
export function roadmapLocks(path: PathCourse[]): ({ courseId: number; name: string } | null)[] {
  let blocker: { courseId: number; name: string } | null = null;
  return path.map((course) => {
    const lockedBy = blocker;
    const finished = course.lessonCount > 0 && course.passed >= course.lessonCount;
    if (!blocker && course.mustCompleteBeforeNext && course.lessonCount > 0 && !finished) {
      blocker = { courseId: course.courseId, name: course.name };
    }
    return lockedBy;
  });
}

/**
 * GET my-roadmap: the roadmap of the learner's branch and authorization, each course with its
 * state (finished, in progress, not studied), percent and lock. Two queries.
 */
export async function myRoadmap(
  db: Db,
  progress: LearnerProgress,
  userId: number,
): Promise<TMyRoadmap | null> {
  const [header] = await db
    .select({
      id: roadmaps.id,
      branchName,
      authorizationName,
      description: roadmaps.description,
    })
    .from(roadmaps)
    .where(userPlacedAt(userId, roadmaps));
  const facts = courseFacts(db);
  if (!header) return null;
  const rows = await db
    .select({
      milestoneId: roadmapMilestones.id,
      milestoneName: roadmapMilestones.name,
      courseId: facts.id,
      name: facts.name,
      image: facts.imageUrl,
      lessonCount: facts.lessonCount,
      mustCompleteBeforeNext: facts.mustCompleteBeforeNext,
      passed: progress.passedLessonsSql(userId, col(roadmapCourses.courseId)),
      started: progress.startedCourseSql(userId, col(roadmapCourses.courseId)),
    })
    .from(roadmapCourses)
    .innerJoin(roadmapMilestones, eq(roadmapMilestones.id, roadmapCourses.milestoneId))
    .innerJoin(facts, eq(facts.id, roadmapCourses.courseId))
    .where(eq(roadmapCourses.roadmapId, header.id))
    .orderBy(asc(roadmapCourses.rank));
  const locks = roadmapLocks(rows);
  const milestones: TMyRoadmap['milestones'] = [];
  let finishedCount = 0;
  rows.forEach((row, i) => {
    let milestone = milestones.at(-1);
    if (milestone?.id !== row.milestoneId) {
      milestone = { id: row.milestoneId, name: row.milestoneName, courses: [] };
      milestones.push(milestone);
    }
    const finished = row.lessonCount > 0 && row.passed >= row.lessonCount;
    if (finished) finishedCount += 1;
    const state: RoadmapState = finished ? 'FINISHED' : row.started ? 'IN_PROGRESS' : 'NOT_STUDIED';
    const lockedBy = locks[i] ?? null;
    const course: TMyRoadmapCourse = {
      courseId: row.courseId,
      name: row.name,
      image: row.image,
      state,
      percent: percentOf(row.passed, row.lessonCount),
      passedLessons: row.passed,
      lessonCount: row.lessonCount,
      mustCompleteBeforeNext: row.mustCompleteBeforeNext,
      locked: lockedBy !== null,
      lockedBy,
      lockedMessage: lockedBy ? roadmapLockedMessage(lockedBy.name) : null,
    };
    milestone.courses.push(course);
  });
  return {
    ...header,
    milestones,
    courseCount: rows.length,
    finishedCount,
    percent: percentOf(finishedCount, rows.length),
  };
}
