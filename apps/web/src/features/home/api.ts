import type {
  TContentImage,
  TFooterContact,
  TFooterContactInput,
  THomeBanner,
  THomePage,
  TIntroduction,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const HOMEPAGE_KEY = ['homepage'] as const;
export const INTRODUCTION_KEY = ['introduction'] as const;

/** Banners, popup and footer contact (GET homepage). Public; the footer reads it on every page. */
export function useHomePage() {
  return useQuery({
    queryKey: HOMEPAGE_KEY,
    queryFn: () => api<THomePage>('homepage'),
    staleTime: 5 * 60_000,
  });
}

export function useIntroduction() {
  return useQuery({ queryKey: INTRODUCTION_KEY, queryFn: () => api<TIntroduction>('introduction') });
}

function useInvalidateHome() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: HOMEPAGE_KEY });
}

function imageForm(file: File): FormData {
  const data = new FormData();
  data.set('image', file);
  return data;
}

export function useAddBanner() {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: (file: File) =>
      api<THomeBanner>('homepage/banners', { method: 'POST', body: imageForm(file) }),
    onSuccess: invalidate,
  });
}

export function useReplaceBanner() {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      api<THomeBanner>(`homepage/banners/${id}`, { method: 'PUT', body: imageForm(file) }),
    onSuccess: invalidate,
  });
}

export function useDeleteBanner() {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: (id: number) => api(`homepage/banners/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useReorderBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<THomeBanner[]>('homepage/banners/order', { method: 'PUT', body: { ids } }),
    onSuccess: (banners) => {
      queryClient.setQueryData<THomePage>(HOMEPAGE_KEY, (page) => (page ? { ...page, banners } : page));
      return queryClient.invalidateQueries({ queryKey: HOMEPAGE_KEY });
    },
  });
}

export function useSavePopup() {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: (values: { enabled: boolean; image: File | null; removeImage: boolean }) => {
      const data = new FormData();
      data.set('enabled', String(values.enabled));
      data.set('removeImage', String(values.removeImage && !values.image));
      if (values.image) data.set('image', values.image);
      return api<THomePage['popup']>('homepage/popup', { method: 'PUT', body: data });
    },
    onSuccess: invalidate,
  });
}

export function useSaveContact() {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: (values: TFooterContactInput) =>
      api<TFooterContact>('homepage/contact', { method: 'PUT', body: values }),
    onSuccess: invalidate,
  });
}

export function useSaveIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api<TIntroduction>('introduction', { method: 'PUT', body: { content } }),
    onSuccess: (saved) => queryClient.setQueryData(INTRODUCTION_KEY, saved),
  });
}

/** Uploads a picture for the introduction editor and answers its URL. */
export function uploadIntroductionImage(file: File): Promise<TContentImage> {
  return api<TContentImage>('introduction/images', { method: 'POST', body: imageForm(file) });
}
