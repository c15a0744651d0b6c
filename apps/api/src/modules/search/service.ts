import {
  PUBLIC_SEARCH_KINDS,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type SearchKind,
  type TSearchResult,
} from '@academy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type FuzzyTerm, fuzzyTerm, searchThresholdSql } from '../../platform/db/fuzzy';
import type { Principal } from '../../platform/http/access';
import { courseSearchSql, documentSearchSql, lessonSearchSql } from '../courses';
import { newsSearchSql } from '../news';
import { questionSearchSql } from '../qa';
import { recruitmentSearchSql } from '../recruitment';
import { openedLessonIdsSql } from '../study';

/** The kinds a signed-in person searches (recruitment is the public site's; issue 22). */
export const SIGNED_IN_SEARCH_KINDS: readonly SearchKind[] = [
  'course',
  'lesson',
  'document',
  'news',
  'question',
];

/** Whom the search answers: a signed-in person whose access is open, else a visitor. */
export type Searcher = { kind: 'visitor' } | { kind: 'learner'; userId: number; admin: boolean };

export function searcherOf(principal: Principal | null): Searcher {
  if (principal?.access !== 'ALLOWED') return { kind: 'visitor' };
  if (!principal.activePassword && principal.role !== 'ROLE_ADMIN') return { kind: 'visitor' };
  return { kind: 'learner', userId: principal.id, admin: principal.role === 'ROLE_ADMIN' };
}

export function kindsFor(searcher: Searcher): readonly SearchKind[] {
  return searcher.kind === 'visitor' ? PUBLIC_SEARCH_KINDS : SIGNED_IN_SEARCH_KINDS;
}

function pieceOf(kind: SearchKind, term: FuzzyTerm, limit: number, searcher: Searcher, now: Date): SQL {
  switch (kind) {
    case 'course':
      return courseSearchSql(term, limit);
    case 'lesson':
      return lessonSearchSql(term, limit);
    case 'document':
      // Administrators see every document in management; a learner those of lessons they opened.
      return documentSearchSql(
        term,
        limit,
        searcher.kind === 'learner' && !searcher.admin ? openedLessonIdsSql(searcher.userId) : undefined,
      );
    case 'news':
      return newsSearchSql(term, limit);
    case 'question':
      return questionSearchSql(term, limit);
    case 'recruitment':
      return recruitmentSearchSql(term, limit, now);
  }
}

/**
 * The search box: every kind the searcher may see (or the one asked), each kind's best matches,
 * grouped in SEARCH_KINDS order. One statement (a union of the owning modules' query pieces),
 * after the transaction-local similarity threshold.
 */
export async function search(
  db: Db,
  searcher: Searcher,
  query: { q: string; kind?: SearchKind | undefined },
  now: Date,
): Promise<TSearchResult[]> {
  const text = query.q.trim();
  if (text.length < SEARCH_LIMITS.minLength) return [];
  const allowed = kindsFor(searcher);
  const kinds = query.kind ? allowed.filter((k) => k === query.kind) : allowed;
  if (kinds.length === 0) return [];
  const limit = query.kind ? SEARCH_LIMITS.oneKind : SEARCH_LIMITS.perKind;
  const term = fuzzyTerm(text);
  const union = sql.join(
    kinds.map((kind) => pieceOf(kind, term, limit, searcher, now)),
    sql` union all `,
  );
  const rows = await db.transaction(async (tx) => {
    await tx.execute(searchThresholdSql);
    const result = await tx.execute(sql`select kind, id, title, url, snippet, rank from (${union}) found`);
    return (result as unknown as { rows: Array<TSearchResult & { rank: number }> }).rows;
  });
  const order = new Map(SEARCH_KINDS.map((kind, i) => [kind, i]));
  return rows
    .sort((a, b) => (order.get(a.kind) ?? 0) - (order.get(b.kind) ?? 0) || b.rank - a.rank || b.id - a.id)
    .map(({ kind, id, title, url, snippet }) => ({ kind, id: Number(id), title, url, snippet }));
}
