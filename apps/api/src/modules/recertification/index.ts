import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { runRecertification } from './renewals';

/**
 * Recertification (issue 24, point 4; decision 105): when a certificate's window opens, its
 * holder's next cycle of the course starts — progress into history, exams given back, the course
 * assigned again until the certificate expires. It composes the certificates, study, exams and
 * assignments modules through their entries and owns no table.
 */
export { type RecertificationOutcome, runRecertification } from './renewals';

/** How often every process's workers look for certificates whose window has opened. */
const RENEW_EVERY_MS = 15 * 60_000;

/** The recertification pass on a timer in every worker process (app.ts calls this once). */
export function wireRecertification(ctx: AppContext, log: FastifyBaseLogger, clock: Clock): void {
  ctx.jobs.onWorkersStart(async () => {
    const outcome = await runRecertification(ctx.db, { timeZone: ctx.config.timeZone }, clock());
    if (outcome.opened) log.info(outcome, 'recertification cycles opened');
  }, RENEW_EVERY_MS);
}
