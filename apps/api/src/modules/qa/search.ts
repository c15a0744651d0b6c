import { sql } from 'drizzle-orm';
import { type FuzzyTerm, fuzzyMatch, fuzzyRank, type SearchPiece, snippetOf } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { qaQuestions } from './tables';

/** Q&A questions by title, for the signed in (every learner reads every thread). */
export function questionSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  return sql`(select 'question'::text as kind, ${col(qaQuestions.id)} as id, ${col(qaQuestions.title)}::text as title,
      '/training-academy/qa/' || ${col(qaQuestions.id)} as url, ${snippetOf(qaQuestions.description)}::text as snippet,
      ${fuzzyRank(qaQuestions.title, term)}::real as rank
    from ${qaQuestions} where ${fuzzyMatch(qaQuestions.title, term)}
    order by rank desc, id desc limit ${limit})`;
}
