import { EXAM_TIMING } from '@academy/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client';
import { closeExpiredAttempts } from './attempts';
import type { Clock } from './clock';
import type { ExamEvents } from './events';

/** How often the closing job runs; 0 turns it off (tests that drive it by hand). */
export const EXAM_CLOSER = { everyMs: EXAM_TIMING.closeJobSeconds * 1000 };

/**
 * Closes attempts left open past their deadline and grace (the learner closed the tab, lost the
 * connection…) as failed, while the app is up. It never keeps the process alive; with several API
 * processes each runs it, and the row locks make sure an attempt is closed once.
 */
export function scheduleExamCloser(app: FastifyInstance, db: Db, events: ExamEvents, clock: Clock): void {
  if (EXAM_CLOSER.everyMs <= 0) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = closeExpiredAttempts(db, events, clock())
      .then((closed) => {
        if (closed > 0) app.log.info({ closed }, 'closed expired exam attempts');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'closing expired exam attempts failed'))
      .finally(() => {
        running = undefined;
      });
  }, EXAM_CLOSER.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
