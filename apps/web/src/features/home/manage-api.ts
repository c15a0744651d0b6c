import type { TFooterContact, TFooterContactInput, THomeBanner, THomePage } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';
import { useChange } from '../../lib/queries';
import { HOMEPAGE_KEY } from './api';

/** The home settings page's changes: banners, the welcome popup, the footer's contact. */
const manageApi = {
  addBanner: endpoint<THomeBanner>('POST', 'homepage/banners'),
  replaceBanner: endpoint<THomeBanner, number>('PUT', (id) => `homepage/banners/${id}`),
  removeBanner: endpoint<void, number>('DELETE', (id) => `homepage/banners/${id}`),
  reorderBanners: endpoint<THomeBanner[]>('PUT', 'homepage/banners/order'),
  savePopup: endpoint<THomePage['popup']>('PUT', 'homepage/popup'),
  saveContact: endpoint<TFooterContact>('PUT', 'homepage/contact'),
};

function imageForm(file: File): FormData {
  const data = new FormData();
  data.set('image', file);
  return data;
}

export function useAddBanner() {
  return useChange(
    (file: File) => manageApi.addBanner.call(undefined, { body: imageForm(file) }),
    HOMEPAGE_KEY,
  );
}

export function useReplaceBanner() {
  return useChange(
    ({ id, file }: { id: number; file: File }) => manageApi.replaceBanner.call(id, { body: imageForm(file) }),
    HOMEPAGE_KEY,
  );
}

export function useDeleteBanner() {
  return useChange((id: number) => manageApi.removeBanner.call(id), HOMEPAGE_KEY);
}

export function useReorderBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => manageApi.reorderBanners.call(undefined, { body: { ids } }),
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
    return manageApi.savePopup.call(undefined, { body });
  }, HOMEPAGE_KEY);
}

export function useSaveContact() {
  return useChange(
    (values: TFooterContactInput) => manageApi.saveContact.call(undefined, { body: values }),
    HOMEPAGE_KEY,
  );
}
