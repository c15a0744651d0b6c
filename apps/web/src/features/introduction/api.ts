import type { TContentImage, TIntroduction } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';

const INTRODUCTION_KEY = ['introduction'] as const;

const introductionApi = {
  read: endpoint<TIntroduction>('GET', 'introduction'),
  save: endpoint<TIntroduction>('PUT', 'introduction'),
  addImage: endpoint<TContentImage>('POST', 'introduction/images'),
};

export function useIntroduction() {
  return useQuery({ queryKey: INTRODUCTION_KEY, queryFn: () => introductionApi.read.call() });
}

export function useSaveIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => introductionApi.save.call(undefined, { body: { content } }),
    onSuccess: (saved) => queryClient.setQueryData(INTRODUCTION_KEY, saved),
  });
}

/** Uploads a picture for the introduction editor and answers its URL. */
export function uploadIntroductionImage(file: File): Promise<TContentImage> {
  const body = new FormData();
  body.set('image', file);
  return introductionApi.addImage.call(undefined, { body });
}
