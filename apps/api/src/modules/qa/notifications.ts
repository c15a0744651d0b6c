import type { NotificationKind, TNotification, TQaMarkReadInput } from '@academy/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import { pageWindow } from '../../platform/http/pagination';
import { avatarOf, fullNameOf } from '../users';
import { person } from './questions';
import { excerptOf } from './rules';
import { notifications, qaQuestions, qaReplies } from './tables';

/** The caller's notifications, newest first, with the filtered total: one query (two past the end). */
export async function listNotifications(
  db: Db,
  principal: Principal,
  query: { page: number; size: number; unread?: 'true' | 'false' },
): Promise<{ rows: TNotification[]; total: number }> {
  const conditions: SQL[] = [eq(notifications.userId, principal.id)];
  if (query.unread === 'true') conditions.push(isNull(notifications.readAt));
  if (query.unread === 'false') conditions.push(sql`${notifications.readAt} is not null`);
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      questionId: notifications.questionId,
      questionTitle: qaQuestions.title,
      replyId: notifications.replyId,
      replyContent: qaReplies.content,
      actorId: notifications.actorId,
      actorName: fullNameOf(notifications.actorId),
      actorAvatar: avatarOf(notifications.actorId),
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(notifications)
    .innerJoin(qaQuestions, eq(qaQuestions.id, notifications.questionId))
    .leftJoin(qaReplies, eq(qaReplies.id, notifications.replyId))
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0 ? 0 : ((await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0));
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      questionId: row.questionId,
      questionTitle: row.questionTitle,
      replyId: row.replyId,
      actor: person(row.actorId, row.actorName, row.actorAvatar),
      excerpt: row.replyContent ? excerptOf(row.replyContent, 160) : '',
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    total,
  };
}

/** How many of the caller's notifications are unread (partial index on unread rows). */
export async function unreadNotifications(db: Db, principal: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, principal.id), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the given notifications, those of one question, or (neither given) all as read. */
export async function markNotificationsRead(
  db: Db,
  principal: Principal,
  input: TQaMarkReadInput,
): Promise<number> {
  const conditions: SQL[] = [eq(notifications.userId, principal.id), isNull(notifications.readAt)];
  if (input.ids) conditions.push(inArray(notifications.id, input.ids.length ? input.ids : [-1]));
  if (input.questionId) conditions.push(eq(notifications.questionId, input.questionId));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions));
  return unreadNotifications(db, principal);
}
