import type {
  TMyRoadmapAnswer,
  TRoadmap,
  TRoadmapCourseOption,
  TRoadmapInput,
  TRoadmapListItem,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';

export const ROADMAPS_KEY = ['roadmaps'] as const;

/** The learner's roadmap (null when their branch and authorization have none). */
export function useMyRoadmap() {
  return useQuery({
    queryKey: ['study', 'my-roadmap'],
    queryFn: async () => (await api<TMyRoadmapAnswer>('my-roadmap')).roadmap,
  });
}

/** One page of roadmaps: q, serviceId, branchId, authorizationId. */
export function useRoadmapList(query: Query) {
  return useQuery({
    queryKey: [...ROADMAPS_KEY, 'list', query],
    queryFn: () => apiList<TRoadmapListItem>('roadmaps', query),
    placeholderData: keepPreviousData,
  });
}

export function useRoadmap(id: number | null) {
  return useQuery({
    queryKey: [...ROADMAPS_KEY, 'one', id],
    queryFn: () => api<TRoadmap>(`roadmaps/${id}`),
    enabled: id !== null,
  });
}

export function useRoadmapCourseOptions() {
  return useQuery({
    queryKey: [...ROADMAPS_KEY, 'course-options'],
    queryFn: () => api<TRoadmapCourseOption[]>('roadmaps/course-options'),
    staleTime: 60_000,
  });
}

/** POST roadmaps, or PUT roadmaps/{id} when an id is given. */
export function useSaveRoadmap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: TRoadmapInput }) =>
      api<TRoadmap>(id ? `roadmaps/${id}` : 'roadmaps', { method: id ? 'PUT' : 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROADMAPS_KEY }),
  });
}

export function useDeleteRoadmap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`roadmaps/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROADMAPS_KEY }),
  });
}
