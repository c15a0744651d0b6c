import { EXAM_MESSAGES, MESSAGES, type TExamAccommodation } from '@academy/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { EVERYTHING, type ManagementScope } from '../../platform/http/scope';
import { lessonExamInfo, lessonNameOf } from '../courses';
import { employeeCodeOf, fullNameOf, userBrief, userWithinSql } from '../users';
import type { ExamEvents } from './events';
import { learnerMaxFailed } from './rules';
import { examAccommodations, examStandings, exams } from './tables';

/**
 * Per-learner accommodations (decision 88): staff who manage progress give one learner extra time
 * (a percentage of the time limit) or extra failed attempts before the lock in one exam. The
 * attempts module reads them when an attempt starts; giving extra attempts to a locked learner
 * whose failures are then under the limit opens the exam again.
 */

type Within = { within?: ManagementScope };
export type AccommodationFilter = Within & { examId?: number; userId?: number; page: number; size: number };

export async function listAccommodations(
  db: Db,
  filter: AccommodationFilter,
): Promise<{ rows: TExamAccommodation[]; total: number }> {
  const where: SQL | undefined = and(
    filter.examId ? eq(examAccommodations.examId, filter.examId) : undefined,
    filter.userId ? eq(examAccommodations.userId, filter.userId) : undefined,
    userWithinSql(filter.within, examAccommodations.userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: examAccommodations,
        employeeCode: employeeCodeOf(examAccommodations.userId),
        fullName: fullNameOf(examAccommodations.userId),
        lessonName: lessonNameOf(examAccommodations.examId),
      })
      .from(examAccommodations)
      .where(where)
      .orderBy(desc(examAccommodations.updatedAt), desc(examAccommodations.userId))
      .limit(filter.size)
      .offset(filter.page * filter.size),
    db.select({ n: count() }).from(examAccommodations).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ row, employeeCode, fullName, lessonName }) => ({
      examId: row.examId,
      lessonName,
      userId: row.userId,
      employeeCode,
      fullName,
      extraTimePercent: row.extraTimePercent,
      extraAttempts: row.extraAttempts,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** The learner (within the caller's scope) and the exam, or 404. */
async function learnerAndExam(db: Db, examId: number, userId: number, within: ManagementScope) {
  const [user, lesson, [exam]] = await Promise.all([
    userBrief(db, userId, within),
    lessonExamInfo(db, examId).catch(() => null),
    db.select({ lessonId: exams.lessonId }).from(exams).where(eq(exams.lessonId, examId)),
  ]);
  if (!user) throw notFound(MESSAGES.userNotFound);
  if (!lesson || !exam) throw notFound(EXAM_MESSAGES.noExam);
  return lesson;
}

/**
 * PUT exams/{id}/accommodations: sets one learner's accommodation. When the
 * learner is locked and their failures are under the new limit, the exam opens again for them.
 */
export async function setAccommodation(
  db: Db,
  events: ExamEvents,
  staffId: number,
  examId: number,
  input: { userId: number; extraTimePercent: number; extraAttempts: number },
  now: Date,
  within: ManagementScope = EVERYTHING,
): Promise<TExamAccommodation> {
  const lesson = await learnerAndExam(db, examId, input.userId, within);
  const { userId, extraTimePercent, extraAttempts } = input;
  await db.transaction(async (tx) => {
    const [standing] = await tx
      .select({ failedAttempts: examStandings.failedAttempts, lockedAt: examStandings.lockedAt })
      .from(examStandings)
      .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId)))
      .for('update');
    await tx
      .insert(examAccommodations)
      .values({ userId, examId, extraTimePercent, extraAttempts, grantedBy: staffId, updatedAt: now })
      .onConflictDoUpdate({
        target: [examAccommodations.userId, examAccommodations.examId],
        set: { extraTimePercent, extraAttempts, grantedBy: staffId, updatedAt: now },
      });
    const limit = learnerMaxFailed(lesson.maxFailedAttempts, extraAttempts);
    if (standing?.lockedAt && (limit === 0 || standing.failedAttempts < limit)) {
      await tx
        .update(examStandings)
        .set({ lockedAt: null, unlockedAt: now, unlockedBy: staffId, updatedAt: now })
        .where(and(eq(examStandings.userId, userId), eq(examStandings.examId, examId)));
      await events.publish(tx, 'examUnlocked', { userId, examId, at: now, by: staffId });
    }
  });
  const { rows } = await listAccommodations(db, { examId, userId, page: 0, size: 1 });
  const saved = rows[0];
  if (!saved) throw notFound(EXAM_MESSAGES.noAccommodation);
  return saved;
}

/** DELETE exams/{id}/accommodations/{userId}: back to the exam's own time and attempts. */
export async function removeAccommodation(
  db: Db,
  examId: number,
  userId: number,
  within: ManagementScope = EVERYTHING,
): Promise<void> {
  const user = await userBrief(db, userId, within);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const removed = await db
    .delete(examAccommodations)
    .where(and(eq(examAccommodations.userId, userId), eq(examAccommodations.examId, examId)))
    .returning({ userId: examAccommodations.userId });
  if (removed.length === 0) throw notFound(EXAM_MESSAGES.noAccommodation);
}
