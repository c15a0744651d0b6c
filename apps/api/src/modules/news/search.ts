import { sql } from 'drizzle-orm';
import { type FuzzyTerm, rankedIds, type SearchPiece, snippetOf } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { news } from './tables';

/** News by title (every article is public; "hidden" only keeps it off the home page). */
export function newsSearchSql(term: FuzzyTerm, limit: number): SearchPiece {
  const best = rankedIds({ table: news, id: news.id, column: news.title, term, limit });
  return sql`(select 'news'::text as kind, ${col(news.id)} as id, ${col(news.title)}::text as title,
      '/news/' || ${col(news.id)} as url, ${snippetOf(news.description)}::text as snippet, best.rank
    from ${best} best join ${news} on ${col(news.id)} = best.id)`;
}
