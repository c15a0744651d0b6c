import type { Column, SQL, Table } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { keyRef } from './sql';

/**
 * Typo-tolerant matching of a text column (pg_trgm, migration 0009 created the extension). A
 * column searched this way has a `gin (lower(column) gin_trgm_ops)` index: both conditions below
 * are answered from it — the substring (`like '%term%'`) and the trigram word similarity
 * (`lower(column) %> word`: some run of the column's words is close to the word, so
 * "certficate" finds "Certificate"), for every word of the query. The threshold is the session's
 * `pg_trgm.word_similarity_threshold` (see `withSearchThreshold`).
 */
export type FuzzyTerm = { words: Array<{ text: string; like: string }> };

/** Words the search looks for: every word of three letters or more (the whole query if none is). */
export function fuzzyTerm(query: string): FuzzyTerm {
  const all = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const long = all.filter((w) => w.length >= 3);
  const words = (long.length ? long : [all.join(' ')]).slice(0, 8);
  return { words: words.map((text) => ({ text, like: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` })) };
}

/** Every word of the term is in the column, or close to a run of its words. */
export function fuzzyMatch(column: Column | SQL, term: FuzzyTerm): SQL {
  const value = sql`lower(${keyRef(column)})`;
  return sql.join(
    term.words.map((w) => sql`(${value} like ${w.like} or ${value} %> ${w.text})`),
    sql` and `,
  );
}

/**
 * Higher is better: per word, 1 for a substring match, else its word similarity (below 1). The
 * similarity is computed only for the typo matches: on the bench's 4,000 titles holding "router"
 * it cost 9 µs a row, most of a search's time, and it barely orders titles that all contain the
 * word — those tie and the newest comes first (`order by rank desc, id desc`).
 */
export function fuzzyRank(column: Column | SQL, term: FuzzyTerm): SQL<number> {
  const value = sql`lower(${keyRef(column)})`;
  return sql<number>`(${sql.join(
    term.words.map(
      (w) => sql`(case when ${value} like ${w.like} then 1 else word_similarity(${w.text}, ${value}) end)`,
    ),
    sql` + `,
  )})`;
}

/** The word-similarity threshold searches use (pg_trgm's default, 0.6, misses a swapped letter in a short word). */
export const SEARCH_SIMILARITY = 0.4;

/** `set_config` for the current transaction: run it first inside the transaction of the search. */
export const searchThresholdSql = sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`;

/**
 * One kind's part of a search: a parenthesised `select` of `kind, id, title, url, snippet, rank`
 * (text, int, text, text, text, real), best first, limited; the search module unions them. A
 * piece ranks the matching ids first and draws snippets and joined names for its few best only
 * (`rankedIds`): a snippet's regexp over every match cost as much as the ranking.
 */
export type SearchPiece = SQL;

/** Every word of the term is a substring of the column. */
function everyWordIn(column: Column, term: FuzzyTerm): SQL {
  const value = sql`lower(${keyRef(column)})`;
  return sql.join(
    term.words.map((w) => sql`${value} like ${w.like}`),
    sql` and `,
  );
}

/**
 * The `limit` best matching ids of `table` as `(id, rank)`, best first: the inner select of a
 * piece, which then joins back by id for what it shows. In two tiers, so that a word found in
 * thousands of titles costs as much as a rare one: the titles holding every word (rank: the
 * number of words) newest first — the planner walks the primary key backwards until it has
 * `limit` of them, or reads the trigram index when they are rare —, then, only when those are
 * fewer than `limit`, the typo matches ranked by similarity (a one-time filter skips them).
 */
export function rankedIds(options: {
  table: Table;
  id: Column;
  column: Column;
  term: FuzzyTerm;
  limit: number;
}): SQL {
  const { table, id, column, term, limit } = options;
  const every = everyWordIn(column, term);
  return sql`(with exact as (select ${keyRef(id)} as id, ${term.words.length}::real as rank from ${table}
      where ${every} order by ${keyRef(id)} desc limit ${limit})
    select id, rank from exact
    union all
    (select ${keyRef(id)} as id, ${fuzzyRank(column, term)}::real as rank from ${table}
      where ${fuzzyMatch(column, term)} and not (${every}) and (select count(*) from exact) < ${limit}
      order by rank desc, id desc limit ${limit})
    order by rank desc, id desc limit ${limit})`;
}

/** A snippet: the text on one line, cut at `max` characters. */
export function snippetOf(text: Column | SQL, max = 160): SQL {
  return sql`left(regexp_replace(coalesce(${keyRef(text)}, ''), '\\s+', ' ', 'g'), ${max})`;
}
