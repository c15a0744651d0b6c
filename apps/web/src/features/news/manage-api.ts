import type { TContentImage, TNewsCategory, TNewsCategoryInput, TNewsSummary } from '@academy/contract';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList } from '../../lib/queries';
import { NEWS_CATEGORIES_KEY, NEWS_KEY } from './api';

/** The management pages' list and changes of articles and categories. */
const manageApi = {
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

/** The management list (GET news: q, tradeMarkId, categoryNewsId, outstanding, hiddenFromHome). */
export function useNewsAdminList(query: Query) {
  return usePagedList([...NEWS_KEY, 'admin'], manageApi.list, query);
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

const saveNews = addOrEdit<TNewsSummary, FormData>(manageApi.add, manageApi.edit);
const saveCategory = addOrEdit<TNewsCategory, TNewsCategoryInput>(
  manageApi.addCategory,
  manageApi.editCategory,
);

export function useSaveNews() {
  return useChange(
    ({ id, values }: { id?: number; values: NewsFormValues }) => saveNews({ id, body: newsFormData(values) }),
    ...NEWS_KEYS,
  );
}

export function useSetNewsVisibility() {
  return useChange(
    ({ id, hiddenFromHome }: { id: number; hiddenFromHome: boolean }) =>
      manageApi.setVisibility.call(id, { body: { hiddenFromHome } }),
    ...NEWS_KEYS,
  );
}

export function useDeleteNews() {
  return useChange((id: number) => manageApi.remove.call(id), ...NEWS_KEYS);
}

export function useSaveNewsCategory() {
  return useChange(
    ({ id, values }: { id?: number; values: TNewsCategoryInput }) => saveCategory({ id, body: values }),
    ...NEWS_KEYS,
  );
}

export function useDeleteNewsCategory() {
  return useChange((id: number) => manageApi.removeCategory.call(id), ...NEWS_KEYS);
}

/** Uploads a picture for the article editor and answers its URL. */
export function uploadNewsImage(file: File): Promise<TContentImage> {
  const body = new FormData();
  body.set('image', file);
  return manageApi.addImage.call(undefined, { body });
}
