import type {
  TAssignment,
  TAssignmentCreated,
  TAssignmentInput,
  TAssignmentPerson,
  TCalendarLink,
  TMyAssignment,
  TRoadmapCourseOption,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { usePagedList } from '../../lib/queries';

export const ASSIGNMENTS_KEY = ['assignments'] as const;
const MINE_KEY = ['study', 'my-assignments'] as const;

const assignmentsApi = {
  mine: endpoint<TMyAssignment[]>('GET', 'my-assignments'),
  calendar: endpoint<TCalendarLink>('GET', 'my-assignments/calendar'),
  newCalendar: endpoint<TCalendarLink>('POST', 'my-assignments/calendar'),
  list: listEndpoint<TAssignment>('assignments'),
  people: listEndpoint<TAssignmentPerson, number>((id) => `assignments/${id}/people`),
  add: endpoint<TAssignmentCreated>('POST', 'assignments'),
  remove: endpoint<void, number>('DELETE', (id) => `assignments/${id}`),
};

/** What is assigned to me, most urgent first. */
export function useMyAssignments() {
  return useQuery({ queryKey: MINE_KEY, queryFn: () => assignmentsApi.mine.call() });
}

/** The secret URL of my calendar feed; `regenerate` replaces it. */
export function useCalendarLink(enabled: boolean) {
  const client = useQueryClient();
  const key = [...MINE_KEY, 'calendar'];
  const link = useQuery({ queryKey: key, queryFn: () => assignmentsApi.calendar.call(), enabled });
  const regenerate = useMutation({
    mutationFn: () => assignmentsApi.newCalendar.call(),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  return { link, regenerate };
}

export function useAssignmentList(query: Query) {
  return usePagedList(ASSIGNMENTS_KEY, assignmentsApi.list, query);
}

export function useAssignmentPeople(id: number | null, query: Query) {
  return useQuery({
    queryKey: [...ASSIGNMENTS_KEY, id, 'people', query],
    queryFn: () => assignmentsApi.people.call(id as number, query),
    enabled: id !== null,
  });
}

export function useAddAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAssignmentInput) => assignmentsApi.add.call(undefined, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ASSIGNMENTS_KEY }),
  });
}

export function useDeleteAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => assignmentsApi.remove.call(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ASSIGNMENTS_KEY }),
  });
}

const courseOptions = endpoint<TRoadmapCourseOption[]>('GET', 'roadmaps/course-options');

/** Every course to assign (the roadmaps' course picker; LEARNING_PATH_MANAGEMENT). */
export function useAssignableCourses(enabled: boolean) {
  return useQuery({
    queryKey: [...ASSIGNMENTS_KEY, 'course-options'],
    queryFn: () => courseOptions.call(),
    enabled,
    staleTime: 60_000,
  });
}
