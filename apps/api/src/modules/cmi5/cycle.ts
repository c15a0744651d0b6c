import { type SQL, sql } from 'drizzle-orm';
import { col } from '../../platform/db/sql';
import { lessonFacts } from '../courses';
import { currentCycleSql } from '../study';

/**
 * The learner's current cycle of the lesson's course (study's rule, decision 105), as SQL: a
 * registration belongs to one cycle (decision 123), so this picks the one that counts now.
 */
export function currentCycleOfLessonSql(userId: SQL, lessonId: SQL): SQL<number> {
  const lesson = lessonFacts();
  return currentCycleSql(
    userId,
    sql`(select ${col(lesson.courseId)} from ${lesson} where ${col(lesson.id)} = ${lessonId})`,
  );
}
