import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type TMarkReadInput,
  type TNotification,
  type TNotificationPreference,
  type TNotificationPreferencesInput,
} from '@academy/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { pageWindow } from '../../platform/http/pagination';
import { avatarOf, fullNameOf } from '../users';
import { notificationPreferences, notifications } from './tables';

/** What the person sees: delivered, wanted in the product. */
const shown = (userId: number): SQL[] => [eq(notifications.userId, userId), eq(notifications.inApp, true)];

/** The caller's notifications, newest first, with the filtered total: one query (two past the end). */
export async function listNotifications(
  db: Db,
  userId: number,
  query: { page: number; size: number; unread?: 'true' | 'false' | undefined },
): Promise<{ rows: TNotification[]; total: number }> {
  const conditions = shown(userId);
  if (query.unread === 'true') conditions.push(isNull(notifications.readAt));
  if (query.unread === 'false') conditions.push(sql`${notifications.readAt} is not null`);
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      url: notifications.url,
      actorId: notifications.actorId,
      actorName: fullNameOf(notifications.actorId),
      actorAvatar: avatarOf(notifications.actorId),
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(notifications)
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
      params: row.params,
      url: row.url,
      actor:
        row.actorId !== null && row.actorName !== null
          ? { id: row.actorId, fullName: row.actorName, avatar: row.actorAvatar }
          : null,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    total,
  };
}

/** How many of the caller's notifications are unread (partial index on unread rows). */
export async function unreadNotifications(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(...shown(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the given notifications, those about one subject, or (neither given) all as read. */
export async function markNotificationsRead(db: Db, userId: number, input: TMarkReadInput): Promise<number> {
  const conditions = [...shown(userId), isNull(notifications.readAt)];
  if (input?.ids) conditions.push(inArray(notifications.id, input.ids.length ? input.ids : [-1]));
  if (input?.subject) conditions.push(eq(notifications.subject, input.subject));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions));
  return unreadNotifications(db, userId);
}

/** Every kind with the caller's choice (the default where they made none). */
export async function preferencesOf(db: Db, userId: number): Promise<TNotificationPreference[]> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    return { kind, ...(row ? { inApp: row.inApp, mail: row.mail } : NOTIFICATION_DEFAULTS[kind]) };
  });
}

/** Saves the given kinds' choices (one statement), then answers every kind. */
export async function savePreferences(
  db: Db,
  userId: number,
  input: TNotificationPreferencesInput,
): Promise<TNotificationPreference[]> {
  const now = new Date();
  await db
    .insert(notificationPreferences)
    .values(input.map((p) => ({ userId, kind: p.kind, inApp: p.inApp, mail: p.mail, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, mail: sql`excluded.mail`, updatedAt: now },
    });
  return preferencesOf(db, userId);
}
