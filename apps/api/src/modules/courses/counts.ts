import { MESSAGES } from '@academy/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import { courses, lessons, topics } from './tables';

/**
 * Locks a course row for the rest of the transaction: every change to a course's topics and
 * lessons takes this lock first, so the counts below are computed one change at a time.
 */
export async function lockCourse(tx: Db, courseId: number): Promise<void> {
  const [row] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update');
  if (!row) throw notFound(MESSAGES.courseNotFound);
}

/**
 * Recomputes the topic and lesson counts and the total minimum study time that courses carry
 * (so that every course list reads them without counting). One statement.
 */
export async function refreshCourseCounts(db: Db, which: SQL): Promise<void> {
  await db
    .update(courses)
    .set({
      topicCount: sql`(select count(*)::int from ${topics} where ${col(topics.courseId)} = ${col(courses.id)})`,
      lessonCount: sql`(select count(*)::int from ${lessons} where ${col(lessons.courseId)} = ${col(courses.id)})`,
      totalStudyMinutes: sql`(select coalesce(sum(${col(lessons.minStudyMinutes)}), 0)::int from ${lessons} where ${col(lessons.courseId)} = ${col(courses.id)})`,
    })
    .where(which);
}

export function refreshCountsOf(db: Db, courseId: number): Promise<void> {
  return refreshCourseCounts(db, eq(courses.id, courseId));
}
