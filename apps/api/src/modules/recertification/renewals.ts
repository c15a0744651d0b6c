import type { Db } from '../../platform/db/client';
import { assignForRecertification } from '../assignments';
import { renewalsDue } from '../certificates';
import { restartStandings } from '../exams';
import { endCycles } from '../study';

/** How many certificates one transaction takes (a pass repeats until none is left). */
const BATCH = 100;

export type RecertificationOutcome = { opened: number };

/**
 * One recertification pass (decision 105): for every certificate whose window has opened, the
 * holder's next cycle of the course starts, in ONE transaction per batch: the certificates are
 * claimed (marked, locked, SKIP LOCKED: another process's pass takes other rows), the holder's
 * cycle of the course ends (its result kept, its lesson progress moved into history: study), their
 * exams of the course are given back (exams), and the course is assigned to them again, due on the
 * expiry day (assignments). A failure rolls the whole batch back, claims included, for the next
 * pass. A certificate is claimed once; ending a cycle happens once (study's key), so a cycle
 * opens exactly once however many passes run, at once or one after the other. `target.userId`:
 * only that learner's certificates (when they open "Assigned to me", before the next pass).
 */
export async function runRecertification(
  db: Db,
  settings: { timeZone: string },
  now: Date,
  target: { userId?: number } = {},
): Promise<RecertificationOutcome> {
  let opened = 0;
  for (;;) {
    const { claimed, started } = await db.transaction(async (tx) => {
      const due = await renewalsDue(tx, settings, now, BATCH, target.userId);
      const ended = await endCycles(
        tx,
        due.map(({ userId, courseId, cycle }) => ({ userId, courseId, cycle })),
        now,
      );
      const expiry = new Map(due.map((d) => [`${d.userId}:${d.courseId}`, d.expiresAt]));
      await restartStandings(tx, ended, now);
      await assignForRecertification(
        tx,
        settings.timeZone,
        ended.map(({ userId, courseId }) => ({
          userId,
          courseId,
          expiresAt: expiry.get(`${userId}:${courseId}`) ?? now,
        })),
        now,
      );
      return { claimed: due.length, started: ended.length };
    });
    opened += started;
    if (claimed < BATCH) return { opened };
  }
}
