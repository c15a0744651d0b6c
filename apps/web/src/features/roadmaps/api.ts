import type {
  TMyRoadmapAnswer,
  TRoadmap,
  TRoadmapCourseOption,
  TRoadmapInput,
  TRoadmapListItem,
} from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, usePagedList, useRecord } from '../../lib/queries';

export const ROADMAPS_KEY = ['roadmaps'] as const;

const roadmapsApi = {
  mine: endpoint<TMyRoadmapAnswer>('GET', 'my-roadmap'),
  list: listEndpoint<TRoadmapListItem>('roadmaps'),
  one: endpoint<TRoadmap, number>('GET', (id) => `roadmaps/${id}`),
  courseOptions: endpoint<TRoadmapCourseOption[]>('GET', 'roadmaps/course-options'),
  add: endpoint<TRoadmap>('POST', 'roadmaps'),
  edit: endpoint<TRoadmap, number>('PUT', (id) => `roadmaps/${id}`),
  remove: endpoint<void, number>('DELETE', (id) => `roadmaps/${id}`),
};

/** The learner's roadmap (null when their branch and authorization have none). */
export function useMyRoadmap() {
  return useQuery({
    queryKey: ['study', 'my-roadmap'],
    queryFn: async () => (await roadmapsApi.mine.call()).roadmap,
  });
}

/** One page of roadmaps: q, serviceId, branchId, authorizationId. */
export function useRoadmapList(query: Query) {
  return usePagedList(ROADMAPS_KEY, roadmapsApi.list, query);
}

export function useRoadmap(id: number | null) {
  return useRecord(ROADMAPS_KEY, roadmapsApi.one, id);
}

export function useRoadmapCourseOptions() {
  return useQuery({
    queryKey: [...ROADMAPS_KEY, 'course-options'],
    queryFn: () => roadmapsApi.courseOptions.call(),
    staleTime: 60_000,
  });
}

const saveRoadmap = addOrEdit<TRoadmap, TRoadmapInput>(roadmapsApi.add, roadmapsApi.edit);

/** POST roadmaps, or PUT roadmaps/{id} when an id is given. */
export function useSaveRoadmap() {
  return useChange(
    ({ id, values }: { id: number | null; values: TRoadmapInput }) => saveRoadmap({ id, body: values }),
    ROADMAPS_KEY,
  );
}

export function useDeleteRoadmap() {
  return useChange((id: number) => roadmapsApi.remove.call(id), ROADMAPS_KEY);
}
