import { type SQL, sql } from 'drizzle-orm';
import { type FuzzyTerm, fuzzyMatch, fuzzyRank, type SearchPiece } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { serviceNameOf } from '../org';
import { courses, lessonDocuments, lessons } from './tables';

/** The search box's courses (every course is public: its page is open to visitors, SPEC §2). */
export function courseSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  return sql`(select 'course'::text as kind, ${col(courses.id)} as id, ${col(courses.name)}::text as title,
      '/training-academy/course/' || ${col(courses.id)} as url,
      coalesce(${serviceNameOf(courses.serviceId)}, '')::text as snippet,
      ${fuzzyRank(courses.name, term)}::real as rank
    from ${courses} where ${fuzzyMatch(courses.name, term)}
    order by rank desc, id desc limit ${limit})`;
}

function lessonUrl(): SQL {
  return sql`'/training-academy/course/' || ${col(lessons.courseId)} || '/topic/' || ${col(lessons.topicId)} || '?lesson=' || ${col(lessons.id)}`;
}

/** Lessons by name (the course tree's names are shown to every learner, locked or not). */
export function lessonSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  return sql`(select 'lesson'::text as kind, ${col(lessons.id)} as id, ${col(lessons.name)}::text as title,
      ${lessonUrl()} as url, ${col(courses.name)}::text as snippet,
      ${fuzzyRank(lessons.name, term)}::real as rank
    from ${lessons} join ${courses} on ${col(courses.id)} = ${col(lessons.courseId)}
    where ${fuzzyMatch(lessons.name, term)}
    order by rank desc, id desc limit ${limit})`;
}

/**
 * Lesson documents by file name, of the lessons `visible(lessonId)` allows (a locked lesson's
 * documents are not shown to a learner: GET lessons/{id} gives them only once it is unlocked).
 */
export function documentSearchSql(
  term: FuzzyTerm,
  limit: number,
  visible: ((lessonId: SQL) => SQL) | undefined,
): SearchPiece {
  const lessonId = col(lessonDocuments.lessonId);
  return sql`(select 'document'::text as kind, ${col(lessonDocuments.id)} as id,
      ${col(lessonDocuments.originalName)}::text as title, ${lessonUrl()} as url,
      (${col(lessons.name)} || ' · ' || ${col(courses.name)})::text as snippet,
      ${fuzzyRank(lessonDocuments.originalName, term)}::real as rank
    from ${lessonDocuments}
    join ${lessons} on ${col(lessons.id)} = ${lessonId}
    join ${courses} on ${col(courses.id)} = ${col(lessons.courseId)}
    where ${fuzzyMatch(lessonDocuments.originalName, term)}${visible ? sql` and ${visible(lessonId)}` : sql``}
    order by rank desc, id desc limit ${limit})`;
}
