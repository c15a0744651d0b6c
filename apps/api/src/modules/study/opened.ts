import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonProgress } from './tables';

/**
 * Query piece: a select of the `lesson_id`s the learner has opened (a progress row exists from the
 * first opening, which needs the lesson unlocked). The search shows a lesson's documents only
 * then, as GET lessons/{id} gives them only for an unlocked lesson. Read from the primary key
 * (user_id, lesson_id).
 */
export function openedLessonIdsSql(userId: number): SQL {
  return sql`select ${col(lessonProgress.lessonId)} from ${lessonProgress} where ${col(lessonProgress.userId)} = ${userId}`;
}
