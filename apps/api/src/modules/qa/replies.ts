import {
  forbiddenMessage,
  QA_DENIED,
  QA_MESSAGES,
  qaQuestionSubject,
  type TQaReply,
} from '@academy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import { forbidden, notFound } from '../../platform/http/errors';
import { forgetNotifications, notify } from '../notifications';
import { avatarOf, fullNameOf } from '../users';
import { lockQuestion, person, questionOwner } from './questions';
import { excerptOf, mayChange } from './rules';
import { qaQuestions, qaReplies } from './tables';

/** One reply as the caller sees it (with what they may do): one query. */
async function readReply(db: Db, principal: Principal, id: number): Promise<TQaReply> {
  const [row] = await db
    .select({
      id: qaReplies.id,
      questionId: qaReplies.questionId,
      content: qaReplies.content,
      authorId: qaReplies.authorId,
      authorName: fullNameOf(qaReplies.authorId),
      authorAvatar: avatarOf(qaReplies.authorId),
      createdAt: qaReplies.createdAt,
      editedAt: qaReplies.editedAt,
      courseId: qaQuestions.courseId,
      solvedReplyId: qaQuestions.solvedReplyId,
    })
    .from(qaReplies)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaReplies.questionId))
    .where(eq(qaReplies.id, id));
  if (!row) throw notFound(QA_MESSAGES.replyNotFound);
  const allowed = mayChange(principal, row.authorId, row.courseId);
  return {
    id: row.id,
    questionId: row.questionId,
    content: row.content,
    author: person(row.authorId, row.authorName, row.authorAvatar),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    isSolution: row.solvedReplyId === row.id,
    canEdit: allowed,
    canDelete: allowed,
  };
}

/**
 * Adds a reply. One transaction: the question is locked, the reply added, the reply count and
 * last activity updated and, when someone other than the asker replies, the asker notified (the
 * notifications module delivers it in the product and by mail, as the asker chose).
 */
export async function addReply(
  db: Db,
  principal: Principal,
  questionId: number,
  content: string,
): Promise<TQaReply> {
  const reply = await db.transaction(async (tx) => {
    const question = await lockQuestion(tx, questionId);
    const [reply] = await tx
      .insert(qaReplies)
      .values({ questionId, authorId: principal.id, content })
      .returning();
    if (!reply) throw new Error('reply insert returned nothing');
    await tx
      .update(qaQuestions)
      .set({ replyCount: sql`${qaQuestions.replyCount} + 1`, lastActivityAt: new Date() })
      .where(eq(qaQuestions.id, questionId));
    if (question.authorId !== null && question.authorId !== principal.id) {
      await notify(tx, question.authorId, {
        kind: 'QA_REPLY',
        key: `qa-reply:${reply.id}`,
        subject: qaQuestionSubject(questionId),
        url: `/training-academy/qa/${questionId}`,
        params: {
          title: question.title,
          excerpt: excerptOf(content, 160),
          name: principal.fullName ?? principal.employeeCode,
        },
        actorId: principal.id,
      });
    }
    return reply;
  });
  return readReply(db, principal, reply.id);
}

async function replyOwner(db: Db, id: number) {
  const [row] = await db
    .select({ authorId: qaReplies.authorId, questionId: qaReplies.questionId })
    .from(qaReplies)
    .where(eq(qaReplies.id, id));
  if (!row) throw notFound(QA_MESSAGES.replyNotFound);
  return row;
}

/** Edits a reply: its author or a moderator of the question's course. */
export async function updateReply(
  db: Db,
  principal: Principal,
  id: number,
  content: string,
): Promise<TQaReply> {
  const owner = await replyOwner(db, id);
  const question = await questionOwner(db, owner.questionId);
  if (!mayChange(principal, owner.authorId, question.courseId)) {
    throw forbidden(forbiddenMessage(QA_DENIED.editReply));
  }
  const [row] = await db
    .update(qaReplies)
    .set({ content, editedAt: new Date() })
    .where(eq(qaReplies.id, id))
    .returning({ id: qaReplies.id });
  if (!row) throw notFound(QA_MESSAGES.replyNotFound);
  return readReply(db, principal, id);
}

/**
 * Deletes a reply: its author or a moderator. One transaction with the reply count; when it was
 * the reply that solved the question, the question stays solved without a chosen reply.
 */
export async function deleteReply(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await replyOwner(tx, id);
    const question = await lockQuestion(tx, owner.questionId);
    if (!mayChange(principal, owner.authorId, question.courseId)) {
      throw forbidden(forbiddenMessage(QA_DENIED.deleteReply));
    }
    const deleted = await tx
      .delete(qaReplies)
      .where(and(eq(qaReplies.id, id), eq(qaReplies.questionId, owner.questionId)))
      .returning({ id: qaReplies.id });
    if (deleted.length === 0) throw notFound(QA_MESSAGES.replyNotFound);
    await forgetNotifications(tx, { subject: qaQuestionSubject(owner.questionId), key: `qa-reply:${id}` });
    await tx
      .update(qaQuestions)
      .set({
        replyCount: sql`greatest(${qaQuestions.replyCount} - 1, 0)`,
        solvedReplyId: sql`nullif(${qaQuestions.solvedReplyId}, ${id})`,
      })
      .where(eq(qaQuestions.id, owner.questionId));
  });
}
