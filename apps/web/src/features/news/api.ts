import type {
  TContentImage,
  TNewsCategory,
  TNewsCategoryInput,
  TNewsDetail,
  TNewsSummary,
  TOutstandingNews,
} from '@academy/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList } from '../../lib/queries';

export const NEWS_KEY = ['news'] as const;
export const NEWS_CATEGORIES_KEY = ['news-categories'] as const;

const newsApi = {
  categories: endpoint<TNewsCategory[]>('GET', 'news-categories'),
  search: listEndpoint<TNewsSummary>('searchnews'),
  outstanding: endpoint<TOutstandingNews>('GET', 'outstandingnews'),
  detail: endpoint<TNewsDetail, number>('GET', (id) => `news/${id}`),
  list: listEndpoint<TNewsSummary>('news'),
  add: endpoint<TNewsSummary>('POST', 'news'),
  edit: endpoint<TNewsSummary, number>('PUT', (id) => `news/${id}`),
  setVisibility: endpoint<TNewsSummary, number>('PUT', (id) => `news/${id}/visibility`),
  remove: endpoint<void, number>('DELETE', (id) => `news/${id}`),
  addCategory: endpoint<TNewsCategory>('POST', 'news-categories'),
  editCategory: endpoint<TNewsCategory, number>('PUT', (id) => `news-categories/${id}`),
  removeCategory: endpoint<void, number>('DELETE', (id) => `news-categories/${id}`),
  addImage: endpoint<TContentImage>('POST', 'news/images'),
};
/** What a change to an article or a category shows again. */
const NEWS_KEYS = [NEWS_KEY, NEWS_CATEGORIES_KEY] as const;

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

/** The management list (GET news: q, tradeMarkId, categoryNewsId, outstanding, hiddenFromHome). */
export function useNewsAdminList(query: Query) {
  return usePagedList([...NEWS_KEY, 'admin'], newsApi.list, query);
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

const saveNews = addOrEdit<TNewsSummary, FormData>(newsApi.add, newsApi.edit);
const saveCategory = addOrEdit<TNewsCategory, TNewsCategoryInput>(newsApi.addCategory, newsApi.editCategory);

export function useSaveNews() {
  return useChange(
    ({ id, values }: { id?: number; values: NewsFormValues }) => saveNews({ id, body: newsFormData(values) }),
    ...NEWS_KEYS,
  );
}

export function useSetNewsVisibility() {
  return useChange(
    ({ id, hiddenFromHome }: { id: number; hiddenFromHome: boolean }) =>
      newsApi.setVisibility.call(id, { body: { hiddenFromHome } }),
    ...NEWS_KEYS,
  );
}

export function useDeleteNews() {
  return useChange((id: number) => newsApi.remove.call(id), ...NEWS_KEYS);
}

export function useSaveNewsCategory() {
  return useChange(
    ({ id, values }: { id?: number; values: TNewsCategoryInput }) => saveCategory({ id, body: values }),
    ...NEWS_KEYS,
  );
}

export function useDeleteNewsCategory() {
  return useChange((id: number) => newsApi.removeCategory.call(id), ...NEWS_KEYS);
}

/** Uploads a picture for the article editor and answers its URL. */
export function uploadNewsImage(file: File): Promise<TContentImage> {
  const body = new FormData();
  body.set('image', file);
  return newsApi.addImage.call(undefined, { body });
}
