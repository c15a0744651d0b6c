import type {
  TAssignment,
  TAssignmentCreated,
  TAssignmentInput,
  TAssignmentPerson,
  TCompliance,
  TRoadmapCourseOption,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { usePagedList } from '../../lib/queries';

export const ASSIGNMENTS_KEY = ['assignments'] as const;
export const COMPLIANCE_KEY = ['compliance'] as const;

/** The management pages' assignments and compliance view. */
const manageApi = {
  list: listEndpoint<TAssignment>('assignments'),
  people: listEndpoint<TAssignmentPerson, number>((id) => `assignments/${id}/people`),
  add: endpoint<TAssignmentCreated>('POST', 'assignments'),
  remove: endpoint<void, number>('DELETE', (id) => `assignments/${id}`),
  compliance: endpoint<TCompliance>('GET', 'compliance'),
  compliancePeople: listEndpoint<TAssignmentPerson, number>((id) => `compliance/assignments/${id}/people`),
};

/** The compliance view for the filters (PROGRESS_MANAGEMENT). */
export function useCompliance(query: Query) {
  return useQuery({
    queryKey: [...COMPLIANCE_KEY, query],
    queryFn: () => manageApi.compliance.call(undefined, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The drill-down: an assignment's people in a state, within the filters. */
export function useCompliancePeople(id: number | null, query: Query) {
  return useQuery({
    queryKey: [...COMPLIANCE_KEY, id, 'people', query],
    queryFn: () => manageApi.compliancePeople.call(id as number, query),
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

export function useAssignmentList(query: Query) {
  return usePagedList(ASSIGNMENTS_KEY, manageApi.list, query);
}

export function useAssignmentPeople(id: number | null, query: Query) {
  return useQuery({
    queryKey: [...ASSIGNMENTS_KEY, id, 'people', query],
    queryFn: () => manageApi.people.call(id as number, query),
    enabled: id !== null,
  });
}

export function useAddAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAssignmentInput) => manageApi.add.call(undefined, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ASSIGNMENTS_KEY }),
  });
}

export function useDeleteAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => manageApi.remove.call(id),
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
