import type { TNewsCategory, TNewsDetail, TNewsSummary, TOutstandingNews } from '@academy/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, listEndpoint } from '../../lib/endpoint';

export const NEWS_KEY = ['news'] as const;
export const NEWS_CATEGORIES_KEY = ['news-categories'] as const;

/** The public reads (the footer and the home page use some); the management's are in manage-api.ts. */
const newsApi = {
  categories: endpoint<TNewsCategory[]>('GET', 'news-categories'),
  search: listEndpoint<TNewsSummary>('searchnews'),
  outstanding: endpoint<TOutstandingNews>('GET', 'outstandingnews'),
  detail: endpoint<TNewsDetail, number>('GET', (id) => `news/${id}`),
};

/** News categories sorted by id (GET news-categories); with a service, those with news there. */
export function useNewsCategories(serviceId?: number) {
  return useQuery({
    queryKey: [...NEWS_CATEGORIES_KEY, serviceId ?? 'all'],
    queryFn: () => newsApi.categories.call(undefined, { query: { tradeMarkId: serviceId } }),
    staleTime: 60_000,
  });
}

/** The public news list (GET searchnews: tradeMarkId, categoryNewsId, page, size, sort=id,desc). */
export function useSearchNews(query: {
  serviceId?: number;
  categoryId?: number;
  page: number;
  size: number;
}) {
  return useQuery({
    queryKey: [...NEWS_KEY, 'search', query],
    queryFn: () =>
      newsApi.search.call(undefined, {
        tradeMarkId: query.serviceId,
        categoryNewsId: query.categoryId,
        page: query.page,
        size: query.size,
        sort: 'id,desc',
      }),
    enabled: query.serviceId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Outstanding news for the home page (GET outstandingnews?outstanding=true, list in data.content). */
export const outstandingNewsQuery = () =>
  queryOptions({
    queryKey: [...NEWS_KEY, 'outstanding'],
    queryFn: async () =>
      (await newsApi.outstanding.call(undefined, { query: { outstanding: 'true' } })).data.content,
    staleTime: 60_000,
  });

export function useOutstandingNews() {
  return useQuery(outstandingNewsQuery());
}

/** One article with related news (GET news/{id}). */
export function useNewsDetail(id: number) {
  return useQuery({
    queryKey: [...NEWS_KEY, 'detail', id],
    queryFn: () => newsApi.detail.call(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
