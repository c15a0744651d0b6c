import type { TBranch, TDepartment, TDepartmentInput, TService, TServiceDetail } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';

export const SERVICES_KEY = ['trademarks'] as const;
export const BRANCHES_KEY = ['branches'] as const;
export const DEPARTMENTS_KEY = ['departments'] as const;

/** Every service (trademark), sorted by id as the API returns them. Public. */
export function useServices() {
  return useQuery({
    queryKey: SERVICES_KEY,
    queryFn: () => api<TService[]>('trademarks'),
    staleTime: 5 * 60_000,
  });
}

/** One service with its branches (`/management/service/{id}`). */
export function useServiceDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...SERVICES_KEY, id],
    queryFn: () => api<TServiceDetail>(`trademarks/${id}`),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });
}

/** Every branch (for pickers and filters), sorted by id; or the branches of one service. */
export function useBranches(serviceId?: number | null) {
  return useQuery({
    queryKey: [...BRANCHES_KEY, serviceId ?? 'all'],
    queryFn: () => api<TBranch[]>('branches', { query: { serviceId: serviceId ?? undefined } }),
    staleTime: 60_000,
  });
}

/** One page of departments (q, branchId, serviceId, page, size). */
export function useDepartmentList(query: Query) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'list', query],
    queryFn: () => apiList<TDepartment>('departments', query),
    placeholderData: keepPreviousData,
  });
}

/** Every department of a branch (or of every branch), for pickers. */
export function useDepartmentOptions(branchId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'options', branchId ?? 'all'],
    queryFn: async () =>
      (
        await apiList<TDepartment>('departments', {
          branchId: branchId ?? undefined,
          size: 1000,
          sort: 'name',
        })
      ).items,
    enabled,
    staleTime: 60_000,
  });
}

export interface SelectGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** Branches as Select data grouped under their service's name. */
export function branchGroups(branches: readonly TBranch[] | undefined): SelectGroup[] {
  const groups = new Map<string, SelectGroup>();
  for (const branch of branches ?? []) {
    const group = groups.get(branch.serviceName) ?? { group: branch.serviceName, items: [] };
    group.items.push({ value: String(branch.id), label: branch.name });
    groups.set(branch.serviceName, group);
  }
  return [...groups.values()];
}

/** Services as Select data. */
export function serviceOptions(services: readonly TService[] | undefined) {
  return (services ?? []).map((service) => ({ value: String(service.id), label: service.name }));
}

/** The fields of the service form as multipart (the file goes in `image`). */
export interface ServiceFormValues {
  name: string;
  websiteUrl: string;
  showOnHome: boolean;
  image: File | null;
  removeImage: boolean;
}

function serviceFormData(values: ServiceFormValues): FormData {
  const data = new FormData();
  data.set('name', values.name);
  data.set('websiteUrl', values.websiteUrl);
  data.set('showOnHome', String(values.showOnHome));
  data.set('removeImage', String(values.removeImage && !values.image));
  if (values.image) data.set('image', values.image);
  return data;
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ServiceFormValues }) =>
      api<TService>(id ? `trademarks/${id}` : 'trademarks', {
        method: id ? 'PUT' : 'POST',
        body: serviceFormData(values),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`trademarks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

export interface BranchFormValues {
  name: string;
  logo: File | null;
  removeLogo: boolean;
}

function branchFormData(values: BranchFormValues): FormData {
  const data = new FormData();
  data.set('name', values.name);
  data.set('removeLogo', String(values.removeLogo && !values.logo));
  if (values.logo) data.set('logo', values.logo);
  return data;
}

function useInvalidateBranches() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
      queryClient.invalidateQueries({ queryKey: BRANCHES_KEY }),
      queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
    ]);
}

/** Adds a branch to `serviceId`, or edits branch `id`. */
export function useSaveBranch(serviceId: number) {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: BranchFormValues }) =>
      api<TBranch>(id ? `branches/${id}` : `trademarks/${serviceId}/branches`, {
        method: id ? 'PUT' : 'POST',
        body: branchFormData(values),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: (id: number) => api(`branches/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSaveDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TDepartmentInput }) =>
      api<TDepartment>(id ? `departments/${id}` : 'departments', {
        method: id ? 'PUT' : 'POST',
        body: values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`departments/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}
