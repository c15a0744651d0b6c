import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { sharedStatement } from '../../platform/db/prepared';
import { col } from '../../platform/db/sql';
import { roadmapCourseRows } from '../roadmaps';
import type { AssignmentClock } from './clock';
import { COMPLIANCE_REFRESH_EVERY_MS, refreshCompliance } from './compliance';
import { runDigests } from './digests';
import type { AssignmentProgress } from './progress-port';
import { runReminders } from './reminders';
import { resolveAudiences } from './resolve';
import { refreshStanding } from './standing';
import { assignmentPeople, assignments } from './tables';

/** How often every process's workers resolve the rules again (new, moved and stopped people). */
const RESOLVE_EVERY_MS = 5 * 60_000;

/**
 * A learner opened their first lesson of a course: the assignments of that course have started.
 * A shared statement: it runs on the publisher's handle, inside an exam submission's transaction too.
 */
const noteStart = sharedStatement((db) =>
  db
    .update(assignmentPeople)
    .set({ startedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      sql`${col(assignmentPeople.userId)} = ${sql.placeholder('userId')}
        and ${col(assignmentPeople.startedAt)} is null and ${col(assignmentPeople.removedAt)} is null
        and ${col(assignmentPeople.assignmentId)} in (
          select a.id from ${assignments} a
          where a.course_id = ${sql.placeholder('courseId')}
            or a.roadmap_id in (select rc.roadmap_id from (${roadmapCourseRows()}) rc where rc.course_id = ${sql.placeholder('courseId')})
        )`,
    )
    .prepare('assignments_note_start'),
);

/** Resolves every assignment's rules, then looks at the progress of the people it added. */
export async function resolveAll(
  db: Db,
  timeZone: string,
  progress: AssignmentProgress,
  now: Date,
): Promise<{ matched: number; added: number; removed: number }> {
  const outcome = await resolveAudiences(db, timeZone, progress, now);
  await refreshStanding(db, progress, now, { pending: true });
  return outcome;
}

/** Event handlers and the timer of the assignments module (app.ts calls this once). */
export function wireAssignments(
  ctx: AppContext,
  log: FastifyBaseLogger,
  progress: AssignmentProgress,
  clock: AssignmentClock,
): void {
  ctx.events.on('lessonStarted', async (db, { userId, courseId, at }) => {
    await noteStart(db).execute({ userId, courseId, at });
  });
  ctx.events.on('courseCompleted', async (db, { userId, at }) => {
    await refreshStanding(db, progress, at, { userId });
  });
  ctx.jobs.onWorkersStart(async () => {
    const outcome = await resolveAll(ctx.db, ctx.config.timeZone, progress, clock());
    if (outcome.added || outcome.removed) log.info(outcome, 'assignment audiences resolved');
  }, RESOLVE_EVERY_MS);
  // The compliance view's counts (decision 106): at most one process counts at a time, and a
  // process finding them under 50 s old leaves them.
  ctx.jobs.onWorkersStart(async () => {
    await refreshCompliance(ctx.db, clock(), ctx.config.timeZone, COMPLIANCE_REFRESH_EVERY_MS - 10_000);
  }, COMPLIANCE_REFRESH_EVERY_MS);
  // Reminders (decision 103) every REMINDER_EVERY_SECONDS (15 minutes unless set); each occasion is
  // mailed once whatever the rhythm and the number of processes.
  ctx.jobs.onWorkersStart(async () => {
    const outcome = await runReminders(ctx.db, ctx.mailer, log, ctx.config.timeZone, clock());
    if (outcome.sent) log.info(outcome, 'assignment reminders sent');
  }, ctx.config.reminderEveryMs);
  // The progress managers' weekly digest (decision 107): at the first pass of the academy's week,
  // each manager's row is made once and mailed once, whichever process gets it.
  ctx.jobs.onWorkersStart(async () => {
    const outcome = await runDigests(ctx.db, ctx.mailer, log, ctx.config.timeZone, clock());
    if (outcome.sent) log.info(outcome, 'compliance digests sent');
  }, ctx.config.reminderEveryMs);
}
