import type { NotificationKind, TNotificationParams } from '@academy/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notifications } from './tables';

/** What happened, for whom to be told: see `notifications` (tables.ts). */
export type NotificationInput = {
  kind: NotificationKind;
  /** Names the cause: one notification per person and key, however often it is published. */
  key: string;
  /** What it is about, for "mark read what is about this" and for forgetting it (a question). */
  subject?: string;
  /** The web app's path to open. */
  url: string;
  params: TNotificationParams;
  actorId?: number | null;
};

function values(input: NotificationInput) {
  return {
    kind: input.kind,
    key: input.key,
    subject: input.subject ?? null,
    url: input.url,
    params: input.params,
    actorId: input.actorId ?? null,
  };
}

/**
 * Records a notification for one person, in the caller's transaction: it exists exactly when
 * what caused it commits. Delivered afterwards by the job queue (deliver.ts). A key already
 * used for that person adds nothing.
 */
export async function notify(db: Db, userId: number, input: NotificationInput): Promise<void> {
  await db
    .insert(notifications)
    .values({ userId, ...values(input) })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] });
}

/** The same for everyone `userIds` selects (a query piece of user ids, e.g. a roadmap's learners). */
export async function notifyEach(db: Db, userIds: SQL, input: NotificationInput): Promise<void> {
  const v = values(input);
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, key, subject, url, params, actor_id)
    select recipient.id, ${v.kind}, ${v.key}, ${v.subject}, ${v.url}, ${JSON.stringify(v.params)}::jsonb, ${v.actorId}::int
    from (${userIds}) as recipient(id)
    on conflict (user_id, key) do nothing`);
}

/** Removes the notifications about a subject (its question was deleted), or one cause's. */
export async function forgetNotifications(db: Db, about: { subject: string; key?: string }): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.subject, about.subject),
        about.key === undefined ? undefined : eq(notifications.key, about.key),
      ),
    );
}
