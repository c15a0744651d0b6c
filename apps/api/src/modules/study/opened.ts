import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonProgress } from './tables';

/**
 * Query piece: the learner has opened the lesson in `lessonId` (a progress row exists from the
 * first opening, which needs the lesson unlocked). The search shows a lesson's documents only
 * then, as GET lessons/{id} gives them only for an unlocked lesson.
 */
export function openedLessonSql(userId: number): (lessonId: SQL) => SQL {
  return (lessonId) =>
    sql`exists (select 1 from ${lessonProgress} where ${col(lessonProgress.userId)} = ${userId} and ${col(lessonProgress.lessonId)} = ${lessonId})`;
}
