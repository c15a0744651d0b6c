import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { courses, lessons } from './tables';

/**
 * Course data inside other modules' queries, so their lists and reports stay one query without
 * reading the courses module's tables themselves.
 */

/** Course facts to join by `id`: a plain subquery over courses, which PostgreSQL folds into the outer query. */
export function courseFacts(db: Db) {
  return db
    .select({
      id: courses.id,
      name: courses.name,
      imageUrl: courses.imageUrl,
      lessonCount: courses.lessonCount,
      mustCompleteBeforeNext: courses.mustCompleteBeforeNext,
    })
    .from(courses)
    .as('course_facts');
}

/** The ids among `ids` that are courses, as one array column. */
export function existingCourseIdsSql(ids: number[]): SQL<number[]> {
  return sql<
    number[]
  >`coalesce((select array_agg(${col(courses.id)}) from ${courses} where ${inArray(col(courses.id), ids)}), '{}')`;
}

/** How many courses grant the certificate in `certificateId`. */
export function coursesGrantingCount(certificateId: Column): SQL<number> {
  return sql<number>`(select count(*)::int from ${courses} where ${col(courses.certificateId)} = ${col(certificateId)})`;
}

/** The name of the lesson in `lessonId`. */
export function lessonNameOf(lessonId: Column): SQL<string> {
  return sql<string>`(select ${col(lessons.name)} from ${lessons} where ${col(lessons.id)} = ${col(lessonId)})`;
}
