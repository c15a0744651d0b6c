import type { TBranch, TDepartment, TDepartmentInput, TService, TServiceDetail } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';

export const SERVICES_KEY = ['trademarks'] as const;
export const BRANCHES_KEY = ['branches'] as const;
export const DEPARTMENTS_KEY = ['departments'] as const;

/** The organisation's endpoints: method, path and answer in one place. */
export const orgApi = {
  services: endpoint<TService[]>('GET', 'trademarks'),
  service: endpoint<TServiceDetail, number>('GET', (id) => `trademarks/${id}`),
  addService: endpoint<TService>('POST', 'trademarks'),
  editService: endpoint<TService, number>('PUT', (id) => `trademarks/${id}`),
  deleteService: endpoint<void, number>('DELETE', (id) => `trademarks/${id}`),
  branches: endpoint<TBranch[]>('GET', 'branches'),
  addBranch: endpoint<TBranch, number>('POST', (serviceId) => `trademarks/${serviceId}/branches`),
  editBranch: endpoint<TBranch, number>('PUT', (id) => `branches/${id}`),
  deleteBranch: endpoint<void, number>('DELETE', (id) => `branches/${id}`),
  departments: listEndpoint<TDepartment>('departments'),
  addDepartment: endpoint<TDepartment>('POST', 'departments'),
  editDepartment: endpoint<TDepartment, number>('PUT', (id) => `departments/${id}`),
  deleteDepartment: endpoint<void, number>('DELETE', (id) => `departments/${id}`),
};

/** Every service (trademark), sorted by id as the API returns them. Public. */
export function useServices() {
  return useQuery({
    queryKey: SERVICES_KEY,
    queryFn: () => orgApi.services.call(),
    staleTime: 5 * 60_000,
  });
}

/** One service with its branches (`/management/service/{id}`). */
export function useServiceDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...SERVICES_KEY, id],
    queryFn: () => orgApi.service.call(id ?? 0),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });
}

/** Every branch (for pickers and filters), sorted by id; or the branches of one service. */
export function useBranches(serviceId?: number | null) {
  return useQuery({
    queryKey: [...BRANCHES_KEY, serviceId ?? 'all'],
    queryFn: () => orgApi.branches.call(undefined, { query: { serviceId: serviceId ?? undefined } }),
    staleTime: 60_000,
  });
}

/** One page of departments (q, branchId, serviceId, page, size). */
export function useDepartmentList(query: Query) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'list', query],
    queryFn: () => orgApi.departments.call(undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** Every department of a branch (or of every branch), for pickers. */
export function useDepartmentOptions(branchId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'options', branchId ?? 'all'],
    queryFn: async () =>
      (
        await orgApi.departments.call(undefined, {
          branchId: branchId ?? undefined,
          size: 1000,
          sort: 'name',
        })
      ).items,
    enabled,
    staleTime: 60_000,
  });
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
      id
        ? orgApi.editService.call(id, { body: serviceFormData(values) })
        : orgApi.addService.call(undefined, { body: serviceFormData(values) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => orgApi.deleteService.call(id),
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
      id
        ? orgApi.editBranch.call(id, { body: branchFormData(values) })
        : orgApi.addBranch.call(serviceId, { body: branchFormData(values) }),
    onSuccess: invalidate,
  });
}

export function useDeleteBranch() {
  const invalidate = useInvalidateBranches();
  return useMutation({
    mutationFn: (id: number) => orgApi.deleteBranch.call(id),
    onSuccess: invalidate,
  });
}

export function useSaveDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TDepartmentInput }) =>
      id
        ? orgApi.editDepartment.call(id, { body: values })
        : orgApi.addDepartment.call(undefined, { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => orgApi.deleteDepartment.call(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
  });
}
