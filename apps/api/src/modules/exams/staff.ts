import { EXAM_MESSAGES, MESSAGES, type TExamStanding, type TStaffAttempt } from '@academy/contract';
import { and, type Column, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { EVERYTHING, type ManagementScope } from '../../platform/http/scope';
import { lessonNameOf } from '../courses';
import { employeeCodeOf, fullNameOf, userBrief, userWithinSql } from '../users';
import { toSummary } from './attempts';
import type { ExamEvents } from './events';
import { examAttempts, examStandings, fullFlags } from './tables';

/**
 * Staff's side (PROGRESS_MANAGEMENT): learners' attempts and standings, and unlocking. The lists
 * take learners' and lessons' names from the users and courses modules' query pieces, so each is
 * two queries (page + total).
 */

/** Learners outside the caller's management scope are never listed (issue 20). */
type Within = { within?: ManagementScope };

function learnerWithin(filter: Within, userId: Column): SQL | undefined {
  return userWithinSql(filter.within, userId);
}

export type AttemptFilter = Within & { userId?: number; examId?: number; page: number; size: number };

export async function listAttempts(
  db: Db,
  filter: AttemptFilter,
): Promise<{ rows: TStaffAttempt[]; total: number }> {
  const where = and(
    filter.userId ? eq(examAttempts.userId, filter.userId) : undefined,
    filter.examId ? eq(examAttempts.examId, filter.examId) : undefined,
    learnerWithin(filter, examAttempts.userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attempt: examAttempts,
        employeeCode: employeeCodeOf(examAttempts.userId),
        fullName: fullNameOf(examAttempts.userId),
      })
      .from(examAttempts)
      .where(where)
      .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
      .limit(filter.size)
      .offset(filter.page * filter.size),
    db.select({ n: count() }).from(examAttempts).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ attempt, employeeCode, fullName }) => ({
      ...toSummary(attempt),
      userId: attempt.userId,
      employeeCode,
      fullName,
      ip: attempt.ip,
      flags: fullFlags(attempt.flags),
      cheatReason: attempt.cheatReason ?? null,
    })),
  };
}

export type StandingFilter = Within & {
  userId?: number;
  examId?: number;
  locked?: boolean;
  page: number;
  size: number;
};

export async function listStandings(
  db: Db,
  filter: StandingFilter,
): Promise<{ rows: TExamStanding[]; total: number }> {
  const lockedWhere: SQL | undefined =
    filter.locked === undefined
      ? undefined
      : filter.locked
        ? isNotNull(examStandings.lockedAt)
        : isNull(examStandings.lockedAt);
  const where = and(
    filter.userId ? eq(examStandings.userId, filter.userId) : undefined,
    filter.examId ? eq(examStandings.examId, filter.examId) : undefined,
    lockedWhere,
    learnerWithin(filter, examStandings.userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        standing: examStandings,
        employeeCode: employeeCodeOf(examStandings.userId),
        fullName: fullNameOf(examStandings.userId),
        lessonName: lessonNameOf(examStandings.examId),
      })
      .from(examStandings)
      .where(where)
      .orderBy(desc(examStandings.updatedAt), desc(examStandings.userId))
      .limit(filter.size)
      .offset(filter.page * filter.size),
    db.select({ n: count() }).from(examStandings).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ standing, employeeCode, fullName, lessonName }) => ({
      examId: standing.examId,
      lessonName,
      userId: standing.userId,
      employeeCode,
      fullName,
      attempts: standing.attempts,
      failedAttempts: standing.failedAttempts,
      locked: standing.lockedAt !== null,
      lockedAt: standing.lockedAt?.toISOString() ?? null,
      passed: standing.passedAt !== null,
      unlockedAt: standing.unlockedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * POST exams/{id}/unlock: gives a locked learner their attempts back (failures since the unlock
 * count again from zero). Their earlier attempts stay in the history.
 */
export async function unlockExam(
  db: Db,
  events: ExamEvents,
  staffId: number,
  examId: number,
  userId: number,
  now: Date,
  within: ManagementScope = EVERYTHING,
): Promise<TExamStanding> {
  const user = await userBrief(db, userId, within);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const unlocked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(examStandings)
      .set({ failedAttempts: 0, lockedAt: null, unlockedAt: now, unlockedBy: staffId, updatedAt: now })
      .where(
        and(
          eq(examStandings.userId, userId),
          eq(examStandings.examId, examId),
          isNotNull(examStandings.lockedAt),
        ),
      )
      .returning({ userId: examStandings.userId });
    if (row) await events.publish(tx, 'examUnlocked', { userId, examId, at: now, by: staffId });
    return Boolean(row);
  });
  if (!unlocked) throw conflict(EXAM_MESSAGES.notLocked);
  const { rows } = await listStandings(db, { userId, examId, page: 0, size: 1 });
  const standing = rows[0];
  if (!standing) throw notFound(EXAM_MESSAGES.noExam);
  return standing;
}
