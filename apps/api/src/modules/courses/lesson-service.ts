import {
  EXAM_MESSAGES,
  MESSAGES,
  type TLesson,
  youtubeVideoId,
  youtubeWatchUrl,
  type ZLessonInput,
} from '@academy/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { assertStudyTimeFits, videoForLesson } from '../media';
import { lockCourse, refreshCountsOf } from './counts';
import { documentsOf, documentsOfLesson, removeDocumentFiles } from './documents';
import type { LearnerProgress } from './learner-progress';
import { lessonVideo } from './read';
import { courses, lessonDocuments, lessons, topics } from './tables';
import { applyOrder, type OrderTarget } from './topic-service';

export type LessonInput = z.output<typeof ZLessonInput>;
type LessonRow = typeof lessons.$inferSelect;

const LESSON_ORDER: OrderTarget = { table: lessons, id: lessons.id, parent: lessons.topicId };

function toLesson(row: LessonRow, documents: TLesson['documents']): TLesson {
  return {
    id: row.id,
    courseId: row.courseId,
    topicId: row.topicId,
    name: row.name,
    position: row.position,
    video: lessonVideo(row.videoKind, row.videoUrl),
    videoDurationSeconds: row.videoDurationSeconds,
    minStudyMinutes: row.minStudyMinutes,
    requiredCorrectAnswers: row.requiredCorrectAnswers,
    examTimeLimitMinutes: row.examTimeLimitMinutes,
    maxFailedAttempts: row.maxFailedAttempts,
    examQuestionCount: row.examQuestionCount,
    documents,
  };
}

async function findTopic(db: Db, id: number) {
  const [topic] = await db
    .select({ id: topics.id, courseId: topics.courseId })
    .from(topics)
    .where(eq(topics.id, id));
  if (!topic) throw notFound(MESSAGES.topicNotFound);
  return topic;
}

/** A topic's lessons with their documents, as authors see them: two queries. */
export async function listLessons(db: Db, topicId: number): Promise<TLesson[]> {
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.topicId, topicId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  if (rows.length === 0) {
    await findTopic(db, topicId);
    return [];
  }
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toLesson(row, documents.get(row.id) ?? []));
}

export async function getLesson(db: Db, id: number): Promise<TLesson> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
  if (!row) throw notFound(MESSAGES.lessonNotFound);
  return toLesson(row, await documentsOfLesson(db, id));
}

async function lessonValues(db: Db, input: LessonInput) {
  if (input.videoKind === 'scorm' || input.videoKind === 'cmi5') {
    // The package comes after the lesson is saved (PUT lessons/{id}/package, scorm module; PUT
    // lessons/{id}/cmi5, cmi5 module).
    return {
      name: input.name,
      videoKind: input.videoKind,
      videoUrl: '',
      videoDurationSeconds: null,
      minStudyMinutes: input.minStudyMinutes,
      requiredCorrectAnswers: input.requiredCorrectAnswers,
      examTimeLimitMinutes: input.examTimeLimitMinutes,
      maxFailedAttempts: input.maxFailedAttempts,
    };
  }
  const youtubeId = youtubeVideoId(input.videoUrl);
  // An uploaded video (media module): its real duration bounds the minimum study time.
  const upload = youtubeId ? null : await videoForLesson(db, input.videoUrl);
  if (upload) assertStudyTimeFits(input.minStudyMinutes, upload.durationSeconds);
  return {
    name: input.name,
    videoKind: upload ? ('upload' as const) : ('youtube' as const),
    videoUrl: youtubeId ? youtubeWatchUrl(youtubeId) : input.videoUrl,
    videoDurationSeconds: upload ? upload.durationSeconds : (input.videoDurationSeconds ?? null),
    minStudyMinutes: input.minStudyMinutes,
    requiredCorrectAnswers: input.requiredCorrectAnswers,
    examTimeLimitMinutes: input.examTimeLimitMinutes,
    maxFailedAttempts: input.maxFailedAttempts,
  };
}

const endOfTopic = (topicId: number) =>
  sql`(select coalesce(max(${col(lessons.position)}), 0) + 1 from ${lessons} where ${col(lessons.topicId)} = ${topicId})`;

/**
 * An exam never requires more correct answers than it has questions (decision 73): the condition
 * an update of the required number carries, checked in the same statement as the write, so a
 * question deleted at the same time cannot slip under it. A lesson without questions takes any
 * number (its author adds the questions after).
 */
const requiredFits = (required: number): SQL =>
  sql`(${col(lessons.examQuestionCount)} = 0 or ${col(lessons.examQuestionCount)} >= ${required})`;

/** Why an update that matched no row failed: no such lesson, or a required number above its questions. */
async function refuseUpdate(db: Db, id: number): Promise<never> {
  const [row] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, id));
  if (!row) throw notFound(MESSAGES.lessonNotFound);
  throw badRequest(EXAM_MESSAGES.requiredAboveQuestions, [
    { field: 'requiredCorrectAnswers', message: EXAM_MESSAGES.requiredAboveQuestions },
  ]);
}

/** Adds a lesson at the end of a topic. */
export async function createLesson(db: Db, topicId: number, input: LessonInput): Promise<TLesson> {
  const values = await lessonValues(db, input);
  const topic = await findTopic(db, topicId);
  const row = await db.transaction(async (tx) => {
    await lockCourse(tx, topic.courseId);
    const [inserted] = await tx
      .insert(lessons)
      .values({ ...values, topicId, courseId: topic.courseId, position: endOfTopic(topicId) })
      .returning();
    if (!inserted) throw notFound(MESSAGES.topicNotFound);
    await refreshCountsOf(tx, topic.courseId);
    return inserted;
  });
  return toLesson(row, []);
}

/** Edits a lesson; a new `topicId` (of the same course) moves it to the end of that topic. */
export async function updateLesson(db: Db, id: number, input: LessonInput): Promise<TLesson> {
  const values = await lessonValues(db, input);
  const [existing] = await db
    .select({ topicId: lessons.topicId, courseId: lessons.courseId })
    .from(lessons)
    .where(eq(lessons.id, id));
  if (!existing) throw notFound(MESSAGES.lessonNotFound);
  const move = input.topicId && input.topicId !== existing.topicId ? input.topicId : null;
  if (move !== null) {
    const target = await findTopic(db, move);
    if (target.courseId !== existing.courseId) {
      throw badRequest(MESSAGES.topicNotInCourse, [{ field: 'topicId', message: MESSAGES.topicNotInCourse }]);
    }
  }
  await db.transaction(async (tx) => {
    await lockCourse(tx, existing.courseId);
    const updated = await tx
      .update(lessons)
      .set({
        ...values,
        ...(move !== null ? { topicId: move, position: endOfTopic(move) } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(lessons.id, id), requiredFits(values.requiredCorrectAnswers)))
      .returning({ id: lessons.id });
    if (updated.length === 0) await refuseUpdate(tx, id);
    await refreshCountsOf(tx, existing.courseId);
  });
  return getLesson(db, id);
}

/** Deletes a lesson with its documents; `confirmed` is needed when learners have progress in it. */
export async function deleteLesson(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  progress: LearnerProgress,
  id: number,
  confirmed: boolean,
): Promise<void> {
  const [lesson] = await db.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, id));
  if (!lesson) throw notFound(MESSAGES.lessonNotFound);
  const keys = await db.transaction(async (tx) => {
    await lockCourse(tx, lesson.courseId);
    if (!confirmed && (await progress.hasProgress(tx, { lessonId: id })))
      throw conflict(MESSAGES.lessonHasProgress);
    const documents = await tx
      .select({ key: lessonDocuments.fileKey })
      .from(lessonDocuments)
      .where(eq(lessonDocuments.lessonId, id));
    const deleted = await tx.delete(lessons).where(eq(lessons.id, id)).returning({ id: lessons.id });
    if (deleted.length === 0) throw notFound(MESSAGES.lessonNotFound);
    await refreshCountsOf(tx, lesson.courseId);
    return documents.map((d) => d.key);
  });
  await removeDocumentFiles(storage, log, keys);
}

export async function reorderLessons(db: Db, topicId: number, ids: number[]): Promise<TLesson[]> {
  await findTopic(db, topicId);
  await applyOrder(db, LESSON_ORDER, topicId, ids);
  return listLessons(db, topicId);
}

/**
 * For the exams module: how many exam questions a lesson has. With none, the lesson passes on
 * study time alone; with some, its exam must be passed too. Returns the lesson's required correct
 * answers as they are under the row lock this update takes (the caller refuses a count below it).
 */
export async function setLessonExamQuestionCount(
  db: Db,
  lessonId: number,
  count: number,
): Promise<{ requiredCorrectAnswers: number }> {
  const [row] = await db
    .update(lessons)
    .set({ examQuestionCount: Math.max(0, count) })
    .where(eq(lessons.id, lessonId))
    .returning({ requiredCorrectAnswers: lessons.requiredCorrectAnswers });
  if (!row) throw notFound(MESSAGES.lessonNotFound);
  return row;
}

/** For the exams module: a lesson with its topic and course names and its exam settings. */
export async function lessonExamInfo(db: Db, lessonId: number) {
  const [row] = await db
    .select({
      id: lessons.id,
      name: lessons.name,
      topicId: lessons.topicId,
      topicName: topics.name,
      courseId: lessons.courseId,
      courseName: courses.name,
      examTimeLimitMinutes: lessons.examTimeLimitMinutes,
      requiredCorrectAnswers: lessons.requiredCorrectAnswers,
      maxFailedAttempts: lessons.maxFailedAttempts,
      examQuestionCount: lessons.examQuestionCount,
    })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw notFound(MESSAGES.lessonNotFound);
  return row;
}

/**
 * For the exams module: the exam settings a lesson carries (its exam page edits them). A required
 * number above the lesson's questions (when it has some) is refused with a field error.
 */
export async function setLessonExamSettings(
  db: Db,
  lessonId: number,
  settings: { examTimeLimitMinutes: number; requiredCorrectAnswers: number; maxFailedAttempts: number },
): Promise<void> {
  const [row] = await db
    .update(lessons)
    .set({ ...settings, updatedAt: new Date() })
    .where(and(eq(lessons.id, lessonId), requiredFits(settings.requiredCorrectAnswers)))
    .returning({ id: lessons.id });
  if (!row) await refuseUpdate(db, lessonId);
}

/**
 * For the scorm module: the lesson now plays a SCORM package (its video link and duration go).
 * Returns false when there is no such lesson.
 */
export async function markScormLesson(db: Db, id: number): Promise<boolean> {
  return markPackageLesson(db, id, 'scorm');
}

/** For the cmi5 module: the lesson now plays a cmi5 course. False when there is no such lesson. */
export async function markCmi5Lesson(db: Db, id: number): Promise<boolean> {
  return markPackageLesson(db, id, 'cmi5');
}

async function markPackageLesson(db: Db, id: number, kind: 'scorm' | 'cmi5'): Promise<boolean> {
  const rows = await db
    .update(lessons)
    .set({ videoKind: kind, videoUrl: '', videoDurationSeconds: null, updatedAt: new Date() })
    .where(eq(lessons.id, id))
    .returning({ id: lessons.id });
  return rows.length > 0;
}
