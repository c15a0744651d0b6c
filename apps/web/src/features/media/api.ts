import type { TCaption, TVideo, TVideoStream, VideoStatus } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';

const VIDEOS_KEY = ['media', 'videos'] as const;
const STREAM_KEY = ['media', 'stream'] as const;
const CAPTIONS_KEY = ['media', 'captions'] as const;

const mediaApi = {
  video: endpoint<TVideo, string>('GET', (id) => `videos/${id}`),
  retry: endpoint<TVideo, string>('POST', (id) => `videos/${id}/retry`),
  stream: endpoint<TVideoStream, number>('GET', (lessonId) => `lessons/${lessonId}/stream`),
  captions: endpoint<TCaption[], string>('GET', (id) => `videos/${id}/captions`),
  addCaption: endpoint<TCaption, string>('POST', (id) => `videos/${id}/captions`),
  removeCaption: endpoint<void, { videoId: string; id: number }>(
    'DELETE',
    ({ videoId, id }) => `videos/${videoId}/captions/${id}`,
  ),
};

/** A video's caption tracks as course managers see them (GET videos/{id}/captions). */
export function useCaptions(videoId: string) {
  return useQuery({
    queryKey: [...CAPTIONS_KEY, videoId],
    queryFn: () => mediaApi.captions.call(videoId),
  });
}

/** Attach a WebVTT file (POST videos/{id}/captions) or remove a track; the list refreshes. */
export function useCaptionChanges(videoId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...CAPTIONS_KEY, videoId] });
  const add = useMutation({
    mutationFn: ({ language, label, file }: { language: string; label: string; file: File }) => {
      const body = new FormData();
      body.set('language', language);
      body.set('label', label);
      body.set('file', file);
      return mediaApi.addCaption.call(videoId, { body });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => mediaApi.removeCaption.call({ videoId, id }),
    onSuccess: refresh,
  });
  return { add, remove };
}

/** Still moving: asked again every few seconds until it settles. */
export function isPending(status: VideoStatus | undefined): boolean {
  return status === 'QUEUED' || status === 'ENCODING' || status === 'UPLOADING';
}

/** An uploaded video as staff see it (GET videos/{id}), polled while it is being encoded. */
export function useVideo(id: string | null) {
  return useQuery({
    queryKey: [...VIDEOS_KEY, id],
    queryFn: () => mediaApi.video.call(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (isPending(query.state.data?.status) ? 3000 : false),
  });
}

/** Staff encode a failed video again (POST videos/{id}/retry). */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => mediaApi.retry.call(id),
    onSuccess: (video) => queryClient.setQueryData([...VIDEOS_KEY, video.id], video),
  });
}

/**
 * The learner's stream of a lesson (GET lessons/{id}/stream): polled while it is being encoded,
 * and asked again a minute before its signed URLs expire.
 */
export function useLessonStream(lessonId: number) {
  return useQuery({
    queryKey: [...STREAM_KEY, lessonId],
    queryFn: () => mediaApi.stream.call(lessonId),
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      if (isPending(data.status)) return 5000;
      if (!data.expiresAt) return false;
      return Math.max(10_000, new Date(data.expiresAt).getTime() - Date.now() - 60_000);
    },
  });
}
