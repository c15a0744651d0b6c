import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { courses, lessons, topics } from './tables';

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
      certificateId: courses.certificateId,
      certificateValidityMonths: courses.certificateValidityMonths,
      recertificationWindowDays: courses.recertificationWindowDays,
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

/** Builds the subqueries below without a database handle: they are parts of other queries. */
const pieces = new QueryBuilder();

/**
 * Lesson facts to join by `id` or by `courseId`: a plain subquery over lessons (folded into the
 * outer query by PostgreSQL) with what study's "lesson passed" rule and the reports need.
 */
export function lessonFacts() {
  return pieces
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      name: lessons.name,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
      videoKind: lessons.videoKind,
    })
    .from(lessons)
    .as('lesson_facts');
}

/**
 * Lessons in course order: each lesson with its topic's name and position, to join by `id` or
 * `courseId` and sort by (`topicPosition`, `topicId`, `position`, `id`).
 */
export function lessonOutline() {
  return pieces
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      name: lessons.name,
      position: lessons.position,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
      videoKind: lessons.videoKind,
      topicId: lessons.topicId,
      topicName: sql<string>`${topics.name}`.as('topic_name'),
      topicPosition: sql<number>`${topics.position}`.as('topic_position'),
    })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .as('lesson_outline');
}
