import { inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { courses, lessons } from './tables';

export type CourseName = { id: number; name: string };
export type LessonName = { id: number; name: string; topicId: number; courseId: number };

/**
 * For modules that refer to courses and lessons (Q&A): the names of the given courses and lessons
 * with each lesson's topic and course, in one query. Unknown ids are simply absent.
 */
export async function courseAndLessonNames(
  db: Db,
  courseIds: readonly number[],
  lessonIds: readonly number[],
): Promise<{ courses: Map<number, CourseName>; lessons: Map<number, LessonName> }> {
  const result = { courses: new Map<number, CourseName>(), lessons: new Map<number, LessonName>() };
  const courseList = [...new Set(courseIds)];
  const lessonList = [...new Set(lessonIds)];
  if (courseList.length === 0 && lessonList.length === 0) return result;
  // `in ()` of an empty list matches nothing; -1 is never an id.
  const courseRows = db
    .select({
      kind: sql<string>`'course'`.as('kind'),
      id: courses.id,
      name: courses.name,
      topicId: sql<number>`0`.as('topic_id'),
      courseId: courses.id,
    })
    .from(courses)
    .where(inArray(courses.id, courseList.length ? courseList : [-1]));
  const lessonRows = db
    .select({
      kind: sql<string>`'lesson'`.as('kind'),
      id: lessons.id,
      name: lessons.name,
      topicId: lessons.topicId,
      courseId: lessons.courseId,
    })
    .from(lessons)
    .where(inArray(lessons.id, lessonList.length ? lessonList : [-1]));
  for (const row of await unionAll(courseRows, lessonRows)) {
    if (row.kind === 'course') result.courses.set(row.id, { id: row.id, name: row.name });
    else
      result.lessons.set(row.id, {
        id: row.id,
        name: row.name,
        topicId: Number(row.topicId),
        courseId: row.courseId,
      });
  }
  return result;
}
