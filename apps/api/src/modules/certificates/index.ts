import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { claimPending, completionListener, renderIssued } from './issue';

export { certificateStatus, certificatesOf } from './issue';
export { type RenewalDue, renewalsDue } from './renewals';
export { type CertificateRouteOptions, certificateRoutes } from './routes';

/** The queue of the job that renders an issued certificate's PDF. */
export const RENDER_QUEUE = 'certificates.render';
/** How often the sweep looks for certificates without a PDF, and when a queued render counts as lost. */
export const CERTIFICATE_SWEEP = { everyMs: 5_000, lostAfterMs: 5 * 60_000 };

/**
 * What the certificates module does besides answering requests: issues a certificate when a
 * course is completed (in the completing transaction; its issue time and expiry from the academy's
 * clock), and renders issued certificates' PDFs in a
 * job, with a sweep that queues the ones without a file.
 */
export function wireCertificates(ctx: AppContext, log: FastifyBaseLogger, clock: Clock): void {
  ctx.events.on(
    'courseCompleted',
    completionListener(log, ctx.events, { timeZone: ctx.config.timeZone, clock }),
  );
  ctx.jobs.define<{ id: number }>(
    RENDER_QUEUE,
    { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300 },
    async (job) => {
      await renderIssued(ctx.db, ctx.storage, job.data.id);
    },
    { concurrency: 2 },
  );
  ctx.jobs.onWorkersStart(async () => {
    const ids = await claimPending(ctx.db, new Date(), CERTIFICATE_SWEEP.lostAfterMs);
    for (const id of ids) await ctx.jobs.send(RENDER_QUEUE, { id });
  }, CERTIFICATE_SWEEP.everyMs);
}

export { certificateOfCompletion } from './completion-piece';
export { currentCertificateExpiriesSql } from './expiry-piece';
