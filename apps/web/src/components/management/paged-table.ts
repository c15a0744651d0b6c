import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../../lib/api';

interface PagedList {
  page: number;
  size: number;
  update: (changes: { page: number }) => void;
}

/** DataTable's rows, states and paging for one page of a list kept in the URL (useListParams). */
export function pagedTable<T>(query: UseQueryResult<Page<T>, Error>, list: PagedList) {
  return {
    rows: query.data?.items,
    loading: query.isPending || query.isPlaceholderData,
    error: query.error,
    total: query.data?.total,
    page: list.page,
    size: list.size,
    onPageChange: (page: number) => list.update({ page }),
  };
}
