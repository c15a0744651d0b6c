import { sql } from 'drizzle-orm';
import { type FuzzyTerm, rankedIds, type SearchPiece, snippetOf } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { qaQuestions } from './tables';

/** Q&A questions by title, for the signed in (every learner reads every thread). */
export function questionSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  const best = rankedIds({ table: qaQuestions, id: qaQuestions.id, column: qaQuestions.title, term, limit });
  return sql`(select 'question'::text as kind, ${col(qaQuestions.id)} as id, ${col(qaQuestions.title)}::text as title,
      '/training-academy/qa/' || ${col(qaQuestions.id)} as url, ${snippetOf(qaQuestions.description)}::text as snippet,
      best.rank
    from ${best} best join ${qaQuestions} on ${col(qaQuestions.id)} = best.id)`;
}
