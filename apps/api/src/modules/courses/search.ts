import { type SQL, sql } from 'drizzle-orm';
import { type FuzzyTerm, fuzzyMatch, fuzzyRank, rankedIds, type SearchPiece } from '../../platform/db/fuzzy';
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
  const best = rankedIds({ table: lessons, id: lessons.id, column: lessons.name, term, limit });
  return sql`(select 'lesson'::text as kind, ${col(lessons.id)} as id, ${col(lessons.name)}::text as title,
      ${lessonUrl()} as url, ${col(courses.name)}::text as snippet, best.rank
    from ${best} best join ${lessons} on ${col(lessons.id)} = best.id
    join ${courses} on ${col(courses.id)} = ${col(lessons.courseId)})`;
}

/**
 * The best matching documents among those of `visibleLessons` (a select of `lesson_id`), read
 * lesson by lesson. A learner's documents are few, but the planner cannot tell from the trigram
 * condition (it guessed a third of all documents match "router") and scanned every document,
 * computing the similarity of each: 13 ms on the bench's 5,000, against 0.3 ms this way.
 * `offset 0` keeps the lateral read from being flattened back into that plan.
 */
function visibleDocumentIds(term: FuzzyTerm, limit: number, visibleLessons: SQL): SQL {
  const name = lessonDocuments.originalName;
  return sql`(select found.id, found.rank from (${visibleLessons}) visible(lesson_id)
    cross join lateral (select ${col(lessonDocuments.id)} as id, ${fuzzyRank(name, term)}::real as rank
      from ${lessonDocuments}
      where ${col(lessonDocuments.lessonId)} = visible.lesson_id and ${fuzzyMatch(name, term)} offset 0) found
    order by found.rank desc, found.id desc limit ${limit})`;
}

/**
 * Lesson documents by file name: every document (administrators), or only those of the lessons
 * `visibleLessons` selects (a locked lesson's documents are not shown to a learner: GET
 * lessons/{id} gives them only once it is unlocked).
 */
export function documentSearchSql(
  term: FuzzyTerm,
  limit: number,
  visibleLessons: SQL | undefined,
): SearchPiece {
  const best = visibleLessons
    ? visibleDocumentIds(term, limit, visibleLessons)
    : rankedIds({
        table: lessonDocuments,
        id: lessonDocuments.id,
        column: lessonDocuments.originalName,
        term,
        limit,
      });
  return sql`(select 'document'::text as kind, ${col(lessonDocuments.id)} as id,
      ${col(lessonDocuments.originalName)}::text as title, ${lessonUrl()} as url,
      (${col(lessons.name)} || ' · ' || ${col(courses.name)})::text as snippet, best.rank
    from ${best} best join ${lessonDocuments} on ${col(lessonDocuments.id)} = best.id
    join ${lessons} on ${col(lessons.id)} = ${col(lessonDocuments.lessonId)}
    join ${courses} on ${col(courses.id)} = ${col(lessons.courseId)})`;
}
