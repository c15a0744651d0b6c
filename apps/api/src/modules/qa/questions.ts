import {
  forbiddenMessage,
  MESSAGES,
  QA_DENIED,
  QA_MESSAGES,
  type QaQuestionType,
  type QaRelatedTopic,
  qaQuestionSubject,
  type TQaQuestionDetail,
  type TQaQuestionListQuery,
  type TQaQuestionSummary,
  type TQaQuestionValues,
  type TQaReply,
  type TQaUpvoteResult,
} from '@academy/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { pgErrorInfo } from '../../platform/db/errors';
import type { Principal } from '../../platform/http/access';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { pageWindow } from '../../platform/http/pagination';
import { type CourseName, courseAndLessonNames, type LessonName } from '../courses';
import { forgetNotifications } from '../notifications';
import { avatarOf, fullNameOf } from '../users';
import { excerptOf, mayChange, searchQuery } from './rules';
import { qaQuestions, qaReplies, qaUpvotes } from './tables';

type Names = { courses: Map<number, CourseName>; lessons: Map<number, LessonName> };

export const person = (id: number | null, fullName: string | null, avatar: string | null) =>
  id === null ? null : { id, fullName, avatar };

/** The question columns every read needs, with its author and whether `viewerId` upvoted it. */
function questionColumns(viewerId: number) {
  return {
    id: qaQuestions.id,
    title: qaQuestions.title,
    description: qaQuestions.description,
    type: qaQuestions.type,
    relatedTopic: qaQuestions.relatedTopic,
    courseId: qaQuestions.courseId,
    lessonId: qaQuestions.lessonId,
    authorId: qaQuestions.authorId,
    authorName: fullNameOf(qaQuestions.authorId),
    authorAvatar: avatarOf(qaQuestions.authorId),
    upvoteCount: qaQuestions.upvoteCount,
    replyCount: qaQuestions.replyCount,
    solved: qaQuestions.solved,
    solvedReplyId: qaQuestions.solvedReplyId,
    createdAt: qaQuestions.createdAt,
    editedAt: qaQuestions.editedAt,
    lastActivityAt: qaQuestions.lastActivityAt,
    upvotedByMe: sql<boolean>`exists (select 1 from ${qaUpvotes} where ${qaUpvotes.questionId} = ${qaQuestions.id} and ${qaUpvotes.userId} = ${viewerId})`,
  };
}

function selectQuestions(db: Db, viewerId: number) {
  return db.select(questionColumns(viewerId)).from(qaQuestions);
}

type QuestionRow = Awaited<ReturnType<typeof selectQuestions>>[number];

function toSummary(row: QuestionRow, names: Names): TQaQuestionSummary {
  const lesson = row.lessonId === null ? undefined : names.lessons.get(row.lessonId);
  const course = row.courseId === null ? undefined : names.courses.get(row.courseId);
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.description),
    type: row.type as QaQuestionType,
    relatedTopic: (row.relatedTopic as QaRelatedTopic | null) ?? null,
    course: course ?? null,
    lesson: lesson ? { id: lesson.id, name: lesson.name, topicId: lesson.topicId } : null,
    author: person(row.authorId, row.authorName, row.authorAvatar),
    upvotes: row.upvoteCount,
    upvotedByMe: Boolean(row.upvotedByMe),
    replyCount: row.replyCount,
    solved: row.solved,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

function namesOf(db: Db, rows: { courseId: number | null; lessonId: number | null }[]): Promise<Names> {
  return courseAndLessonNames(
    db,
    rows.flatMap((r) => (r.courseId === null ? [] : [r.courseId])),
    rows.flatMap((r) => (r.lessonId === null ? [] : [r.lessonId])),
  );
}

function listConditions(principal: Principal, query: TQaQuestionListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const search = searchQuery(query.q);
  if (search) conditions.push(sql`${qaQuestions.search} @@ to_tsquery('simple', ${search})`);
  if (query.type) conditions.push(eq(qaQuestions.type, query.type));
  if (query.relatedTopic) conditions.push(eq(qaQuestions.relatedTopic, query.relatedTopic));
  if (query.courseId) conditions.push(eq(qaQuestions.courseId, query.courseId));
  if (query.lessonId) conditions.push(eq(qaQuestions.lessonId, query.lessonId));
  if (query.solved) conditions.push(eq(qaQuestions.solved, query.solved === 'true'));
  if (query.mine === 'true') conditions.push(eq(qaQuestions.authorId, principal.id));
  return conditions.length ? and(...conditions) : undefined;
}

const ORDERS: Record<NonNullable<TQaQuestionListQuery['sort']>, SQL[]> = {
  newest: [desc(qaQuestions.id)],
  upvotes: [desc(qaQuestions.upvoteCount), desc(qaQuestions.id)],
  unanswered: [sql`(${qaQuestions.replyCount} > 0) asc`, desc(qaQuestions.id)],
};

/**
 * One page of questions and the filtered total. Three queries whatever the page size: the page's
 * ids with the total (one scan of narrow rows), those questions with their authors, and the
 * course and lesson names (courses module). A page past the end costs one more count.
 */
export async function listQuestions(
  db: Db,
  principal: Principal,
  query: TQaQuestionListQuery,
): Promise<{ rows: TQaQuestionSummary[]; total: number }> {
  const where = listConditions(principal, query);
  const { limit, offset } = pageWindow(query);
  const page = await db
    .select({ id: qaQuestions.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(qaQuestions)
    .where(where)
    .orderBy(...ORDERS[query.sort ?? 'newest'])
    .limit(limit)
    .offset(offset);
  const ids = page.map((row) => row.id);
  const rows = ids.length ? await selectQuestions(db, principal.id).where(inArray(qaQuestions.id, ids)) : [];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const names = await namesOf(db, rows);
  const total =
    page[0]?.total ??
    (offset === 0 ? 0 : ((await db.select({ n: count() }).from(qaQuestions).where(where))[0]?.n ?? 0));
  return { rows: rows.map((row) => toSummary(row, names)), total };
}

/** The question with its replies (oldest first) and what the caller may do: three queries. */
export async function getQuestion(db: Db, principal: Principal, id: number): Promise<TQaQuestionDetail> {
  const [row] = await selectQuestions(db, principal.id).where(eq(qaQuestions.id, id));
  if (!row) throw notFound(QA_MESSAGES.questionNotFound);
  const replyRows = await db
    .select({
      id: qaReplies.id,
      questionId: qaReplies.questionId,
      content: qaReplies.content,
      authorId: qaReplies.authorId,
      authorName: fullNameOf(qaReplies.authorId),
      authorAvatar: avatarOf(qaReplies.authorId),
      createdAt: qaReplies.createdAt,
      editedAt: qaReplies.editedAt,
    })
    .from(qaReplies)
    .where(eq(qaReplies.questionId, id))
    .orderBy(asc(qaReplies.id));
  const names = await namesOf(db, [row]);
  const replies: TQaReply[] = replyRows.map((reply) => {
    const allowed = mayChange(principal, reply.authorId, row.courseId);
    return {
      id: reply.id,
      questionId: reply.questionId,
      content: reply.content,
      author: person(reply.authorId, reply.authorName, reply.authorAvatar),
      createdAt: reply.createdAt.toISOString(),
      editedAt: reply.editedAt?.toISOString() ?? null,
      isSolution: row.solvedReplyId === reply.id,
      canEdit: allowed,
      canDelete: allowed,
    };
  });
  const allowed = mayChange(principal, row.authorId, row.courseId);
  return {
    ...toSummary(row, names),
    description: row.description,
    solvedReplyId: row.solvedReplyId,
    replies,
    canEdit: allowed,
    canDelete: allowed,
    canMarkSolved: allowed,
  };
}

/**
 * The course and lesson a question is about, checked through the courses module: a course
 * question needs an existing course, and its lesson (optional) must belong to that course.
 * Other questions are about no course.
 */
async function placeOf(
  db: Db,
  input: TQaQuestionValues,
): Promise<{ courseId: number | null; lessonId: number | null }> {
  if (input.type === 'OTHER' || !input.courseId) return { courseId: null, lessonId: null };
  const names = await courseAndLessonNames(db, [input.courseId], input.lessonId ? [input.lessonId] : []);
  if (!names.courses.has(input.courseId)) {
    throw badRequest(MESSAGES.courseNotFound, [{ field: 'courseId', message: MESSAGES.courseNotFound }]);
  }
  if (input.lessonId) {
    const lesson = names.lessons.get(input.lessonId);
    if (!lesson)
      throw badRequest(MESSAGES.lessonNotFound, [{ field: 'lessonId', message: MESSAGES.lessonNotFound }]);
    if (lesson.courseId !== input.courseId) {
      throw badRequest(QA_MESSAGES.lessonNotInCourse, [
        { field: 'lessonId', message: QA_MESSAGES.lessonNotInCourse },
      ]);
    }
  }
  return { courseId: input.courseId, lessonId: input.lessonId ?? null };
}

/** A course or lesson deleted between the check and the write: the same field error. */
function translateReferenceError(err: unknown): unknown {
  const info = pgErrorInfo(err);
  if (info?.code !== '23503') return err;
  if (info.constraint?.includes('lesson')) {
    return badRequest(MESSAGES.lessonNotFound, [{ field: 'lessonId', message: MESSAGES.lessonNotFound }]);
  }
  if (info.constraint?.includes('course')) {
    return badRequest(MESSAGES.courseNotFound, [{ field: 'courseId', message: MESSAGES.courseNotFound }]);
  }
  return err;
}

export async function createQuestion(
  db: Db,
  principal: Principal,
  input: TQaQuestionValues,
): Promise<TQaQuestionDetail> {
  const place = await placeOf(db, input);
  let id: number;
  try {
    const [row] = await db
      .insert(qaQuestions)
      .values({
        title: input.title,
        description: input.description,
        type: input.type,
        relatedTopic: input.relatedTopic,
        ...place,
        authorId: principal.id,
      })
      .returning({ id: qaQuestions.id });
    if (!row) throw new Error('question insert returned nothing');
    id = row.id;
  } catch (err) {
    throw translateReferenceError(err);
  }
  return getQuestion(db, principal, id);
}

const ownerColumns = {
  authorId: qaQuestions.authorId,
  courseId: qaQuestions.courseId,
  title: qaQuestions.title,
  solvedReplyId: qaQuestions.solvedReplyId,
};

/** The fields the permission checks need; 404 when the question does not exist. */
export async function questionOwner(db: Db, id: number) {
  const [row] = await db.select(ownerColumns).from(qaQuestions).where(eq(qaQuestions.id, id));
  if (!row) throw notFound(QA_MESSAGES.questionNotFound);
  return row;
}

/**
 * The same, locking the question row until the transaction ends (FOR NO KEY UPDATE: other
 * writers of the question wait, while rows that merely reference it can still be added).
 */
export async function lockQuestion(tx: Db, id: number) {
  const [row] = await tx
    .select(ownerColumns)
    .from(qaQuestions)
    .where(eq(qaQuestions.id, id))
    .for('no key update');
  if (!row) throw notFound(QA_MESSAGES.questionNotFound);
  return row;
}

export async function updateQuestion(
  db: Db,
  principal: Principal,
  id: number,
  input: TQaQuestionValues,
): Promise<TQaQuestionDetail> {
  const owner = await questionOwner(db, id);
  if (!mayChange(principal, owner.authorId, owner.courseId)) {
    throw forbidden(forbiddenMessage(QA_DENIED.editQuestion));
  }
  const place = await placeOf(db, input);
  try {
    const [row] = await db
      .update(qaQuestions)
      .set({
        title: input.title,
        description: input.description,
        type: input.type,
        relatedTopic: input.relatedTopic,
        ...place,
        editedAt: new Date(),
      })
      .where(eq(qaQuestions.id, id))
      .returning({ id: qaQuestions.id });
    if (!row) throw notFound(QA_MESSAGES.questionNotFound);
  } catch (err) {
    throw translateReferenceError(err);
  }
  return getQuestion(db, principal, id);
}

/** Deletes the question with its replies and upvotes (foreign keys cascade) and its notifications. */
export async function deleteQuestion(db: Db, principal: Principal, id: number): Promise<void> {
  const owner = await questionOwner(db, id);
  if (!mayChange(principal, owner.authorId, owner.courseId)) {
    throw forbidden(forbiddenMessage(QA_DENIED.deleteQuestion));
  }
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(qaQuestions)
      .where(eq(qaQuestions.id, id))
      .returning({ id: qaQuestions.id });
    if (deleted.length === 0) throw notFound(QA_MESSAGES.questionNotFound);
    await forgetNotifications(tx, { subject: qaQuestionSubject(id) });
  });
}

/**
 * Toggles the caller's upvote. One transaction: the question row is locked first (FOR NO KEY
 * UPDATE, so replies can still be added), which queues concurrent toggles of the same question;
 * the upvote row is added (or, when it exists, removed); then the count is recomputed from the
 * rows. Each statement sees every toggle committed before the lock was granted, so the count
 * is exact under any number of concurrent toggles (and heals if rows ever vanished otherwise).
 */
export async function toggleUpvote(
  db: Db,
  principal: Principal,
  questionId: number,
): Promise<TQaUpvoteResult> {
  return db.transaction(async (tx) => {
    await lockQuestion(tx, questionId);
    const mine = and(eq(qaUpvotes.questionId, questionId), eq(qaUpvotes.userId, principal.id));
    const removed = await tx.delete(qaUpvotes).where(mine).returning({ userId: qaUpvotes.userId });
    const upvoted = removed.length === 0;
    if (upvoted) await tx.insert(qaUpvotes).values({ questionId, userId: principal.id });
    const [row] = await tx
      .update(qaQuestions)
      .set({
        upvoteCount: sql`(select count(*)::int from ${qaUpvotes} where ${qaUpvotes.questionId} = ${questionId})`,
      })
      .where(eq(qaQuestions.id, questionId))
      .returning({ upvotes: qaQuestions.upvoteCount });
    return { upvoted, upvotes: row?.upvotes ?? 0 };
  });
}

/**
 * Marks the question solved (optionally naming the reply that solved it) or not solved again:
 * its author or a moderator.
 */
export async function setSolved(
  db: Db,
  principal: Principal,
  id: number,
  input: { solved: boolean; replyId?: number | null },
): Promise<TQaQuestionDetail> {
  const replyId = input.solved ? (input.replyId ?? null) : null;
  await db.transaction(async (tx) => {
    // Locked so that the chosen reply cannot be deleted meanwhile (deleting one locks it too).
    const owner = await lockQuestion(tx, id);
    if (!mayChange(principal, owner.authorId, owner.courseId)) {
      throw forbidden(forbiddenMessage(QA_DENIED.markSolved));
    }
    if (replyId !== null) {
      const [reply] = await tx
        .select({ questionId: qaReplies.questionId })
        .from(qaReplies)
        .where(eq(qaReplies.id, replyId));
      if (reply?.questionId !== id) {
        const message = reply ? QA_MESSAGES.replyNotInQuestion : QA_MESSAGES.replyNotFound;
        throw badRequest(message, [{ field: 'replyId', message }]);
      }
    }
    await tx
      .update(qaQuestions)
      .set({ solved: input.solved, solvedReplyId: replyId })
      .where(eq(qaQuestions.id, id));
  });
  return getQuestion(db, principal, id);
}
