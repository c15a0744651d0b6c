import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  page: number;
  size: number;
  q: string;
  /** Every other search parameter (filters), as strings. */
  filters: Record<string, string>;
}

type ListChanges = Record<string, string | number | null | undefined>;

/**
 * A list page's paging, search and filters, kept in the URL so that reloads, the back button
 * and links keep them. Changing a filter or the search goes back to the first page.
 */
export function useListParams(defaultSize = 20) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The router hands functional updates the params of the last render, and navigating takes a
  // moment, so a second update in between (two filters changed quickly) would drop the first:
  // build on the latest params asked for, until the location moves on.
  const latest = useRef(searchParams);
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current = searchParams;
  }

  const params = useMemo<ListParams>(() => {
    const filters: Record<string, string> = {};
    for (const [key, value] of searchParams) if (!['page', 'size', 'q'].includes(key)) filters[key] = value;
    return {
      page: Math.max(0, Number(searchParams.get('page') ?? 0) || 0),
      size: Number(searchParams.get('size') ?? defaultSize) || defaultSize,
      q: searchParams.get('q') ?? '',
      filters,
    };
  }, [searchParams, defaultSize]);

  const update = useCallback(
    (asked: ListChanges | ((latest: URLSearchParams) => ListChanges)) => {
      // A function derives the change from the latest params (a sort toggled twice quickly).
      const changes = typeof asked === 'function' ? asked(latest.current) : asked;
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      latest.current = next;
      setSearchParams(next, { replace: true });
    },
    [setSearchParams],
  );

  return { ...params, update };
}

/** A list page's URL state, as the kit's search box and filters take it. */
export type ListState = ReturnType<typeof useListParams>;
