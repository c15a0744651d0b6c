import type {
  TAssignment,
  TAssignmentCreated,
  TAssignmentInput,
  TAssignmentPerson,
  TCalendarLink,
  TCompliance,
  TMyAssignment,
  TMyReminder,
  TRoadmapCourseOption,
} from '@academy/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
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
  reminders: endpoint<TMyReminder[]>('GET', 'my-assignments/reminders'),
  compliance: endpoint<TCompliance>('GET', 'compliance'),
  compliancePeople: listEndpoint<TAssignmentPerson, number>((id) => `compliance/assignments/${id}/people`),
};

export const COMPLIANCE_KEY = ['compliance'] as const;

/** The reminder mails sent to me, newest first (the account page). */
export function useMyReminders() {
  return useQuery({ queryKey: [...MINE_KEY, 'reminders'], queryFn: () => assignmentsApi.reminders.call() });
}

/** The compliance view for the filters (PROGRESS_MANAGEMENT). */
export function useCompliance(query: Query) {
  return useQuery({
    queryKey: [...COMPLIANCE_KEY, query],
    queryFn: () => assignmentsApi.compliance.call(undefined, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The drill-down: an assignment's people in a state, within the filters. */
export function useCompliancePeople(id: number | null, query: Query) {
  return useQuery({
    queryKey: [...COMPLIANCE_KEY, id, 'people', query],
    queryFn: () => assignmentsApi.compliancePeople.call(id as number, query),
    placeholderData: keepPreviousData,
    enabled: id !== null,
  });
}

/** The view as .xlsx (streamed by the API). */
export function useExportCompliance() {
  return useMutation({
    mutationFn: (query: Query) => downloadFile('compliance/export', query, 'compliance.xlsx'),
  });
}

/** What is assigned to me, most urgent first. */
export const myAssignmentsQuery = () =>
  queryOptions({ queryKey: MINE_KEY, queryFn: () => assignmentsApi.mine.call() });

export function useMyAssignments() {
  return useQuery(myAssignmentsQuery());
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
