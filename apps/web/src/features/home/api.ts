import type { TFooterContact, TFooterContactInput, THomeBanner, THomePage } from '@academy/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';
import { useChange } from '../../lib/queries';
import { featuredCoursesQuery } from '../academy';
import { outstandingNewsQuery } from '../news';

export const HOMEPAGE_KEY = ['homepage'] as const;

const homeApi = {
  page: endpoint<THomePage>('GET', 'homepage'),
  addBanner: endpoint<THomeBanner>('POST', 'homepage/banners'),
  replaceBanner: endpoint<THomeBanner, number>('PUT', (id) => `homepage/banners/${id}`),
  removeBanner: endpoint<void, number>('DELETE', (id) => `homepage/banners/${id}`),
  reorderBanners: endpoint<THomeBanner[]>('PUT', 'homepage/banners/order'),
  savePopup: endpoint<THomePage['popup']>('PUT', 'homepage/popup'),
  saveContact: endpoint<TFooterContact>('PUT', 'homepage/contact'),
};

/** Banners, popup and footer contact (GET homepage). Public; the footer reads it on every page. */
const homePageQuery = () =>
  queryOptions({ queryKey: HOMEPAGE_KEY, queryFn: () => homeApi.page.call(), staleTime: 5 * 60_000 });

export function useHomePage() {
  return useQuery(homePageQuery());
}

/** `/`'s loader (decision 131): banners, featured courses and outstanding news start with the route. */
export function prefetchHomePage(client: QueryClient): void {
  void client.prefetchQuery(homePageQuery());
  void client.prefetchQuery(featuredCoursesQuery());
  void client.prefetchQuery(outstandingNewsQuery());
}

function imageForm(file: File): FormData {
  const data = new FormData();
  data.set('image', file);
  return data;
}

export function useAddBanner() {
  return useChange(
    (file: File) => homeApi.addBanner.call(undefined, { body: imageForm(file) }),
    HOMEPAGE_KEY,
  );
}

export function useReplaceBanner() {
  return useChange(
    ({ id, file }: { id: number; file: File }) => homeApi.replaceBanner.call(id, { body: imageForm(file) }),
    HOMEPAGE_KEY,
  );
}

export function useDeleteBanner() {
  return useChange((id: number) => homeApi.removeBanner.call(id), HOMEPAGE_KEY);
}

export function useReorderBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => homeApi.reorderBanners.call(undefined, { body: { ids } }),
    onSuccess: (banners) => {
      queryClient.setQueryData<THomePage>(HOMEPAGE_KEY, (page) => (page ? { ...page, banners } : page));
      return queryClient.invalidateQueries({ queryKey: HOMEPAGE_KEY });
    },
  });
}

export function useSavePopup() {
  return useChange((values: { enabled: boolean; image: File | null; removeImage: boolean }) => {
    const body = new FormData();
    body.set('enabled', String(values.enabled));
    body.set('removeImage', String(values.removeImage && !values.image));
    if (values.image) body.set('image', values.image);
    return homeApi.savePopup.call(undefined, { body });
  }, HOMEPAGE_KEY);
}

export function useSaveContact() {
  return useChange(
    (values: TFooterContactInput) => homeApi.saveContact.call(undefined, { body: values }),
    HOMEPAGE_KEY,
  );
}
