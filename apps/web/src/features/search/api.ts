import type { SearchKind, TSearchResult } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';

const searchApi = { search: endpoint<TSearchResult[]>('GET', 'search') };

/** GET search: every kind the caller may see (or one), grouped by kind; nothing under two characters. */
export function useSearch(q: string, kind: SearchKind | undefined, signedIn: boolean) {
  const text = q.trim();
  return useQuery({
    // What a visitor and a signed-in person find differ: the key says which.
    queryKey: ['search', signedIn, text, kind ?? 'all'],
    queryFn: () => searchApi.search.call(undefined, { query: { q: text, ...(kind ? { kind } : {}) } }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
