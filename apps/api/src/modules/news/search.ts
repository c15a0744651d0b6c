import { sql } from 'drizzle-orm';
import { type FuzzyTerm, fuzzyMatch, fuzzyRank, type SearchPiece, snippetOf } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { news } from './tables';

/** News by title (every article is public; "hidden" only keeps it off the home page). */
export function newsSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  return sql`(select 'news'::text as kind, ${col(news.id)} as id, ${col(news.title)}::text as title,
      '/news/' || ${col(news.id)} as url, ${snippetOf(news.description)}::text as snippet,
      ${fuzzyRank(news.title, term)}::real as rank
    from ${news} where ${fuzzyMatch(news.title, term)}
    order by rank desc, id desc limit ${limit})`;
}
