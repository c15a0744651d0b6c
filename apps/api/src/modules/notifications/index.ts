/**
 * Notifications (issue 22, point 4): recorded by `notify` in the transaction of what caused them
 * (Q&A calls it; the other kinds come from app events), delivered once by the job queue, in the
 * product and by mail as each person chooses per kind.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { claimUndelivered, deliverNotification } from './deliver';
import { notificationHandlers } from './handlers';

export { deliverNotification } from './deliver';
export { forgetNotifications, type NotificationInput, notify, notifyEach } from './notify';
export { notificationRoutes } from './routes';

/** The queue of the job that delivers one notification. */
export const DELIVER_QUEUE = 'notifications.deliver';
/** How often undelivered notifications are queued, and when a queued one counts as lost. */
export const NOTIFICATION_SWEEP = { everyMs: 2_000, lostAfterMs: 5 * 60_000 };

export function wireNotifications(ctx: AppContext, log: FastifyBaseLogger): void {
  const handlers = notificationHandlers(log);
  ctx.events.on('certificateIssued', handlers.certificateIssued);
  ctx.events.on('examLocked', handlers.examLocked);
  ctx.events.on('examUnlocked', handlers.examUnlocked);
  ctx.events.on('roadmapCoursesAdded', handlers.roadmapCoursesAdded);
  ctx.events.on('assignmentDue', handlers.assignmentDue);
  const deps = { db: ctx.db, mailer: ctx.mailer, log };
  ctx.jobs.define<{ id: number }>(
    DELIVER_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 120 },
    async (job) => {
      await deliverNotification(deps, job.data.id);
    },
    { concurrency: 2 },
  );
  ctx.jobs.onWorkersStart(async () => {
    const ids = await claimUndelivered(ctx.db, new Date(), NOTIFICATION_SWEEP.lostAfterMs);
    for (const id of ids) await ctx.jobs.send(DELIVER_QUEUE, { id });
  }, NOTIFICATION_SWEEP.everyMs);
}
