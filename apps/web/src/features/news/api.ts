import type {
  TContentImage,
  TNewsCategory,
  TNewsCategoryInput,
  TNewsDetail,
  TNewsSummary,
  TOutstandingNews,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';

export const NEWS_KEY = ['news'] as const;
export const NEWS_CATEGORIES_KEY = ['news-categories'] as const;

/** News categories sorted by id (GET news-categories); with a service, those with news there. */
export function useNewsCategories(serviceId?: number) {
  return useQuery({
    queryKey: [...NEWS_CATEGORIES_KEY, serviceId ?? 'all'],
    queryFn: () => api<TNewsCategory[]>('news-categories', { query: { tradeMarkId: serviceId } }),
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
      apiList<TNewsSummary>('searchnews', {
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
export function useOutstandingNews() {
  return useQuery({
    queryKey: [...NEWS_KEY, 'outstanding'],
    queryFn: async () =>
      (await api<TOutstandingNews>('outstandingnews', { query: { outstanding: 'true' } })).data.content,
    staleTime: 60_000,
  });
}

/** One article with related news (GET news/{id}). */
export function useNewsDetail(id: number) {
  return useQuery({
    queryKey: [...NEWS_KEY, 'detail', id],
    queryFn: () => api<TNewsDetail>(`news/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The management list (GET news: q, tradeMarkId, categoryNewsId, outstanding, hiddenFromHome). */
export function useNewsAdminList(query: Query) {
  return useQuery({
    queryKey: [...NEWS_KEY, 'admin', query],
    queryFn: () => apiList<TNewsSummary>('news', query),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: NEWS_KEY }),
      queryClient.invalidateQueries({ queryKey: NEWS_CATEGORIES_KEY }),
    ]);
}

/** The news form's values; the picture is a File chosen in the form. */
export interface NewsFormValues {
  title: string;
  description: string;
  content: string;
  categoryId: string;
  serviceId: string;
  outstanding: boolean;
  hiddenFromHome: boolean;
  image: File | null;
}

function newsFormData(values: NewsFormValues): FormData {
  const data = new FormData();
  data.set('title', values.title);
  data.set('description', values.description);
  data.set('content', values.content);
  data.set('categoryId', values.categoryId);
  data.set('serviceId', values.serviceId);
  data.set('outstanding', String(values.outstanding));
  data.set('hiddenFromHome', String(values.hiddenFromHome));
  if (values.image) data.set('image', values.image);
  return data;
}

export function useSaveNews() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: NewsFormValues }) =>
      api<TNewsSummary>(id ? `news/${id}` : 'news', {
        method: id ? 'PUT' : 'POST',
        body: newsFormData(values),
      }),
    onSuccess: invalidate,
  });
}

export function useSetNewsVisibility() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: ({ id, hiddenFromHome }: { id: number; hiddenFromHome: boolean }) =>
      api<TNewsSummary>(`news/${id}/visibility`, { method: 'PUT', body: { hiddenFromHome } }),
    onSuccess: invalidate,
  });
}

export function useDeleteNews() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: (id: number) => api(`news/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSaveNewsCategory() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TNewsCategoryInput }) =>
      api<TNewsCategory>(id ? `news-categories/${id}` : 'news-categories', {
        method: id ? 'PUT' : 'POST',
        body: values,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteNewsCategory() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: (id: number) => api(`news-categories/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Uploads a picture for the article editor and answers its URL. */
export function uploadNewsImage(file: File): Promise<TContentImage> {
  const data = new FormData();
  data.set('image', file);
  return api<TContentImage>('news/images', { method: 'POST', body: data });
}
