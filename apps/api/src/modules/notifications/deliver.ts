import { NOTIFICATION_DEFAULTS, type NotificationKind } from '@academy/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import type { Mailer } from '../../platform/mail';
import { mailboxOf } from '../users';
import { notificationMail } from './mails';
import { notificationPreferences, notifications } from './tables';

export type DeliveryDeps = { db: Db; mailer: Mailer; log: FastifyBaseLogger };

/**
 * Claims undelivered notifications for delivery jobs: those never queued, or queued longer ago
 * than `lostAfterMs` (a job lost with its worker). Marks them queued and returns their ids; rows
 * another sweep is claiming are skipped.
 */
export async function claimUndelivered(
  db: Db,
  now: Date,
  lostAfterMs: number,
  limit = 500,
): Promise<number[]> {
  const before = new Date(now.getTime() - lostAfterMs).toISOString();
  const result = await db.execute(sql`
    update ${notifications} set queued_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from ${notifications}
      where delivered_at is null and (queued_at is null or queued_at < ${before}::timestamptz)
      order by id limit ${limit}
      for update skip locked)
    returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * Delivers one notification, once: the row is claimed (`delivered_at` set where it was null)
 * together with the person's choice for its kind, in one transaction, so a job that runs twice —
 * retried, or queued twice by sweeps — finds it claimed and does nothing. Shown in the product
 * from then on when they want it in-app; the mail goes after the claim commits and is never
 * retried (a failure is recorded and logged): at most one mail.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ deliveredAt: now })
      .where(and(eq(notifications.id, id), isNull(notifications.deliveredAt)))
      .returning();
    if (!row) return null;
    const kind = row.kind as NotificationKind;
    const [chosen] = await tx
      .select({ inApp: notificationPreferences.inApp, mail: notificationPreferences.mail })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, row.userId), eq(notificationPreferences.kind, kind)));
    const choice = chosen ?? NOTIFICATION_DEFAULTS[kind];
    if (choice.inApp) await tx.update(notifications).set({ inApp: true }).where(eq(notifications.id, id));
    const mailbox = choice.mail ? await mailboxOf(tx, row.userId) : undefined;
    return { row, kind, mailTo: mailbox?.access === 'ALLOWED' ? mailbox.email : null };
  });
  if (!claimed) return false;
  if (claimed.mailTo) {
    const { row, kind } = claimed;
    let state: 'SENT' | 'FAILED' = 'SENT';
    try {
      await deps.mailer.send(notificationMail(claimed.mailTo, kind, row.params, row.url));
    } catch (err) {
      state = 'FAILED';
      deps.log.error({ err, notification: id }, 'could not send a notification mail');
    }
    await deps.db.update(notifications).set({ mailState: state }).where(eq(notifications.id, id));
  }
  return true;
}
