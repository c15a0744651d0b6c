import {
  COURSE_LIMITS,
  COURSE_VALIDITY_MESSAGES,
  MESSAGES,
  recertificationWindowFits,
  type TCourse,
  type TCourseListItem,
  type TCourseListQuery,
  type ZCourseForm,
} from '@academy/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { col } from '../../platform/db/sql';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import type { Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { removeStoredFiles, withStoredFiles } from '../../platform/uploads/store';
import { resolvePlacement } from '../org';
import { removeDocumentFiles } from './documents';
import type { LearnerProgress } from './learner-progress';
import { courseColumns, getCourse, listOrder, toCourse } from './read';
import { courses, lessonDocuments, lessons } from './tables';

export type CourseFormInput = z.output<typeof ZCourseForm>;
export type CourseFiles = Partial<Record<'image', CheckedFile>>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The management list: one page with topic and lesson counts and whether learners have progress
 * in each course (one query), and the total (one).
 */
export async function listCourses(
  db: Db,
  progress: LearnerProgress,
  query: TCourseListQuery,
): Promise<{ rows: TCourseListItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(sql`lower(${courses.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.serviceId) conditions.push(eq(courses.serviceId, query.serviceId));
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const sortable = {
    id: courses.id,
    name: courses.name,
    position: courses.position,
    createdAt: courses.createdAt,
    updatedAt: courses.updatedAt,
  };
  const rows = await db
    .select({ ...courseColumns, hasProgress: progress.courseHasProgressSql(col(courses.id)) })
    .from(courses)
    .where(where)
    .orderBy(orderBy(query.sort, sortable, listOrder[0] as SQL), courses.id)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  return {
    rows: rows.map(({ hasProgress, ...row }) => ({ ...toCourse(row), hasProgress })),
    total: total?.n ?? 0,
  };
}

/**
 * The course's columns from the form. A recertification window must be shorter than the validity
 * (decision 105): 400 on `recertificationWindowDays` otherwise.
 */
function courseValues(input: CourseFormInput) {
  const windowDays = input.recertificationWindowDays ?? COURSE_LIMITS.defaultRecertificationWindowDays;
  if (!recertificationWindowFits(input.certificateValidityMonths, windowDays)) {
    const message = COURSE_VALIDITY_MESSAGES.windowTooLong;
    throw badRequest(message, [{ field: 'recertificationWindowDays', message }]);
  }
  return {
    certificateValidityMonths: input.certificateValidityMonths ?? null,
    recertificationWindowDays: windowDays,
    name: input.name,
    serviceId: input.serviceId,
    requirements: input.requirements ?? null,
    ordered: input.ordered,
    mustCompleteBeforeNext: input.mustCompleteBeforeNext,
    featured: input.featured,
    certificateId: input.certificateId ?? null,
  };
}

/** Adds a course at the end of the listing order. */
export async function createCourse(
  db: Db,
  storage: Storage,
  input: CourseFormInput,
  files: CourseFiles,
): Promise<TCourse> {
  await resolvePlacement(db, { serviceId: input.serviceId });
  const id = await withStoredFiles(storage, 'courses', files, async (urls) => {
    const [row] = await db
      .insert(courses)
      .values({
        ...courseValues(input),
        imageUrl: urls.image ?? null,
        position: sql`(select coalesce(max(${courses.position}), 0) + 1 from ${courses})`,
      })
      .returning({ id: courses.id });
    if (!row) throw new Error('course insert returned nothing');
    return row.id;
  });
  return getCourse(db, id);
}

export async function updateCourse(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  input: CourseFormInput,
  files: CourseFiles,
): Promise<TCourse> {
  const [existing] = await db.select({ imageUrl: courses.imageUrl }).from(courses).where(eq(courses.id, id));
  if (!existing) throw notFound(MESSAGES.courseNotFound);
  await resolvePlacement(db, { serviceId: input.serviceId });
  const imageUrl = await withStoredFiles(storage, 'courses', files, async (urls) => {
    const image = urls.image ?? (input.removeImage ? null : existing.imageUrl);
    const [row] = await db
      .update(courses)
      .set({ ...courseValues(input), imageUrl: image, updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning({ imageUrl: courses.imageUrl });
    if (!row) throw notFound(MESSAGES.courseNotFound);
    return row.imageUrl;
  });
  if (existing.imageUrl !== imageUrl) await removeStoredFiles(storage, log, [existing.imageUrl]);
  return getCourse(db, id);
}

/**
 * Deletes a course with its topics, lessons, documents and learners' progress, in one
 * transaction. When learners have progress in it, `confirmed` must be true (409 otherwise).
 * Stored files (image, documents) are removed once the rows are gone.
 */
export async function deleteCourse(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  progress: LearnerProgress,
  id: number,
  confirmed: boolean,
): Promise<void> {
  const { imageUrl, documentKeys } = await db.transaction(async (tx) => {
    const [course] = await tx
      .select({ imageUrl: courses.imageUrl })
      .from(courses)
      .where(eq(courses.id, id))
      .for('update');
    if (!course) throw notFound(MESSAGES.courseNotFound);
    if (!confirmed && (await progress.hasProgress(tx, { courseId: id })))
      throw conflict(MESSAGES.courseHasProgress);
    const documents = await tx
      .select({ key: lessonDocuments.fileKey })
      .from(lessonDocuments)
      .innerJoin(lessons, eq(lessons.id, lessonDocuments.lessonId))
      .where(eq(lessons.courseId, id));
    // Topics, lessons, documents and progress go with the course (ON DELETE CASCADE); an
    // assignment of the course (issue 24) refuses with its foreign key.
    try {
      await tx.delete(courses).where(eq(courses.id, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(MESSAGES.courseInUse);
      throw err;
    }
    return { imageUrl: course.imageUrl, documentKeys: documents.map((d) => d.key) };
  });
  await removeStoredFiles(storage, log, [imageUrl]);
  await removeDocumentFiles(storage, log, documentKeys);
}
