import { sql } from 'drizzle-orm';
import { type FuzzyTerm, fuzzyMatch, fuzzyRank, type SearchPiece } from '../../platform/db/fuzzy';
import { col } from '../../platform/db/sql';
import { branchNameOf } from '../org';
import { recruitmentPosts } from './tables';

/** Open recruitment posts by vacancy (a closed post is no longer offered; its page still answers). */
export function recruitmentSearchSql(term: FuzzyTerm, limit: number, now: Date): SearchPiece {
  const endAt = col(recruitmentPosts.endAt);
  return sql`(select 'recruitment'::text as kind, ${col(recruitmentPosts.id)} as id,
      ${col(recruitmentPosts.vacancy)}::text as title, '/recruitment/' || ${col(recruitmentPosts.id)} as url,
      concat_ws(' · ', ${branchNameOf(recruitmentPosts.branchId)}, ${col(recruitmentPosts.workplace)})::text as snippet,
      ${fuzzyRank(recruitmentPosts.vacancy, term)}::real as rank
    from ${recruitmentPosts}
    where ${fuzzyMatch(recruitmentPosts.vacancy, term)} and (${endAt} is null or ${endAt} > ${now.toISOString()}::timestamptz)
    order by rank desc, id desc limit ${limit})`;
}
